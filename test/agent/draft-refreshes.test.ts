/**
 * When drafts refresh, on a clock the test turns by hand: a draft shows on the first frame; until
 * it has params it waits 150 times what its own preview cost; the refresh after its first params
 * does not wait (that one built the widget's element); after that each refresh waits 150 times
 * what the last one that drew cost, at most a second; a new call's first content does not wait
 * behind another draft's pause.
 */
import {expect, waitUntil} from '@open-wc/testing';
import {CallDrafts} from '../../src/agent/call-drafts.js';
import type {DraftClock} from '../../src/agent/draft-clock.js';
import {RunWidgets} from '../../src/agent/run-widgets.js';
import {ToolCatalog} from '../../src/agent/tool-catalog.js';
import {WidgetStore} from '../../src/session/widget-store.js';
import {createAutouiLayer} from '../../src/webmcp/autoui-layer.js';
import {createDefaultRegistry} from '../../src/widgets/catalog.js';

const DISPLAY = 'autoui_webmcp_widget_display';
/** Lets the parser (async, in its own chunk) read what a refresh released. */
const parsed = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A clock that only moves when told: frames, renders and waits run when the test says. */
class HandClock implements DraftClock {
  time = 0;
  frames: Array<() => void> = [];
  renders: Array<() => void> = [];
  waits: Array<{at: number; run: () => void; cancelled: boolean}> = [];
  now = () => this.time;
  frame = (run: () => void) => void this.frames.push(run);
  rendered = (run: () => void) => void this.renders.push(run);
  wait = (ms: number, run: () => void) => {
    const entry = {at: this.time + ms, run, cancelled: false};
    this.waits.push(entry);
    return () => (entry.cancelled = true);
  };

  /** The wait asked for now, in ms from now (undefined: none). */
  pendingWait(): number | undefined {
    const open = this.waits.filter((w) => !w.cancelled);
    return open.length ? open[open.length - 1].at - this.time : undefined;
  }

  /** Runs the frames asked for, lets the parser read, then ends the rendering `cost` ms later. */
  async frameCosting(cost: number): Promise<void> {
    const frames = this.frames.splice(0);
    expect(frames.length, 'a frame was asked for').to.be.greaterThan(0);
    for (const run of frames) run();
    await parsed();
    this.time += cost;
    for (const run of this.renders.splice(0)) run();
  }

  /** Lets `ms` pass, running the waits that are due. */
  advance(ms: number): void {
    this.time += ms;
    for (const w of this.waits) {
      if (!w.cancelled && w.at <= this.time) {
        w.cancelled = true;
        w.run();
      }
    }
  }
}

function setup(previewCost = {ms: 0}) {
  const store = new WidgetStore();
  const shown: Array<{key: string; rows?: number; params: boolean}> = [];
  store.subscribe((c) => c.kind === 'drafted' && shown.push({key: c.draft!.key, rows: (c.draft!.params?.rows as unknown[] | undefined)?.length, params: !!c.draft!.params}));
  const layer = createAutouiLayer({catalog: createDefaultRegistry(), imageHosts: () => []});
  const clock = new HandClock();
  // A preview takes `previewCost.ms` of the clock's time.
  const preview = layer.previewTool!;
  layer.previewTool = (name, args, finished) => {
    clock.time += previewCost.ms;
    return preview(name, args, finished);
  };
  const drafts = new CallDrafts(new ToolCatalog([layer]), new RunWidgets(store, new AbortController().signal), {clock});
  return {store, shown, clock, drafts};
}

describe('draft refreshes', () => {
  it('show at once, then wait 150 times their cost, at most a second', async () => {
    const previewCost = {ms: 0.5};
    const {shown, clock, drafts} = setup(previewCost);
    drafts.start('c1', DISPLAY);
    drafts.delta('c1', '{"name":"table","params":{"title":"Sales",');
    // The parser's chunk loads, then asks for its first frame.
    await waitUntil(() => clock.frames.length > 0, 'the parser asked for no frame', {timeout: 5000});
    await clock.frameCosting(1);
    expect(shown, 'the type shows on the first frame, before any params').to.deep.equal([{key: shown[0].key, rows: undefined, params: false}]);

    // Without params yet, it waits 150 times its own preview (0.5 ms at time 0): until 75.5.
    previewCost.ms = 0;
    drafts.delta('c1', '"rows":[["a",1],');
    expect(clock.pendingWait()).to.equal(75.5 - clock.time);
    expect(clock.frames).to.have.length(0);
    clock.advance(clock.pendingWait()!);
    await clock.frameCosting(8); // the first params: the table's element is built
    expect(shown.at(-1)).to.deep.equal({key: shown[0].key, rows: 1, params: true});

    drafts.delta('c1', '["b",2],');
    expect(clock.pendingWait(), 'building the element sets no wait').to.equal(undefined);
    await clock.frameCosting(2);
    expect(shown.at(-1)!.rows).to.equal(2);

    drafts.delta('c1', '["c",3],');
    expect(clock.pendingWait()).to.equal(300);
    clock.advance(299);
    expect(clock.frames, 'not before the wait is over').to.have.length(0);
    clock.advance(1);
    await clock.frameCosting(20);
    expect(shown.at(-1)!.rows).to.equal(3);

    drafts.delta('c1', '["d",4],');
    expect(clock.pendingWait(), '150 times 20 ms is capped at a second').to.equal(1000);
    drafts.delta('c1', '["e",5],');
    drafts.delta('c1', '["f",6],');
    clock.advance(1000);
    await clock.frameCosting(1);
    expect(shown.at(-1)!.rows, 'one refresh shows everything that came meanwhile').to.equal(6);
    expect(shown.filter((s) => s.params)).to.have.length(4);
  });

  it('a new call shows on the next frame, whatever another draft waits for', async () => {
    const {shown, clock, drafts} = setup();
    drafts.start('c1', DISPLAY);
    drafts.delta('c1', '{"name":"table","params":{"rows":[["a",1],');
    await waitUntil(() => clock.frames.length > 0, 'the parser asked for no frame', {timeout: 5000});
    await clock.frameCosting(1); // shows with params: no wait after
    drafts.delta('c1', '["b",2],');
    await clock.frameCosting(5);
    drafts.delta('c1', '["c",3],');
    expect(clock.pendingWait()).to.equal(750);
    drafts.start('c2', DISPLAY);
    drafts.delta('c2', '{"name":"chart","params":{');
    await parsed();
    expect(clock.frames.length, 'the second call asked for a frame now').to.be.greaterThan(0);
    await clock.frameCosting(1);
    expect(new Set(shown.map((s) => s.key)).size, 'both drafts on the canvas').to.equal(2);
  });

  it('a key written twice: its new value is unfinished until it is, though it is not the last key', async () => {
    const store = new WidgetStore();
    const avatars: unknown[] = [];
    store.subscribe((c) => c.kind === 'drafted' && avatars.push(c.draft!.params?.avatar ?? 'none'));
    const layer = createAutouiLayer({catalog: createDefaultRegistry(), imageHosts: () => ['images.example.org']});
    const clock = new HandClock();
    const drafts = new CallDrafts(new ToolCatalog([layer]), new RunWidgets(store, new AbortController().signal), {clock});
    drafts.start('c1', DISPLAY);
    drafts.delta('c1', '{"name":"profile","params":{"name":"Ada","avatar":"https://images.example.org/a.png","subtitle":"Engineer",');
    await waitUntil(() => clock.frames.length > 0, 'the parser asked for no frame', {timeout: 5000});
    await clock.frameCosting(0);
    expect(avatars.at(-1)).to.equal('https://images.example.org/a.png');
    // The same key again, half written: a prefix of another host, at the first key's place.
    drafts.delta('c1', '"avatar":"https://images.example.org');
    await clock.frameCosting(0);
    expect(avatars.at(-1), 'the half-written value is not shown').to.equal('none');
    drafts.delta('c1', '.evil.net/p.png"');
    await clock.frameCosting(0);
    expect(avatars.at(-1), 'once finished it is judged like any image (here: behind a click)').to.equal('https://images.example.org.evil.net/p.png');
  });
});
