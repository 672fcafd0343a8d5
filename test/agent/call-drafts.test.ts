/**
 * The loop drafts display calls while they stream: a model that sends `tool-input-start` and
 * `tool-input-delta` parts (as both wire providers do) gets a draft on the run's canvas, refreshed
 * at most once a frame, that the finished call's widget takes over; a call that never finishes,
 * or that the run cannot show, leaves nothing behind.
 */
import {expect} from '@open-wc/testing';
import {runAgentLoop} from '../../src/agent/agent-loop.js';
import type {WidgetDraftSink} from '../../src/agent/widget-sink.js';
import {AutouiError, ErrorCodes} from '../../src/errors.js';
import type {LanguageModel, ModelStreamPart} from '../../src/providers/language-model.js';
import {WidgetStore, type WidgetChange} from '../../src/session/widget-store.js';
import {createAutouiLayer} from '../../src/webmcp/autoui-layer.js';
import {createDefaultRegistry} from '../../src/widgets/catalog.js';
import {dataLayer} from '../helpers/layers.js';
import {AgentSession} from '../../src/session/agent-session.js';
import {createWebMcpServer} from '../../src/webmcp/webmcp-server.js';
import {previewWidget} from '../../src/webmcp/widget-preview.js';

const DISPLAY = 'autoui_webmcp_widget_display';
const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const tableArgs = (rows: number) => ({name: 'table', params: {title: 'T', rows: Array.from({length: rows}, (_, i) => [`r${i}`, i])}});

/**
 * A model whose first turn writes `name`'s call in `size`-character fragments, a frame apart
 * (`pause: false` sends them all at once), then ends as `end` says; its second turn answers.
 */
function writingModel(
  name: string,
  args: unknown,
  {size = 8, pause = true, end = 'complete', linger = 0}: {size?: number; pause?: boolean; end?: 'complete' | 'cut'; linger?: number} = {},
): LanguageModel {
  let turns = 0;
  return {
    provider: 'test',
    modelId: 'writer',
    async *stream(): AsyncIterable<ModelStreamPart> {
      if (turns++ > 0) {
        yield {type: 'text-delta', delta: 'Done.'};
        yield {type: 'finish', reason: 'stop'};
        return;
      }
      // A string is sent as it is: JSON a model may write, such as a key written twice.
      const json = typeof args === 'string' ? args : JSON.stringify(args);
      yield {type: 'tool-input-start', id: 'call_1', name};
      for (let i = 0; i < json.length; i += size) {
        yield {type: 'tool-input-delta', id: 'call_1', delta: json.slice(i, i + size)};
        if (pause) await frame();
        if (end === 'cut' && i > json.length / 2) {
          yield {type: 'error', error: new AutouiError(ErrorCodes.PROVIDER_STREAM, 'The stream was cut.')};
          return;
        }
      }
      for (let i = 0; i < linger; i++) await frame();
      yield {type: 'tool-call', id: 'call_1', name, input: JSON.parse(json)};
      yield {type: 'finish', reason: 'tool-calls'};
    },
  };
}

/** A canvas of a page's own over `store`: its methods, with `overrides` in their place. */
function canvasOver(store: WidgetStore, overrides: Partial<WidgetDraftSink> = {}): WidgetDraftSink {
  return {
    create: (w, o) => store.create(w, o),
    get: (id) => store.get(id),
    list: () => store.list(),
    update: (id, p) => store.update(id, p),
    move: (id, x, y) => store.move(id, x, y),
    resize: (id, w, h) => store.resize(id, w, h),
    style: (id, st) => store.style(id, st),
    remove: (id) => store.remove(id),
    clear: () => store.clear(),
    draft: (d) => store.draft(d),
    dropDraft: (key) => store.dropDraft(key),
    ...overrides,
  };
}

function setup() {
  const store = new WidgetStore();
  const changes: WidgetChange[] = [];
  store.subscribe((c) => changes.push(c));
  const layer = createAutouiLayer({catalog: createDefaultRegistry(), imageHosts: () => []});
  return {store, changes, layer};
}

describe('drafts of streaming display calls', () => {
  it('shows a growing draft, then the widget takes its key', async () => {
    const {store, changes, layer} = setup();
    const result = await runAgentLoop('q', {provider: writingModel(DISPLAY, tableArgs(40)), layers: [layer], widgets: store});
    expect(result.toolCalls.map((c) => c.error ?? 'ok')).to.deep.equal(['ok']);
    const drafted = changes.filter((c) => c.kind === 'drafted');
    expect(drafted.length, 'the draft was refreshed as rows arrived').to.be.greaterThan(2);
    const counts = drafted.map((c) => (c.draft!.params?.rows as unknown[] | undefined)?.length ?? 0);
    expect(counts.every((n, i) => i === 0 || n >= counts[i - 1]), `rows only grow: ${counts}`).to.equal(true);
    expect(counts[0], 'the first refresh came with part of the rows').to.be.below(40);
    expect(Math.max(...counts)).to.be.at.least(1);
    const keys = new Set(drafted.map((c) => c.draft!.key));
    expect(keys.size, 'one draft, one key').to.equal(1);
    const added = changes.find((c) => c.kind === 'added')!;
    expect(added.fromDraft).to.equal([...keys][0]);
    expect((added.instance!.params.rows as unknown[]).length).to.equal(40);
    expect(store.drafts()).to.deep.equal([]);
    expect(changes.some((c) => c.kind === 'draft-removed'), 'a draft that became a widget is not removed').to.equal(false);
  });

  it('refreshes at most once a frame, however many fragments arrive', async () => {
    const {changes, layer, store} = setup();
    // 2,000-odd fragments in one go, then a few frames before the call ends: one refresh shows them all.
    await runAgentLoop('q', {provider: writingModel(DISPLAY, tableArgs(300), {size: 2, pause: false, linger: 4}), layers: [layer], widgets: store});
    const drafted = changes.filter((c) => c.kind === 'drafted');
    expect(drafted.length).to.be.within(1, 2);
    expect((drafted.at(-1)!.draft!.params!.rows as unknown[]).length).to.equal(300);
    expect(store.list()).to.have.length(1);
  });

  it('removes the draft of a call the stream never finished', async () => {
    const {changes, layer, store} = setup();
    const result = await runAgentLoop('q', {provider: writingModel(DISPLAY, tableArgs(40), {end: 'cut'}), layers: [layer], widgets: store});
    expect(result.stopReason).to.equal('error');
    expect(changes.some((c) => c.kind === 'drafted')).to.equal(true);
    expect(changes.filter((c) => c.kind === 'draft-removed')).to.have.length(1);
    expect(store.drafts()).to.deep.equal([]);
    expect(store.list()).to.deep.equal([]);
  });

  it('removes the draft of a call that shows nothing (invalid params)', async () => {
    const {changes, layer, store} = setup();
    const args = {name: 'chart', params: {type: 'line', datasets: [{data: Array.from({length: 60}, (_, i) => i)}], height: 3}};
    const result = await runAgentLoop('q', {provider: writingModel(DISPLAY, args), layers: [layer], widgets: store});
    expect(result.toolCalls[0].error).to.include('Validation failed');
    expect(changes.some((c) => c.kind === 'drafted')).to.equal(true);
    expect(store.drafts()).to.deep.equal([]);
    expect(store.list()).to.deep.equal([]);
  });

  it('drafts nothing with drafts: false, for tools that do not display, or on a canvas without drafts', async () => {
    const off = setup();
    await runAgentLoop('q', {provider: writingModel(DISPLAY, tableArgs(20)), layers: [off.layer], widgets: off.store, drafts: false});
    expect(off.changes.map((c) => c.kind)).to.deep.equal(['added']);

    const data = setup();
    const layers = [dataLayer('Data', [{name: 'query_sql', description: 'Run SQL', handler: () => '[]'}]), data.layer];
    await runAgentLoop('q', {provider: writingModel('data_mcp_query_sql', {sql: 'select * from a_rather_long_table_name'}), layers, widgets: data.store});
    expect(data.changes).to.deep.equal([]);

    // A canvas of its own (no draft methods): the widget still shows, once.
    const plain = setup();
    const {draft: _d, dropDraft: _r, ...sink}: WidgetDraftSink = canvasOver(plain.store);
    await runAgentLoop('q', {provider: writingModel(DISPLAY, tableArgs(20)), layers: [plain.layer], widgets: sink});
    expect(plain.changes.map((c) => c.kind)).to.deep.equal(['added']);
  });

  it('a draft is gone once the run is stopped', async () => {
    const {changes, layer, store} = setup();
    const controller = new AbortController();
    const stopper = store.subscribe((c) => c.kind === 'drafted' && controller.abort());
    const result = await runAgentLoop('q', {provider: writingModel(DISPLAY, tableArgs(80)), layers: [layer], widgets: store, signal: controller.signal});
    stopper();
    expect(result.stopReason).to.equal('aborted');
    expect(changes.filter((c) => c.kind === 'drafted')).to.have.length(1);
    expect(store.drafts()).to.deep.equal([]);
    expect(store.list()).to.deep.equal([]);
  });

  it('a display tool that awaits after showing its widget: its draft does not come back', async () => {
    const store = new WidgetStore();
    const changes: WidgetChange[] = [];
    store.subscribe((c) => changes.push(c));
    const rules = {catalog: createDefaultRegistry(), imageHosts: () => []};
    const {layer} = createWebMcpServer('shop', {
      description: 'A page tool that shows a table, then logs it somewhere slow.',
      tools: [
        {
          name: 'show_orders',
          description: 'Shows orders',
          displays: true,
          async execute(args, context) {
            const shown = context.widgets!.create({type: 'table', params: args.params as Record<string, unknown>});
            await new Promise((resolve) => setTimeout(resolve, 80));
            return {text: JSON.stringify({id: shown?.id})};
          },
          preview: (args, finished) => previewWidget(rules, args, finished),
        },
      ],
    });
    const result = await runAgentLoop('q', {provider: writingModel('shop_webmcp_show_orders', tableArgs(30)), layers: [layer], widgets: store});
    expect(result.toolCalls.map((c) => c.error ?? 'ok')).to.deep.equal(['ok']);
    const added = changes.findIndex((c) => c.kind === 'added');
    expect(added).to.be.greaterThan(0);
    expect(changes.slice(added + 1).map((c) => c.kind), 'nothing of the draft after its widget').to.deep.equal([]);
    expect(store.drafts()).to.deep.equal([]);

    // A canvas of the page's own, which would show a late draft again: the loop sends none.
    const drafted: string[] = [];
    let finished = false;
    const own = new WidgetStore();
    const sink = canvasOver(own, {
      create: (w, o) => {
        finished = true;
        return own.create(w, o);
      },
      draft: () => void drafted.push(finished ? 'after its widget' : 'before'),
      dropDraft: () => {},
    });
    // All fragments at once: the refresh they ask for comes while the tool awaits, after its widget.
    await runAgentLoop('q', {provider: writingModel('shop_webmcp_show_orders', tableArgs(30), {pause: false}), layers: [layer], widgets: sink});
    expect(own.list()).to.have.length(1);
    expect(drafted.filter((d) => d !== 'before')).to.deep.equal([]);
  });

  it('clear() of a session during a draft leaves nothing of it', async () => {
    const layer = createAutouiLayer({catalog: createDefaultRegistry(), imageHosts: () => []});
    const session = new AgentSession({model: writingModel(DISPLAY, tableArgs(200)), layers: [layer]});
    const cleared = new Promise<void>((resolve) =>
      session.widgets.subscribe((c) => {
        if (c.kind === 'drafted' && (c.draft!.params?.rows as unknown[] | undefined)?.length) {
          session.clear();
          resolve();
        }
      }),
    );
    const result = await session.ask('show');
    await cleared;
    await frame();
    await frame();
    expect(result.stopReason).to.equal('aborted');
    expect(session.widgets.drafts()).to.deep.equal([]);
    expect(session.widgets.list()).to.deep.equal([]);
  });
});
