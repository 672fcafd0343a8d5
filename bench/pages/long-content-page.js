/**
 * The page of benchmark 11 (huge content). Each measure puts a fresh `<autoui-agent>` on the page,
 * waits for its engine, then hands it one widget whose text is huge (a 5 MB markdown, a 2 MB code
 * block, a 1 MB table cell, a 1 MB kv value, a 1 MB JSON string) or the same widget with a short
 * text (the baseline), by one of two paths: a `widget_display` executed by the element's `autoui`
 * layer, or `restore()` of a snapshot holding it. It reports the longest main-thread task
 * (`longtask` entries) from the hand-over until 500 ms after, and the time until the next
 * animation frame. The widget's chunk is warmed first on an element removed afterwards, so both
 * sides measure the widget, not its first load.
 */
await import(new URL('/bench/.build/dist/autoui-agent.js', location.href).href);
const core = await import(new URL('/bench/.build/dist/core.js', location.href).href);
await customElements.whenDefined('autoui-agent');
const stage = document.getElementById('stage');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

const tasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) tasks.push(entry.duration);
}).observe({type: 'longtask'});

const prose = (size) => ('## Section\n\n' + 'Some **bold** words and a [link](https://example.com) in a paragraph that goes on. '.repeat(30) + '\n\n').repeat(Math.ceil(size / 2600)).slice(0, size);
/** The huge widget of each kind, and its short twin. */
const WIDGETS = {
  markdown: (huge) => ({name: 'markdown', params: {content: prose(huge ? 5_000_000 : 1_000)}}),
  code: (huge) => ({name: 'code', params: {language: 'sql', code: 'SELECT city, count(*) FROM airports GROUP BY city;\n'.repeat(huge ? 40_000 : 20)}}),
  table: (huge) => ({name: 'table', params: {columns: [{key: 'note'}, {key: 'n', type: 'number'}], rows: [{note: 'w'.repeat(huge ? 1_000_000 : 100), n: 1}, {note: 'short', n: 2}]}}),
  kv: (huge) => ({name: 'kv', params: {items: [{key: 'log', value: 'token '.repeat(huge ? 170_000 : 20)}, {key: 'status', value: 'ok'}]}}),
  json: (huge) => ({name: 'json', params: {data: {log: 'token '.repeat(huge ? 170_000 : 20), status: 'ok'}, expanded: 2}}),
};

async function freshAgent() {
  const el = document.createElement('autoui-agent');
  el.setAttribute('lang', 'en');
  stage.append(el);
  await el.updateComplete;
  await core.preloadRunEngine();
  while (!el.layers.find((l) => l.serverName === 'autoui')) await sleep(5);
  await nextFrame();
  await nextFrame();
  return el;
}

async function display(el, widget) {
  const layer = el.layers.find((l) => l.serverName === 'autoui');
  const output = await layer.execute('widget_display', widget, {signal: new AbortController().signal, callId: 'toolu_bench', reportProgress() {}, widgets: el.session.canvas});
  if (output.isError) throw new Error(output.text.slice(0, 300));
}

window.__bench = {
  /** One measure: `{longestTask, nextFrame}` in ms. */
  async measure(kind, path, huge) {
    const widget = WIDGETS[kind](huge);
    const warm = await freshAgent();
    await display(warm, WIDGETS[kind](false));
    await sleep(200);
    let snapshot;
    if (path === 'restore') {
      await display(warm, widget);
      await sleep(200);
      snapshot = warm.snapshot();
    }
    warm.remove();
    const el = await freshAgent();
    await sleep(50);
    tasks.length = 0;
    const start = performance.now();
    if (path === 'restore') await el.restore(snapshot);
    else await display(el, widget);
    await nextFrame();
    const frame = performance.now() - start;
    await sleep(500);
    const longestTask = Math.max(0, ...tasks);
    el.remove();
    return {longestTask, nextFrame: frame};
  },
};
