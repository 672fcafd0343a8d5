/**
 * Reliability family 1: generated hostile widget payloads, for every widget type and every string
 * field of its schema, through the three ways a widget reaches the canvas: `widget_display` (the
 * tool the model calls), a `canvas` update of a widget already shown, and a snapshot restore.
 *
 * A case holds when, as the page and the person would notice: no script ran (the `__pwned`
 * canary), nothing executable or foreign-loading was rendered, no request reached a host the page
 * did not allow (the foreign-host recorder, and resource timing), no prototype changed, nothing was
 * thrown but typed errors, a widget that was accepted renders something, and the canvas and the
 * transcript still hold what they held. After the cases, a question through the model still shows
 * its widget.
 */
import {expect} from '@open-wc/testing';
import fc from 'fast-check';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {runDisplayTool} from '../../src/element/webmcp/webmcp-link.js';
import {AutouiError} from '../../src/errors.js';
import type {JsonSchema} from '../../src/schema/json-schema.js';
import {BASELINE, definitions, example, snap, widget} from '../element/hostile-snapshot-corpus.js';
import {createScenario, ui, widgetsRendered, withTimeout} from '../element/harness.js';
import {canary, foreignRequests, mountHostileAgent, pageErrors, pollution, scanDom} from '../element/page-hazards.js';
import {setAt, stringLeaves} from '../widgets/shared/hostile.js';
import {hostileString, hostileStructure} from './support/hostile-values.js';
import {failureMessage, foreignConnections, generate, reportFamily} from './support/report.js';

/** A step (a display, an update, a restore) that has not ended by then hangs: a bound for a bug, far above any busy machine's pace. */
const STEP_LIMIT_MS = 60_000;

type Path = Array<string | number>;
type Json = Record<string, unknown>;
const CHANNELS = ['widget_display', 'canvas update', 'snapshot restore'] as const;
type Channel = (typeof CHANNELS)[number];

/**
 * Every string field of a widget: the string leaves of its recipe example, and each string
 * property its schema declares that the example leaves out (added to the example, in the first
 * item of an array), so an optional field is attacked too.
 */
function stringFields(type: string, schema: JsonSchema): {base: Json; paths: Path[]} {
  const base = example(type);
  const add = (node: unknown, at: JsonSchema | undefined, path: Path) => {
    if (!at || typeof at !== 'object') return;
    if (Array.isArray(node)) {
      if (node.length) add(node[0], at.items as JsonSchema | undefined, [...path, 0]);
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, property] of Object.entries((at.properties ?? {}) as Record<string, JsonSchema>)) {
      const types = [property.type].flat();
      const value = (node as Json)[key];
      if (value === undefined && types.includes('string') && !property.enum && !property.const && !property.format && !property.pattern) (node as Json)[key] = 'text';
      else add(value, property, [...path, key]);
    }
  };
  add(base, schema, []);
  return {base, paths: stringLeaves(base).map((l) => l.path)};
}

interface Case {
  name: string;
  channel: Channel;
  type: string;
  params: () => Json;
}

/** Every (type, string field) pair, each given `rounds` generated payloads over the three channels. */
function buildCases(rounds: number): Case[] {
  const fields = definitions.flatMap((d) => {
    const {base, paths} = stringFields(d.type, d.schema as JsonSchema);
    return paths.map((path) => ({type: d.type, base, path}));
  });
  const attack = fc.record({
    value: fc.oneof({weight: 9, arbitrary: hostileString.map((s) => () => s as unknown)}, {weight: 1, arbitrary: hostileStructure}),
    channel: fc.constantFrom(...CHANNELS),
  });
  const attacks = generate(attack, fields.length * rounds, 1);
  return attacks.map((a, i) => {
    const field = fields[i % fields.length];
    const sample = String((() => {
      const v = a.value();
      return typeof v === 'string' ? v.slice(0, 40) : JSON.stringify(v).slice(0, 40);
    })());
    return {
      name: `#${i} ${field.type} /${field.path.join('/')} via ${a.channel}: ${JSON.stringify(sample)}`,
      channel: a.channel,
      type: field.type,
      params: () => {
        const params = structuredClone(field.base);
        setAt(params, field.path, a.value());
        return params;
      },
    };
  });
}

const BASE_ID = 'w_base01';

describe('reliability: hostile widget payloads', function () {
  // No bound on the family as a whole: its length is the machine's pace (each step has its own hang bound); the run's testsFinishTimeout still stops a file that never ends.
  this.timeout(0);
  let agent: AutouiAgent;

  before(async () => {
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'Still there?'}, toolCalls: [{name: 'autoui_webmcp_widget_display', input: {name: 'stat', params: {label: 'After the payloads', value: 2}}}]},
      {match: {lastToolResultIncludes: '"widget"'}, text: 'Shown.'},
    ]);
    agent = await mountHostileAgent(scenario);
    await foreignConnections();
  });

  after(() => agent.remove());

  it('≥ 500 generated payloads over every widget type and string field: no script, no foreign request, nothing lost', async () => {
    const cases = buildCases(5);
    expect(cases.length).to.be.at.least(500);
    const failures: Array<{name: string; problems: string[]}> = [];
    for (const c of cases) {
      const problems = await runCase(agent, c);
      if (problems.length) failures.push({name: c.name, problems});
    }
    // The element still answers a question with a widget.
    const result = await agent.ask('Still there?');
    await widgetsRendered(agent);
    const shown = ui(agent).widgets().some((w) => (w.element?.shadowRoot?.textContent ?? '').includes('After the payloads'));
    if (result.stopReason !== 'end_turn' || !shown) failures.push({name: 'a question after the payloads', problems: [`ended ${result.stopReason}, widget shown: ${shown}`]});
    const types = new Set(cases.map((c) => c.type));
    await reportFamily('hostile widget payloads', cases.length, cases.length - failures.length, `${types.size} widget types, 3 channels`);
    expect(failures, failureMessage('hostile widget payloads', failures, cases.length)).to.deep.equal([]);
  });
});

/** Runs one case over the baseline canvas and returns its problems. */
async function runCase(agent: AutouiAgent, c: Case): Promise<string[]> {
  const problems: string[] = [];
  await agent.restore(JSON.stringify(BASELINE));
  await widgetsRendered(agent);
  const transcriptBefore = JSON.stringify(agent.session.transcript);
  pageErrors.length = 0;
  let shownId: string | undefined;
  try {
    if (c.channel === 'widget_display') {
      const out = await withTimeout(runDisplayTool(agent.session, 'widget_display', {name: c.type, params: c.params()}), STEP_LIMIT_MS, 'widget_display');
      if (!out.isError) shownId = (JSON.parse(out.text) as {id?: string}).id;
    } else if (c.channel === 'canvas update') {
      const first = await runDisplayTool(agent.session, 'widget_display', {name: c.type, params: example(c.type)});
      if (first.isError) return [`the recipe example itself was refused: ${first.text.slice(0, 120)}`];
      shownId = (JSON.parse(first.text) as {id: string}).id;
      await withTimeout(runDisplayTool(agent.session, 'canvas', {action: 'update', id: shownId, params: c.params()}), STEP_LIMIT_MS, 'canvas update');
    } else {
      const hostile = widget(c.type, c.params());
      try {
        const restored = await withTimeout(agent.restore(JSON.stringify(snap({widgets: [(BASELINE.widgets as Json[])[0], hostile], transcript: BASELINE.transcript}))), STEP_LIMIT_MS, 'restore');
        if (restored.widgets.some((w) => w.id === hostile.id)) shownId = hostile.id as string;
      } catch (error) {
        if (!AutouiError.isInstance(error)) problems.push(`restore rejected with a non-Autoui error: ${String(error).slice(0, 120)}`);
      }
    }
  } catch (error) {
    problems.push(`threw ${String((error as Error)?.stack ?? error).slice(0, 160)}`);
  }
  try {
    await widgetsRendered(agent);
  } catch (error) {
    problems.push(`rendering did not settle: ${String(error).slice(0, 120)}`);
  }
  // What was accepted renders something; the baseline is still shown; the transcript is as it was.
  const frames = ui(agent).widgets();
  if (shownId && agent.session.widgets.get(shownId)) {
    const frame = frames.find((f) => f.id === shownId);
    if (!frame?.element?.shadowRoot?.childNodes.length) problems.push('the accepted widget is a blank frame');
  }
  if (!frames.some((f) => f.id === BASE_ID) || !agent.session.widgets.get(BASE_ID)) problems.push('the baseline widget is gone');
  // A restore restores the snapshot's transcript, and may add one notice (what it dropped).
  const transcript = agent.session.transcript.map((e) => JSON.stringify(e));
  const before = (JSON.parse(transcriptBefore) as unknown[]).map((e) => JSON.stringify(e));
  const added = transcript.slice(before.length);
  if (transcript.slice(0, before.length).join('\n') !== before.join('\n')) problems.push('the transcript lost or changed lines');
  if (added.length > (c.channel === 'snapshot restore' ? 1 : 0) || added.some((e) => !e.startsWith('{"kind":"notice"'))) problems.push(`the transcript got new lines: ${added.join(' ').slice(0, 120)}`);
  problems.push(...scanDom(agent), ...pollution(), ...canary(), ...foreignRequests(), ...pageErrors);
  const reached = await foreignConnections();
  if (reached.length) problems.push(`the foreign host was reached: ${reached.join(', ').slice(0, 160)}`);
  if (shownId) agent.session.widgets.remove(shownId);
  return problems;
}
