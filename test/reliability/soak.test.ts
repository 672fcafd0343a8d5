/**
 * Reliability family 4: a soak. Three `<autoui-agent>` elements on one page answer 100 questions
 * each, at the same time: text answers, widgets (stat cards, charts), calls to the real Data and
 * Atlas MCP servers, and one `clear()` per 20 questions. After each round of 20 (every element
 * cleared), the page's JS event listeners, DOM nodes of every kind (elements, text, comments,
 * shadow roots), pending timers and its heap after garbage collection are measured; they must not
 * grow from one round to the next (the slope over rounds 2 to 5 is reported), and no event,
 * widget or question of one element may show up on another.
 */
import {expect} from '@open-wc/testing';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {createScenario, engineLoaded, serverElement, serverUrl, ui, type Turn} from '../element/harness.js';
import {plan, type Plan} from './support/fault-plan.js';
import {countTimers, pendingTimers} from './support/pending-timers.js';
import {listenersByTarget, pageMetrics, reportFamily} from './support/report.js';

countTimers();

const ELEMENTS = 3;
const QUESTIONS = 100;
const ROUND = 20;

/** The model's turns for question `q` of element `e`: every kind of question, in turn. */
function turnsFor(e: number, q: number): Turn[] {
  const mark = `E${e}-Q${q}`;
  const stat = {name: 'autoui_webmcp_widget_display', input: {name: 'stat', params: {label: mark, value: q}}};
  const chart = {name: 'autoui_webmcp_widget_display', input: {name: 'chart', params: {type: 'bar', title: mark, labels: ['a', 'b', 'c'], datasets: [{label: mark, data: [q, q + 1, q + 2]}]}}};
  switch (q % 4) {
    case 0:
      return [{text: `${mark} is a text answer.`}];
    case 1:
      return [{toolCalls: [stat]}, {text: `${mark} shown.`}];
    case 2:
      return [{toolCalls: [{name: 'data_mcp_list_tables', input: {}}]}, {toolCalls: [chart]}, {text: `${mark} charted.`}];
    default:
      return [{toolCalls: [{name: 'atlas_mcp_country_info', input: {country: 'France'}}, stat]}, {text: `${mark} from Atlas.`}];
  }
}

/** Counts of every kind of node of the page, open shadow roots included. */
function domCounts(): Record<string, number> {
  const counts: Record<string, number> = {elements: 0, text: 0, comments: 0, shadowRoots: 0};
  const stack: Node[] = [document.documentElement];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.nodeType === Node.ELEMENT_NODE) counts.elements++;
    else if (node.nodeType === Node.TEXT_NODE) counts.text++;
    else if (node.nodeType === Node.COMMENT_NODE) counts.comments++;
    if (node instanceof Element && node.shadowRoot) {
      counts.shadowRoots++;
      stack.push(node.shadowRoot);
    }
    for (const child of Array.from(node.childNodes)) stack.push(child);
  }
  return counts;
}

/** Least-squares slope of `values` per step. */
function slope(values: number[]): number {
  const n = values.length;
  const mx = (n - 1) / 2;
  const my = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  values.forEach((y, x) => {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  });
  return den ? num / den : 0;
}

describe('reliability: soak, three elements on one page', function () {
  // No bound on the family as a whole: its length is the machine's pace (each step has its own hang bound); the run's testsFinishTimeout still stops a file that never ends.
  this.timeout(0);
  const agents: AutouiAgent[] = [];
  const plans: Plan[] = [];
  /** What each element's page listeners heard: widget markers and questions. */
  const heard = Array.from({length: ELEMENTS}, () => ({widgets: [] as string[], runs: [] as string[]}));

  before(async () => {
    for (let e = 0; e < ELEMENTS; e++) {
      // Each element reaches the servers under names of its own: six connections per host.
      const data = await plan(new URL(serverUrl('demo-data')).origin, [], `soak-data-${e}`);
      const atlas = await plan(new URL(serverUrl('demo-atlas')).origin, [], `soak-atlas-${e}`);
      plans.push(data, atlas);
      const agent = document.createElement('autoui-agent');
      for (const [name, value] of Object.entries({lang: 'en', approve: 'never', id: `soak-${e}`})) agent.setAttribute(name, value);
      agent.append(serverElement({name: 'data', url: `${data.base}/mcp`}), serverElement({name: 'atlas', url: `${atlas.base}/mcp`}));
      agent.addEventListener('autoui-widget-created', (event) => heard[e].widgets.push(JSON.stringify((event as CustomEvent).detail.params)));
      agent.addEventListener('autoui-run-start', (event) => heard[e].runs.push(String((event as CustomEvent).detail.question)));
      document.body.append(agent);
      agents.push(agent);
    }
    await Promise.all(agents.map(async (a) => (await a.updateComplete, engineLoaded(a))));
  });

  after(async () => {
    for (const a of agents) a.remove();
    await Promise.all(plans.map((p) => p.close()));
  });

  it(`${QUESTIONS} questions on each of ${ELEMENTS} elements: listeners, nodes, timers and heap stay flat, nothing crosses elements`, async () => {
    const problems: string[] = [];
    const rounds: Array<{listeners: number; heapUsed: number; nodes: number; timers: number} & Record<string, number>> = [];
    let asked = 0;
    let held = 0;
    for (let start = 0; start < QUESTIONS; start += ROUND) {
      await Promise.all(
        agents.map(async (agent, e) => {
          for (let q = start; q < start + ROUND; q++) {
            const scenario = await createScenario(turnsFor(e, q), `soak ${e}/${q}`);
            agent.endpoint = scenario.base;
            const result = await agent.ask(`E${e} question ${q}`);
            asked++;
            const mark = `E${e}-Q${q}`;
            const ok = result.stopReason === 'end_turn' && result.text.includes(mark) && result.toolCalls.every((t) => !t.error);
            if (ok) held++;
            else problems.push(`${mark}: ended ${result.stopReason}, ${result.error?.message ?? result.toolCalls.find((t) => t.error)?.error ?? result.text}`.slice(0, 200));
          }
          // Before clearing: the canvas shows this element's widgets only.
          for (const w of ui(agent).widgets()) {
            const text = JSON.stringify(agent.session.widgets.get(w.id)?.params);
            if (!text.includes(`E${e}-`) || /E\d-/.test(text.replaceAll(`E${e}-`, ''))) problems.push(`element ${e} shows ${text.slice(0, 60)}`);
          }
          agent.clear();
          await agent.updateComplete;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const metrics = await pageMetrics();
      const timers = pendingTimers();
      rounds.push({...metrics, ...domCounts(), timers: timers.timeouts + timers.intervals + timers.frames + timers.idle, intervals: timers.intervals});
    }
    // Nothing crossed: each element heard its own widgets and questions only.
    heard.forEach((h, e) => {
      for (const w of h.widgets) if (!w.includes(`E${e}-`)) problems.push(`element ${e} announced a widget of another: ${w.slice(0, 60)}`);
      for (const r of h.runs) if (!r.startsWith(`E${e} `)) problems.push(`element ${e} ran another's question: ${r}`);
    });
    // Flat from round 2 on (round 1 loads the widget chunks, chart.js, the MCP client).
    const after = rounds.slice(1);
    const perRound = (key: string) => slope(after.map((r) => r[key]));
    const per = (key: string) => perRound(key) / (ROUND * ELEMENTS);
    const line = `per question: listeners ${per('listeners').toFixed(3)}, elements ${per('elements').toFixed(3)}, text ${per('text').toFixed(3)}, comments ${per('comments').toFixed(3)}, timers ${per('timers').toFixed(3)}, heap ${(per('heapUsed') / 1024).toFixed(2)} kB`;
    for (const key of ['listeners', 'elements', 'text', 'comments', 'shadowRoots', 'documents', 'intervals']) {
      const values = after.map((r) => r[key]);
      if (Math.max(...values) > values[0]) problems.push(`${key} grew from ${values[0]} to ${Math.max(...values)} over rounds 2 to ${rounds.length}: ${values.join(', ')}`);
      if (key === 'listeners' && Math.max(...values) > values[0]) problems.push(`listeners now: ${JSON.stringify(await listenersByTarget())}`);
    }
    if (Math.max(...after.map((r) => r.timers)) > 20) problems.push(`timers pending after a round: ${after.map((r) => r.timers).join(', ')}`);
    // The heap: a leak of a widget or a transcript per question would be tens of kB each.
    if (per('heapUsed') > 4 * 1024) problems.push(`the heap grows ${(per('heapUsed') / 1024).toFixed(1)} kB per question: ${after.map((r) => Math.round(r.heapUsed / 1024)).join(', ')} kB`);
    await reportFamily('soak, 3 elements × 100 questions', asked, held, line);
    expect(problems, `${line}\n${problems.slice(0, 10).join('\n')}`).to.deep.equal([]);
  });
});
