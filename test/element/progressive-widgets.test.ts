/**
 * Widgets appear while the model writes them: the fake LLM streams a `widget_display` call in
 * small argument fragments, and the canvas shows a busy draft that fills with rows and points
 * before the stream ends; the finished call becomes the widget in the same element, or the draft
 * goes away when the call is vetoed, invalid or cut. Both wire formats.
 */
import {expect, waitUntil} from '@open-wc/testing';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {EventLog, createScenario, messageTexts, mountAgent, settle, ui, type Turn} from './harness.js';

const DISPLAY = 'autoui_webmcp_widget_display';

const tableCall = (rows: number) => ({
  name: DISPLAY,
  input: {
    name: 'table',
    params: {
      title: 'Sales by day',
      columns: [{key: 'day'}, {key: 'city'}, {key: 'sales', type: 'number'}],
      rows: Array.from({length: rows}, (_, i) => [`2026-01-${String((i % 28) + 1).padStart(2, '0')}`, ['Paris', 'Lyon', 'Nice'][i % 3], 1000 + i]),
    },
  },
});

const chartCall = (points: number, extra: Record<string, unknown> = {}) => ({
  name: DISPLAY,
  input: {name: 'chart', params: {type: 'line', title: 'Load', datasets: [{label: 'cpu', data: Array.from({length: points}, (_, i) => (i * 7) % 100)}], ...extra}},
});

/** A question whose display call streams slowly (`fragments` of a few characters, a few ms apart). */
function streaming(calls: Turn['toolCalls'], more: Partial<Turn> = {}): Turn[] {
  return [
    {match: {lastUserIncludes: 'show'}, toolCalls: calls, chunkDelayMs: 4, fragmentSize: 6, ...more},
    {match: {lastToolResultIncludes: ''}, text: 'Done.'},
  ];
}

/** Asks, waits for a draft with a rendered element while the run still streams, and returns both. */
async function draftWhileStreaming(agent: AutouiAgent, question: string, ready: (element: HTMLElement & {params?: any}) => boolean) {
  const answer = agent.ask(question);
  let seen: (HTMLElement & {params?: any}) | undefined;
  await waitUntil(
    () => {
      const element = ui(agent).drafts()[0]?.element as (HTMLElement & {params?: any}) | null;
      if (element && ready(element)) seen = element;
      return seen !== undefined;
    },
    'no draft with content appeared while the call streamed',
    {timeout: 20_000, interval: 5},
  );
  const streamingStill = agent.session.running;
  const frame = ui(agent).drafts()[0].frame;
  return {answer, element: seen!, frame, streamingStill};
}

for (const provider of ['anthropic', 'openai'] as const) {
  describe(`progressive widgets (${provider} wire)`, () => {
    it('a 300-row table shows its first rows before the stream ends, then becomes the widget in the same element', async function () {
      this.timeout(60_000);
      const scenario = await createScenario(streaming([tableCall(300)]));
      const agent = await mountAgent(scenario, {attributes: {provider, lang: 'en'}});
      const log = new EventLog(agent);

      const {answer, element, frame, streamingStill} = await draftWhileStreaming(agent, 'show the sales', (el) => (el.params?.rows?.length ?? 0) > 0);
      expect(streamingStill, 'the draft came while the run was still going').to.equal(true);
      expect(frame.getAttribute('aria-busy')).to.equal('true');
      expect(element.localName).to.equal('autoui-table');
      expect((element as HTMLElement & {draft?: boolean}).draft).to.equal(true);
      expect(element.params.rows.length, 'only part of the rows had arrived').to.be.below(300);
      expect(log.of('autoui-widget-created'), 'a draft fires no autoui-widget-created').to.have.length(0);
      expect(ui(agent).widgets(), 'a draft is not a widget').to.have.length(0);
      expect(agent.widgets, 'drafts are not in widgets').to.deep.equal([]);

      const result = await answer;
      await settle(agent);
      expect(result.toolCalls.map((c) => c.error ?? 'ok')).to.deep.equal(['ok']);
      const widgets = ui(agent).widgets();
      expect(widgets).to.have.length(1);
      expect(widgets[0].element, 'the widget is the draft element, not a new one').to.equal(element);
      expect(widgets[0].frame, 'in the same frame').to.equal(frame);
      expect(frame.hasAttribute('aria-busy')).to.equal(false);
      expect((element as HTMLElement & {draft?: boolean}).draft).to.equal(false);
      expect(element.params.rows).to.have.length(300);
      expect(ui(agent).drafts()).to.have.length(0);
      const creates = log.of('autoui-widget-create');
      expect(creates, 'autoui-widget-create fires once').to.have.length(1);
      expect((creates[0].params as {rows: unknown[]}).rows).to.have.length(300);
      const created = log.of('autoui-widget-created');
      expect(created).to.have.length(1);
      expect(created[0].element).to.equal(element);
    });

    it('a line chart grows point by point in one chart.js chart, kept by the finished widget', async function () {
      this.timeout(60_000);
      const scenario = await createScenario(streaming([chartCall(400)]));
      const agent = await mountAgent(scenario, {attributes: {provider, lang: 'en'}});
      type ChartElement = HTMLElement & {params?: any; chart?: {data: {datasets: Array<{data: unknown[]}>}}};
      const {answer, element} = await draftWhileStreaming(agent, 'show the load', (el) => ((el as ChartElement).chart?.data.datasets[0]?.data.length ?? 0) > 0);
      const chart = (element as ChartElement).chart!;
      const early = chart.data.datasets[0].data.length;
      expect(early).to.be.below(400);
      expect(element.shadowRoot!.querySelector('[part="data-table"] caption'), 'the screen-reader table waits for the finished chart').to.equal(null);
      await answer;
      await settle(agent);
      const [widget] = ui(agent).widgets();
      expect(widget.element).to.equal(element);
      expect((element as ChartElement).chart, 'the same chart.js chart, updated in place').to.equal(chart);
      expect(chart.data.datasets[0].data).to.have.length(400);
      await waitUntil(() => element.shadowRoot!.querySelector('[part="data-table"] caption'), 'the finished chart has its screen-reader table', {timeout: 3000});
    });

    it('two calls in one turn each get their draft, and each becomes its widget', async function () {
      this.timeout(60_000);
      const scenario = await createScenario(streaming([tableCall(80), chartCall(150)]));
      const agent = await mountAgent(scenario, {attributes: {provider, lang: 'en'}});
      const answer = agent.ask('show both');
      const elements = new Map<string, HTMLElement>();
      await waitUntil(
        () => {
          for (const draft of ui(agent).drafts()) if (draft.element) elements.set(draft.element.localName, draft.element);
          return elements.size === 2;
        },
        'both calls should have had a draft',
        {timeout: 30_000, interval: 5},
      );
      await answer;
      await settle(agent);
      const widgets = ui(agent).widgets();
      expect(widgets.map((w) => w.element?.localName)).to.deep.equal(['autoui-table', 'autoui-chart']);
      expect(widgets[0].element).to.equal(elements.get('autoui-table'));
      expect(widgets[1].element).to.equal(elements.get('autoui-chart'));
    });
  });
}

for (const provider of ['anthropic', 'openai'] as const) {
describe(`progressive widgets: drafts that do not become widgets (${provider} wire)`, () => {
  it('a call the page vetoes loses its draft, and the model hears of the veto', async function () {
    this.timeout(60_000);
    const scenario = await createScenario(streaming([tableCall(120)]));
    const agent = await mountAgent(scenario, {attributes: {provider, lang: 'en'}});
    const log = new EventLog(agent);
    agent.addEventListener('autoui-widget-create', (event) => event.preventDefault());
    const {answer} = await draftWhileStreaming(agent, 'show the sales', (el) => (el.params?.rows?.length ?? 0) > 0);
    const result = await answer;
    await settle(agent);
    expect(ui(agent).drafts(), 'the draft went away').to.have.length(0);
    expect(ui(agent).widgets()).to.have.length(0);
    expect(log.of('autoui-widget-create')).to.have.length(1);
    expect(log.of('autoui-widget-created')).to.have.length(0);
    expect(result.toolCalls[0].error).to.include('vetoed');
    const [, second] = await scenario.requests();
    expect(messageTexts(second).join('\n')).to.include('vetoed by the page');
  });

  it('a call that ends invalid loses its draft; the model gets the validation errors', async function () {
    this.timeout(60_000);
    // The chart is fine until its last param: a height below the minimum.
    const scenario = await createScenario(streaming([chartCall(200, {height: 5})]));
    const agent = await mountAgent(scenario, {attributes: {provider, lang: 'en'}});
    const {answer} = await draftWhileStreaming(agent, 'show the load', (el) => (el.params?.datasets?.[0]?.data?.length ?? 0) > 0);
    const result = await answer;
    await settle(agent);
    expect(ui(agent).drafts()).to.have.length(0);
    expect(ui(agent).widgets()).to.have.length(0);
    expect(result.toolCalls[0].error).to.include('Validation failed');
  });

  it('a stream cut in the middle of a call removes its draft, and the question goes back to the composer', async function () {
    this.timeout(60_000);
    const frames = 120; // well into the table's rows (6 characters a fragment)
    const scenario = await createScenario(streaming([tableCall(300)], {fault: {cutAfterFrames: frames}}));
    const agent = await mountAgent(scenario, {attributes: {provider, lang: 'en'}});
    const log = new EventLog(agent);
    // Heard from the store, not looked for on screen: the cut may come before a poll would see it.
    let rowsDrafted = 0;
    agent.session.widgets.subscribe((c) => {
      if (c.kind === 'drafted') rowsDrafted = Math.max(rowsDrafted, (c.draft!.params?.rows as unknown[] | undefined)?.length ?? 0);
    });
    const result = await agent.ask('show the sales');
    await settle(agent);
    expect(rowsDrafted, 'a draft showed rows before the cut').to.be.greaterThan(0);
    expect(result.stopReason).to.equal('error');
    expect(result.error?.code).to.equal('PROVIDER_STREAM');
    expect(ui(agent).drafts(), 'the draft went away').to.have.length(0);
    expect(agent.session.widgets.drafts()).to.deep.equal([]);
    expect(ui(agent).widgets()).to.have.length(0);
    expect(log.of('autoui-widget-create')).to.have.length(0);
    expect(ui(agent).textarea()!.value).to.equal('show the sales');
  });

  it('a call cut by max_tokens loses its draft, and the model is told its arguments were cut', async function () {
    this.timeout(60_000);
    const whole = JSON.stringify(tableCall(200).input);
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'show'}, toolCalls: [{name: DISPLAY, rawInput: whole.slice(0, Math.floor(whole.length * 0.6))} as never], finish: 'length', chunkDelayMs: 4, fragmentSize: 6},
      {match: {lastToolResultIncludes: ''}, text: 'The table was too long; here is a summary instead.'},
    ]);
    const agent = await mountAgent(scenario, {attributes: {provider, lang: 'en'}});
    const {answer} = await draftWhileStreaming(agent, 'show the sales', (el) => (el.params?.rows?.length ?? 0) > 0);
    const result = await answer;
    await settle(agent);
    expect(ui(agent).drafts()).to.have.length(0);
    expect(ui(agent).widgets()).to.have.length(0);
    expect(result.toolCalls[0].errorCode).to.equal('TOOL_INPUT_INVALID');
    expect(result.text).to.include('summary');
  });

  it('with no-drafts, the widget appears only once its call is complete', async function () {
    this.timeout(60_000);
    const scenario = await createScenario(streaming([tableCall(150)]));
    const agent = await mountAgent(scenario, {attributes: {provider, lang: 'en', 'no-drafts': true}});
    let draftsSeen = 0;
    const watch = setInterval(() => (draftsSeen += ui(agent).drafts().length), 5);
    const result = await agent.ask('show the sales');
    clearInterval(watch);
    await settle(agent);
    expect(result.widgets).to.have.length(1);
    expect(draftsSeen).to.equal(0);
    expect(ui(agent).widgets()).to.have.length(1);
  });

  it('Stop while a call streams removes its draft', async function () {
    this.timeout(60_000);
    const scenario = await createScenario(streaming([tableCall(300)]));
    const agent = await mountAgent(scenario, {attributes: {provider, lang: 'en'}});
    const {answer} = await draftWhileStreaming(agent, 'show the sales', (el) => (el.params?.rows?.length ?? 0) > 0);
    agent.abort();
    const result = await answer;
    await settle(agent);
    expect(result.stopReason).to.equal('aborted');
    expect(ui(agent).drafts()).to.have.length(0);
    expect(ui(agent).widgets()).to.have.length(0);
  });
});
}
