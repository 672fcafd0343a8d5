/**
 * What a person and a page see of snapshots on the real element: `persist="local"` brings a
 * session back in a new element (and `clear()` erases it; two elements keep two copies; a storage
 * that fails is a notice and nothing is lost), share links open the same canvas elsewhere, the
 * `snapshot` and `snapshot-src` attributes start a page from one, and `readonly` is an embed.
 * Real IndexedDB, the real fake-LLM server and the real widgets.
 */
import {expect, waitUntil} from '@open-wc/testing';
import {createStore, del, get} from 'idb-keyval';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {AutouiError, ErrorCodes} from '../../src/errors.js';
import {STORAGE_DATABASE, STORAGE_STORE} from '../../src/session/snapshot/session-storage.js';
import {EventLog, createScenario, engineLoaded, mountAgent, serverUrl, settle, ui} from './harness.js';

const STAT = {name: 'autoui_webmcp_widget_display', input: {name: 'stat-card', params: {label: 'Airports', value: 3376}}};
const store = createStore(STORAGE_DATABASE, STORAGE_STORE);
const keyOf = (id: string) => `${location.origin}${location.pathname}#${id}`;
const uniqueId = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}`;

/** A scenario whose model shows a stat card, then answers. */
const statScenario = () => createScenario([{toolCalls: [STAT]}, {match: {lastToolResultIncludes: '"widget"'}, text: 'There are 3,376 airports.'}]);

/** Waits until the stored copy of `id` exists and holds `count` widgets. */
async function storedWidgets(id: string, count: number): Promise<unknown[]> {
  let widgets: unknown[] = [];
  await waitUntil(
    async () => {
      const stored = await get<string>(keyOf(id), store);
      widgets = stored ? (JSON.parse(stored).snapshot.widgets as unknown[]) : [];
      return widgets.length === count;
    },
    `the stored copy of ${id} never held ${count} widgets`,
    {timeout: 5000},
  );
  return widgets;
}

/** A snapshot of one stat card labelled `label`. */
const statSnapshot = (label: string) => ({format: 'autoui-snapshot', version: 1, createdAt: new Date().toISOString(), widgets: [{id: 'w_stat01', type: 'stat-card', params: {label, value: 1}}], transcript: [], servers: []});
/** The labels of the stat cards an agent shows. */
const labels = (agent: AutouiAgent) => agent.widgets.map((w) => (w.params as {label: string}).label);

/** Gives the persisted element `id` a stored copy showing `label` (that element then leaves the page). */
async function storedCopy(id: string, label: string) {
  const agent = await mountAgent(undefined, {attributes: {lang: 'en', persist: 'local', id}});
  await agent.restore(statSnapshot(label));
  await storedWidgets(id, 1);
  agent.remove();
}

/** Resolves once `agent` restored something (its `autoui-restored` event). */
const restoredOnce = (agent: AutouiAgent) => new Promise<CustomEvent>((resolve) => agent.addEventListener('autoui-restored', (e) => resolve(e as CustomEvent), {once: true}));

/** Mounts an agent and waits until it shows `count` widgets. */
async function widgetsShown(agent: AutouiAgent, count: number) {
  await waitUntil(() => ui(agent).widgets().filter((w) => w.element).length === count, `${count} widgets never rendered`, {timeout: 8000});
  await settle(agent);
}

describe('<autoui-agent persist="local">', () => {
  it('brings back the canvas, the transcript and the conversation in a new element on the same page', async () => {
    const id = uniqueId('persisted');
    const scenario = await statScenario();
    const first = await mountAgent(scenario, {attributes: {lang: 'en', persist: 'local', id}});
    await first.ask('How many airports?');
    await storedWidgets(id, 1);
    first.remove();

    const next = await createScenario([{text: 'Still 3,376.'}]);
    const again = await mountAgent(next, {attributes: {lang: 'en', persist: 'local', id}});
    await widgetsShown(again, 1);
    expect(again.widgets.map((w) => [w.type, w.params])).to.deep.equal([['stat-card', {label: 'Airports', value: 3376}]]);
    expect(ui(again).questions()).to.deep.equal(['You: How many airports?']);
    expect(ui(again).answers()).to.deep.equal(['There are 3,376 airports.']);
    expect(ui(again).notices().at(-1)).to.equal('Restored from your last visit (1 widget).');
    // The conversation came back: the next question is sent after the first one and its answer.
    await again.ask('And now?');
    const [request] = await next.requests();
    const sent = JSON.stringify(request.body.messages);
    expect(sent).to.contain('How many airports?').and.to.contain('There are 3,376 airports.');
    again.clear();
    await del(keyOf(id), store);
  });

  it('clear() erases the stored copy: the next visit starts empty', async () => {
    const id = uniqueId('cleared');
    const agent = await mountAgent(await statScenario(), {attributes: {lang: 'en', persist: 'local', id}});
    await agent.ask('How many airports?');
    await storedWidgets(id, 1);
    agent.clear();
    await waitUntil(async () => (await get(keyOf(id), store)) === undefined, 'the stored copy was not erased', {timeout: 5000});
    agent.remove();
    const again = await mountAgent(undefined, {attributes: {lang: 'en', persist: 'local', id}});
    await engineLoaded(again);
    await new Promise((r) => setTimeout(r, 300));
    expect(again.widgets).to.deep.equal([]);
    expect(ui(again).notices()).to.deep.equal([]);
  });

  it('keeps two elements of one page in two stored copies', async () => {
    const [a, b] = [uniqueId('left'), uniqueId('right')];
    const left = await mountAgent(await statScenario(), {attributes: {lang: 'en', persist: 'local', id: a}});
    const right = await mountAgent(await createScenario([{text: 'Nothing to show.'}]), {attributes: {lang: 'en', persist: 'local', id: b}});
    await left.ask('How many airports?');
    await right.ask('Hello?');
    await storedWidgets(a, 1);
    await waitUntil(async () => JSON.parse((await get<string>(keyOf(b), store)) ?? '{"snapshot":{"transcript":[]}}').snapshot.transcript.length > 0, 'right never stored');
    const rightCopy = JSON.parse((await get<string>(keyOf(b), store))!);
    expect(rightCopy.snapshot.widgets).to.deep.equal([]);
    expect(JSON.stringify(rightCopy)).not.to.contain('How many airports?');
    left.clear();
    right.clear();
  });
});

describe('share links, snapshot attributes and readonly embeds', () => {
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  it('shareUrl() opens the same canvas in an element with share, with no transcript and no request', async () => {
    const agent = await mountAgent(await statScenario(), {attributes: {lang: 'en'}});
    await agent.ask('How many airports?');
    agent.session.widgets.move(agent.widgets[0].id, 30, 60);
    const url = await agent.shareUrl();
    expect(url.startsWith(`${location.origin}${location.pathname}`)).to.equal(true);
    const fragment = new URL(url).hash;
    expect(fragment).to.match(/^#autoui=[A-Za-z0-9_-]+$/);
    expect(fragment.length).to.be.below(400);

    history.replaceState(null, '', url);
    const requests: string[] = [];
    const observer = new PerformanceObserver((list) => requests.push(...list.getEntries().map((e) => e.name)));
    observer.observe({type: 'resource'});
    const shared = await mountAgent(undefined, {attributes: {lang: 'en', share: true}});
    await widgetsShown(shared, 1);
    observer.disconnect();
    expect(shared.session.widgets.list().map((w) => [w.type, w.params, w.position])).to.deep.equal([['stat-card', {label: 'Airports', value: 3376}, {x: 30, y: 60}]]);
    expect(ui(shared).questions()).to.deep.equal([], 'a share link carries the canvas only');
    expect(ui(shared).notices()).to.deep.equal(['Opened from a shared link (1 widget).']);
    expect(requests.filter((r) => r.includes('/v1/messages') || r.includes('/mcp')), 'no model or server request').to.deep.equal([]);
    // Without `share`, a page ignores the link.
    const plain = await mountAgent(undefined, {attributes: {lang: 'en'}});
    await engineLoaded(plain);
    expect(plain.widgets).to.deep.equal([]);
  });

  it('refuses a canvas too large for a link with SNAPSHOT_TOO_LARGE, and a damaged link is a notice', async () => {
    const agent = await mountAgent(undefined, {attributes: {lang: 'en'}});
    // Random text barely compresses: 400 rows of 600 random hex digits make a link far above 64 kB.
    const noise = () => Array.from(crypto.getRandomValues(new Uint8Array(300)), (b) => b.toString(16).padStart(2, '0')).join('');
    const rows = Array.from({length: 400}, (_, i) => ({n: i, text: noise()}));
    await agent.restore({format: 'autoui-snapshot', version: 1, createdAt: new Date().toISOString(), widgets: [{id: 'w_big001', type: 'table', params: {rows}}], transcript: [], servers: []});
    const error = await agent.shareUrl().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(AutouiError.isInstance(error) && error.code).to.equal(ErrorCodes.SNAPSHOT_TOO_LARGE);
    expect((error as Error).message).to.contain('64 kB');
    expect(agent.widgets).to.have.length(1, 'the canvas is untouched');

    history.replaceState(null, '', `${location.pathname}#autoui=not-a-real-link`);
    const shared = await mountAgent(undefined, {attributes: {lang: 'en', share: true}});
    const log = new EventLog(shared);
    await waitUntil(() => ui(shared).notices().length > 0, 'no notice for a damaged link', {timeout: 5000});
    expect(ui(shared).notices()[0]).to.contain('damaged');
    expect(log.of('autoui-error').map((e) => e.code)).to.deep.equal([ErrorCodes.SNAPSHOT_INVALID]);
    expect(ui(shared).textarea(), 'the element still takes questions').to.exist;
  });

  it('starts from the snapshot at snapshot-src, with the places and sizes it holds', async () => {
    const agent = await mountAgent(undefined, {attributes: {lang: 'en', 'snapshot-src': '/test/fixtures/snapshots/dashboard.json'}});
    await widgetsShown(agent, 2);
    expect(agent.widgets.map((w) => w.type)).to.deep.equal(['stat-card', 'table']);
    const table = agent.session.widgets.list()[1];
    expect([table.position, table.size]).to.deep.equal([{x: 40, y: 300}, {width: 480, height: 220}]);
    expect(ui(agent).questions()).to.deep.equal(['You: How many airports?']);
    expect(ui(agent).notices(), 'a page restoring its own snapshot adds no line').to.deep.equal([]);

    const missing = await mountAgent(undefined, {attributes: {lang: 'en', 'snapshot-src': '/test/fixtures/snapshots/none.json'}});
    await waitUntil(() => ui(missing).notices().length > 0, 'no notice for a missing snapshot', {timeout: 5000});
    expect(ui(missing).notices()[0]).to.contain('could not be loaded').and.to.contain('404');
  });

  it('readonly shows the snapshot attribute with no composer and no widget controls; ask() still works from code', async () => {
    const snapshot = await (await fetch('/test/fixtures/snapshots/dashboard.json')).text();
    const scenario = await createScenario([{text: 'Answered from code.'}]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en', readonly: true, snapshot}});
    await widgetsShown(agent, 2);
    expect(ui(agent).textarea()).to.equal(null);
    const canvas = agent.shadowRoot!.querySelector('autoui-canvas')!.shadowRoot!;
    expect(canvas.querySelectorAll('[part="close"], [part="handle"], .grip')).to.have.length(0);
    const frame = ui(agent).widgets()[0].frame;
    frame.focus();
    frame.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
    expect(agent.session.widgets.list()[0].position, 'keys move nothing').to.equal(undefined);
    const result = await agent.ask('A question from the page');
    expect(result.text).to.equal('Answered from code.');
  });

  it('restore() from code replaces the canvas and fires autoui-restored; a refused one keeps everything', async () => {
    const agent = await mountAgent(await statScenario(), {attributes: {lang: 'en'}});
    await agent.ask('How many airports?');
    const before = agent.snapshot();
    const refused = await agent.restore('{"format":"autoui-snapshot","version":9}').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(AutouiError.isInstance(refused) && refused.code).to.equal(ErrorCodes.SNAPSHOT_INVALID);
    expect(agent.snapshot().widgets).to.deep.equal(before.widgets);
    expect(ui(agent).questions()).to.deep.equal(['You: How many airports?']);

    const event = restoredOnce(agent);
    const fixture = await (await fetch('/test/fixtures/snapshots/dashboard.json')).json();
    const result = await agent.restore(fixture);
    expect(result.widgets.map((w) => w.id)).to.deep.equal(['w_dash01', 'w_dash02']);
    const detail = (await event).detail;
    expect(detail.source).to.equal('snapshot');
    expect(detail.widgets.map((w: {type: string}) => w.type)).to.deep.equal(['stat-card', 'table']);
    await widgetsShown(agent, 2);
    expect(ui(agent).questions()).to.deep.equal(['You: How many airports?'], 'the snapshot\'s transcript');
  });
});

describe('where a persisted element starts when a link or the page also restores', () => {
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));



  it('a damaged link does not hide the stored copy, which is restored and kept', async () => {
    const id = uniqueId('damaged');
    await storedCopy(id, 'MY-WORK');
    history.replaceState(null, '', `${location.pathname}#autoui=cut-by-the-chat-app`);
    const agent = await mountAgent(undefined, {attributes: {lang: 'en', persist: 'local', share: true, id}});
    await widgetsShown(agent, 1);
    expect(labels(agent)).to.deep.equal(['MY-WORK']);
    expect(ui(agent).notices().some((n) => n.includes('damaged'))).to.equal(true);
    agent.clear();
  });

  it('with share and persist, the shared canvas is kept: the next visit without the link shows it', async () => {
    const id = uniqueId('shared');
    await storedCopy(id, 'OLD');
    const source = await mountAgent(undefined, {attributes: {lang: 'en'}});
    await source.restore(statSnapshot('SHARED'));
    history.replaceState(null, '', await source.shareUrl());
    const opened = await mountAgent(undefined, {attributes: {lang: 'en', persist: 'local', share: true, id}});
    await widgetsShown(opened, 1);
    expect(labels(opened)).to.deep.equal(['SHARED']);
    expect(location.hash, 'the link leaves the address once kept').to.equal('');
    await waitUntil(async () => (await get<string>(keyOf(id), store))?.includes('SHARED'), 'the shared canvas was not kept', {timeout: 5000});
    opened.remove();
    const later = await mountAgent(undefined, {attributes: {lang: 'en', persist: 'local', id}});
    await widgetsShown(later, 1);
    expect(labels(later)).to.deep.equal(['SHARED']);
    later.clear();
  });

  it('a restore() by the page right after mounting is not replaced by the stored copy', async () => {
    const id = uniqueId('page-first');
    await storedCopy(id, 'STORED');
    const agent = document.createElement('autoui-agent');
    agent.setAttribute('lang', 'en');
    agent.setAttribute('persist', 'local');
    agent.id = id;
    document.body.append(agent);
    try {
      await agent.restore(statSnapshot('PAGE-CHOICE'));
      await new Promise((r) => setTimeout(r, 300));
      expect(labels(agent)).to.deep.equal(['PAGE-CHOICE']);
      agent.clear();
    } finally {
      agent.remove();
    }
  });

  it('a framework that sets snapshot as a prop gets its starting snapshot, and snapshot() still works', async () => {
    const agent = document.createElement('autoui-agent');
    agent.setAttribute('lang', 'en');
    (agent as unknown as {snapshot: string}).snapshot = JSON.stringify(statSnapshot('FROM-PROP'));
    document.body.append(agent);
    try {
      await widgetsShown(agent, 1);
      expect(agent.initialSnapshot).to.contain('FROM-PROP');
      expect(agent.snapshot().widgets.map((w) => w.params.label)).to.deep.equal(['FROM-PROP']);
    } finally {
      agent.remove();
    }
  });

  it('a link whose data is no snapshot is told once', async () => {
    const {encodeShareFragment} = await import('../../src/session/snapshot/share-link.js');
    // A real link's encoding of something that is not a snapshot: its format is wrong.
    const fragment = await encodeShareFragment({...statSnapshot('x'), format: 'not-ours'} as never);
    history.replaceState(null, '', `${location.pathname}#autoui=${fragment}`);
    const agent = await mountAgent(undefined, {attributes: {lang: 'en', share: true}});
    const log = new EventLog(agent);
    await waitUntil(() => ui(agent).notices().length > 0, 'no notice', {timeout: 5000});
    await new Promise((r) => setTimeout(r, 200));
    expect(ui(agent).notices()).to.have.length(1);
    expect(log.of('autoui-error').length).to.be.at.most(1);
  });
});

describe('secrets and share links', () => {
  it('a share URL and a snapshot hold neither the browser key nor a server token', async () => {
    const scenario = await statScenario();
    const agent = await mountAgent(scenario, {
      attributes: {lang: 'en', 'api-key': 'sk-ant-BROWSER-KEY-123', 'allow-browser-key': true},
      servers: [{name: 'data', url: `${serverUrl('demo-data')}?api_key=QUERY-TOKEN-456`, token: 'BEARER-TOKEN-789'}],
    });
    await agent.ask('How many airports?');
    const url = await agent.shareUrl();
    const {decodeShareFragment} = await import('../../src/session/snapshot/share-link.js');
    const shared = await decodeShareFragment(new URL(url).hash.slice('#autoui='.length));
    const written = JSON.stringify(agent.snapshot({conversation: true}));
    for (const secret of ['BROWSER-KEY-123', 'QUERY-TOKEN-456', 'BEARER-TOKEN-789']) {
      expect(url, secret).not.to.contain(secret);
      expect(shared, secret).not.to.contain(secret);
      expect(written, secret).not.to.contain(secret);
    }
    expect(JSON.parse(shared).widgets.map((w: {type: string}) => w.type)).to.deep.equal(['stat-card']);
  });
});

describe('second review: the page chooses before the start can', () => {


  /** A persisted element `id`, appended to the page (not yet started: its chunks load). */
  function append(id: string): AutouiAgent {
    const agent = document.createElement('autoui-agent');
    agent.setAttribute('lang', 'en');
    agent.setAttribute('persist', 'local');
    agent.id = id;
    document.body.append(agent);
    return agent;
  }

  it('clear() at once after connect wins over the stored copy, which is erased', async () => {
    const id = uniqueId('start-over');
    await storedCopy(id, 'OLD');
    const agent = append(id);
    try {
      agent.clear();
      await new Promise((r) => setTimeout(r, 500));
      expect(agent.widgets).to.deep.equal([]);
      await waitUntil(async () => (await get(keyOf(id), store)) === undefined, 'the stored copy was not erased', {timeout: 5000});
    } finally {
      agent.remove();
    }
  });

  it('restore() before the element connects is what it shows and keeps', async () => {
    const id = uniqueId('before');
    await storedCopy(id, 'STORED');
    const agent = document.createElement('autoui-agent');
    agent.setAttribute('lang', 'en');
    agent.setAttribute('persist', 'local');
    agent.id = id;
    const restored = agent.restore(statSnapshot('PAGE'));
    document.body.append(agent);
    try {
      await restored;
      await new Promise((r) => setTimeout(r, 500));
      expect(labels(agent)).to.deep.equal(['PAGE']);
      await waitUntil(async () => (await get<string>(keyOf(id), store))?.includes('PAGE'), 'the page\'s canvas was not kept', {timeout: 5000});
      agent.clear();
    } finally {
      agent.remove();
    }
  });

  it('a snapshot prop set before the element is defined (an element upgraded later) still starts it, and snapshot() is a method', async () => {
    const inert = document.implementation.createHTMLDocument('');
    const agent = inert.createElement('autoui-agent') as AutouiAgent;
    agent.setAttribute('lang', 'en');
    (agent as unknown as {snapshot: unknown}).snapshot = statSnapshot('EARLY');
    document.body.append(document.adoptNode(agent));
    try {
      await widgetsShown(agent, 1);
      expect(labels(agent)).to.deep.equal(['EARLY']);
      expect(typeof agent.snapshot).to.equal('function');
      expect(agent.snapshot().widgets).to.have.length(1);
    } finally {
      agent.remove();
    }
  });
});
