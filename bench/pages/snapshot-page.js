/**
 * The page of benchmark 9 (snapshot and restore). Every measure puts a fresh `<autoui-agent>` on
 * the page, waits until its engine is loaded (the `autoui` layer is there, the run engine
 * preloaded), then times one way of putting the same widgets on its canvas, from the start of
 * the work to the last `autoui-widget-created` (every widget's element exists and has rendered):
 *
 * - `display`: the widgets as `widget_display` calls, executed by the element's own `autoui`
 *   layer (`layer.execute`, the executor the agent loop calls; all calls started at once, as
 *   the loop runs one step's calls) on the session's canvas (`session.canvas`), which first asks
 *   the page (a cancelable `autoui-widget-create` on the element); builds that kept it private
 *   get the same one built here;
 * - `restore`: `restore(snapshot)`, the snapshot as an object; `restore-text`: the same
 *   snapshot as JSON text (what a stored copy or a share link hands over), stringified before
 *   the clock starts.
 *
 * Also `stored`: the moment the last widget is on the element's store (read, checked, not yet
 * rendered), heard by a store listener, which is called synchronously.
 *
 * Then, on the same canvas, `snapshot()` against `JSON.stringify` of the store's widgets (the
 * least any snapshot costs: writing the canvas as JSON), repeated and interleaved, medians.
 *
 * `warm(sample)` runs the same warm-up on every page whatever is measured after it: one widget of
 * each type shown through `widget_display`, snapshot, restored, shared, on an element removed
 * afterwards; so both sides measure with every widget chunk (chart.js, leaflet, marked...), the
 * restore engine and the share codec loaded, and the code paths run once.
 *
 * `share(widgets)` shows widgets on a fresh element and asks `shareUrl()`: the fragment's length,
 * or the refusal (code and the length the codec computed).
 */
await import(new URL('/bench/.build/dist/autoui-agent.js', location.href).href);
// The core entry's `preloadRunEngine` (builds before it had the session's `preload()` instead).
const core = await import(new URL('/bench/.build/dist/core.js', location.href).href).catch(() => ({}));
await customElements.whenDefined('autoui-agent');
const stage = document.getElementById('stage');

const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();
/** Resolves on the next task (a message), without timer clamping. */
const nextTask = () =>
  new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Resolves after two animation frames: what the last change asked to draw has been drawn. */
const painted = () => nextFrame().then(nextFrame);

const autouiLayer = (el) => el.layers.find((l) => l.serverName === 'autoui');

/** A fresh element, its engine loaded and its empty canvas painted: nothing left to load lazily. */
async function freshAgent() {
  const el = document.createElement('autoui-agent');
  el.setAttribute('lang', 'en');
  stage.append(el);
  await el.updateComplete;
  await (core.preloadRunEngine ? core.preloadRunEngine() : el.session.preload());
  // The engine chunk (catalogue, `autoui` layer) loads once the page is idle after the first render.
  const t0 = performance.now();
  while (!autouiLayer(el)) {
    if (performance.now() - t0 > 20_000) throw new Error('the autoui layer did not appear within 20 s');
    await sleep(5);
  }
  await el.updateComplete;
  await painted();
  return el;
}

/** Resolves with the moment the `n`-th `autoui-widget-created` fires on `el`; rejects on `autoui-error`. */
function whenCreated(el, n) {
  return new Promise((resolve, reject) => {
    let seen = 0;
    const timer = setTimeout(() => done(new Error(`${seen} of ${n} widgets rendered after 30 s`)), 30_000);
    const onCreated = () => {
      if (++seen === n) done(undefined, performance.now());
    };
    const onError = (e) => done(new Error(`autoui-error ${e.detail.code}: ${e.detail.message}`));
    function done(error, at) {
      clearTimeout(timer);
      el.removeEventListener('autoui-widget-created', onCreated);
      el.removeEventListener('autoui-error', onError);
      if (error) reject(error);
      else resolve(at);
    }
    el.addEventListener('autoui-widget-created', onCreated);
    el.addEventListener('autoui-error', onError);
  });
}

/**
 * The canvas a session hands to tools (session/vetoable-canvas.ts with the element's
 * `autoui-widget-create`): the element's store, the page asked before each new widget.
 */
function pageCanvas(el) {
  const store = el.session.widgets;
  return {
    create(widget, options) {
      const event = new CustomEvent('autoui-widget-create', {detail: {type: widget.type, params: widget.params}, bubbles: true, composed: true, cancelable: true});
      return el.dispatchEvent(event) ? store.create(widget, options) : undefined;
    },
    get: (id) => store.get(id),
    list: () => store.list(),
    update: (id, params) => store.update(id, params),
    move: (id, x, y) => store.move(id, x, y),
    resize: (id, w, h) => store.resize(id, w, h),
    style: (id, styles) => store.style(id, styles),
    remove: (id) => store.remove(id),
    clear: () => store.clear(),
  };
}

/** `widget_display` for each of `calls`, all started at once; rejects if one is refused. */
async function display(el, calls) {
  const layer = autouiLayer(el);
  const canvas = el.session.canvas ?? pageCanvas(el);
  const signal = new AbortController().signal;
  const outputs = await Promise.all(
    calls.map((args, i) => layer.execute('widget_display', args, {signal, callId: `toolu_bench_${i}`, reportProgress() {}, widgets: canvas})),
  );
  const refused = outputs.find((o) => o.isError);
  if (refused) throw new Error(`widget_display refused a widget: ${refused.text}`);
}

/** `restore(input)`; rejects unless every one of `n` widgets came back. */
async function restore(el, input, n) {
  const result = await el.restore(input);
  if (result.widgets.length !== n || result.dropped.length) {
    throw new Error(`restore brought back ${result.widgets.length} of ${n} widgets; dropped: ${JSON.stringify(result.dropped)}`);
  }
}

/** Shows `calls` on `el` through `widget_display` and waits until they have rendered. */
async function show(el, calls) {
  const created = whenCreated(el, calls.length);
  await display(el, calls);
  await created;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** `snapshot()` and `JSON.stringify` of the store's widgets, `reps` times each, interleaved: medians in ms. */
function timeSnapshot(el, reps = 7) {
  const ours = [];
  const base = [];
  let chars = 0;
  let plain = 0;
  for (let i = 0; i < reps; i++) {
    const pair = [
      () => {
        const t0 = performance.now();
        const snapshot = el.snapshot();
        ours.push(performance.now() - t0);
        chars = JSON.stringify(snapshot).length;
      },
      () => {
        const t0 = performance.now();
        const json = JSON.stringify(el.session.widgets.list());
        base.push(performance.now() - t0);
        plain = json.length;
      },
    ];
    if (i % 2) pair.reverse();
    for (const f of pair) f();
  }
  return {snapshotMs: median(ours), stringifyMs: median(base), snapshotChars: chars, widgetsChars: plain};
}

window.__bench = {
  /** The same warm-up on every page (see the module comment). */
  async warm(sample) {
    const el = await freshAgent();
    await show(el, sample);
    const snapshot = el.snapshot();
    const created = whenCreated(el, sample.length);
    await restore(el, JSON.stringify(snapshot), sample.length);
    await created;
    await el.shareUrl();
    await painted();
    el.remove();
    await painted();
  },

  /**
   * One measure on a fresh element: `side` is `display` (input: the widget_display calls),
   * `restore` or `restore-text` (input: the snapshot). With `keep`, also returns the snapshot the
   * canvas makes afterwards.
   */
  async measure(side, input, keep = false) {
    const el = await freshAgent();
    const n = side === 'display' ? input.length : input.widgets.length;
    const text = side === 'restore-text' ? JSON.stringify(input) : undefined;
    const created = whenCreated(el, n);
    // The moment the n-th widget is on the store (checked, not yet rendered): store listeners are called synchronously.
    let added = 0;
    let stored;
    const unsubscribe = el.session.widgets.subscribe((change) => {
      if (change.kind === 'added' && ++added === n) stored = performance.now();
    });
    const t0 = performance.now();
    let ready;
    try {
      const work = side === 'display' ? display(el, input) : restore(el, text ?? input, n);
      const [last, settled] = await Promise.all([created, work.then(() => performance.now())]);
      ready = Math.max(last, settled) - t0;
    } finally {
      unsubscribe();
    }
    await nextFrame();
    await nextTask();
    const framed = performance.now() - t0;
    const rendered = el.shadowRoot.querySelector('autoui-canvas').shadowRoot.querySelectorAll('section[data-id]').length;
    if (rendered !== n) throw new Error(`${side}: ${rendered} widget frames on the canvas, ${n} expected`);
    await painted();
    return {stored: stored - t0, ready, painted: framed, ...timeSnapshot(el), ...(keep ? {snapshot: el.snapshot()} : {})};
  },

  /** The share fragment of `calls` shown on a fresh element: its length, or why `shareUrl()` refused. */
  async share(calls) {
    const el = await freshAgent();
    await show(el, calls);
    const snapshot = el.snapshot();
    const json = JSON.stringify(snapshot).length;
    const widgetsJson = JSON.stringify(snapshot.widgets).length;
    try {
      const url = await el.shareUrl();
      const at = url.indexOf('#autoui=');
      if (at < 0) throw new Error(`shareUrl() gave no #autoui= fragment: ${url.slice(0, 120)}`);
      return {ok: true, fragment: url.length - at - '#autoui='.length, json, widgetsJson};
    } catch (error) {
      if (error?.code === undefined) throw error;
      return {ok: false, code: error.code, fragment: error.details?.length, message: error.message, json, widgetsJson};
    } finally {
      el.remove();
    }
  },
};
