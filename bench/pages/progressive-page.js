/**
 * The page of benchmark 8 (progressive widgets). `?no-drafts` gives the element the `no-drafts`
 * attribute (the one-shot side: the widget appears when its call is complete); without it the
 * element drafts the widget while the model writes it (the progressive side).
 *
 * `warm(base)` asks a first question whose scripted answer shows a small widget of the type
 * measured, waits until it has rendered (its code, chart.js included, is loaded), then clears the
 * canvas and the conversation, so the measured question starts on an empty canvas with warm code.
 * `measure(base, kind, firstItemAt)` asks the question whose answer streams the big widget and
 * returns, in `performance.now()` time:
 *
 * - `firstVisible`: the first frame at which a row with text, or a chart with a point, is on the
 *   canvas, draft or widget;
 * - `final`: the `autoui-widget-created` event of the finished widget, and `finalFrame` the frame
 *   after it;
 *
 * and `arrivals()`, called once the benchmark has read the task time, what a tee of the LLM
 * response body saw, in the same time: `firstArg` (the chunk holding the first
 * `input_json_delta`), `firstItem` (the chunk after which the arguments received reach
 * `firstItemAt` characters, i.e. hold one complete row or point), `lastByte` (the last chunk).
 *
 * A frame's moment is `performance.now()` in its rAF callback, not the callback's timestamp: that
 * is when the frame began, which after a long task can be well before what the frame draws.
 *
 * The bookkeeping runs on both sides alike and is kept cheap: while the stream runs, the tee'd
 * branch is only read and its chunks kept with their arrival times (decoding them waits for
 * `arrivals()`, outside the measured window); visibility is checked at frames only while a
 * widget element of the kind is on the canvas and shows nothing yet (a mutation of the canvas
 * wakes the check), not every frame of a stream that lasts a minute, whose cost would land on
 * both sides and blur the main-thread ratio the benchmark reports.
 */
if (new URLSearchParams(location.search).has('no-drafts')) document.querySelector('autoui-agent').setAttribute('no-drafts', '');
await import(new URL('/bench/.build/dist/autoui-agent.js', location.href).href);
await customElements.whenDefined('autoui-agent');
const agent = document.querySelector('autoui-agent');

/** The measured question's bookkeeping, while it runs; then `last`. */
let probe;
let last;

// The LLM request of the measured question is tee'd: one branch is read here for arrival times,
// the other is the body the provider reads, so the agent sees the same bytes at the same moments.
const realFetch = window.fetch.bind(window);
window.fetch = async (input, init) => {
  const response = await realFetch(input, init);
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!probe || probe.tapped || !url.startsWith(probe.base) || !response.body) return response;
  probe.tapped = true;
  const [mine, theirs] = response.body.tee();
  void record(mine, probe);
  return new Response(theirs, {status: response.status, statusText: response.statusText, headers: response.headers});
};

/**
 * Reads the tee'd branch while the stream runs, keeping only each chunk and its arrival time:
 * decoding waits for {@link arrivals}, after the measured window, so it costs neither side.
 */
async function record(stream, p) {
  const reader = stream.getReader();
  for (;;) {
    const {done, value} = await reader.read();
    if (done) return;
    p.chunks.push(value);
    p.times.push(performance.now());
  }
}

/**
 * From the recorded chunks: the arrival of the first chunk holding an `input_json_delta`, of the
 * chunk after which the arguments received reach `firstItemAt` characters (one complete row or
 * point), and of the last chunk.
 */
function arrivals(p) {
  const decoder = new TextDecoder();
  let pending = '';
  let argChars = 0;
  let firstArg;
  let firstItem;
  p.chunks.forEach((chunk, i) => {
    pending += decoder.decode(chunk, {stream: true});
    const cut = pending.lastIndexOf('\n\n');
    if (cut < 0) return;
    const events = pending.slice(0, cut);
    pending = pending.slice(cut + 2);
    for (const line of events.split('\n')) {
      if (!line.startsWith('data:') || !line.includes('"input_json_delta"')) continue;
      firstArg ??= p.times[i];
      argChars += JSON.parse(line.slice(5)).delta.partial_json.length;
    }
    if (firstItem === undefined && argChars >= p.firstItemAt) firstItem = p.times[i];
  });
  return {firstArg, firstItem, lastByte: p.times.at(-1), chunks: p.chunks.length, argChars};
}

/** Records the first frame at which the canvas shows a row with text (table) or a point (chart). */
function watchVisibility(kind, p) {
  const root = agent.shadowRoot.querySelector('autoui-canvas').shadowRoot;
  const tag = kind === 'table' ? 'autoui-table' : 'autoui-chart';
  const shows =
    kind === 'table'
      ? (el) => [...(el.shadowRoot?.querySelectorAll('[part="row"]') ?? [])].some((row) => row.textContent.trim() !== '')
      : (el) => (el.chart?.data?.datasets?.[0]?.data?.length ?? 0) > 0;
  let scheduled = false;
  const check = () => {
    scheduled = false;
    if (p.firstVisible !== undefined) return;
    const element = root.querySelector(tag);
    if (element && shows(element)) {
      p.firstVisible = performance.now();
      observer.disconnect();
    } else if (element) {
      // The element is there (a draft's, or the widget's): what it shows changes in its own
      // shadow root or in chart.js, which the observer does not see, so look again next frame.
      schedule();
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(check);
  };
  const observer = new MutationObserver(schedule);
  observer.observe(root, {childList: true, subtree: true});
  return observer;
}

agent.addEventListener('autoui-widget-created', () => {
  if (!probe || probe.final !== undefined) return;
  const p = probe;
  p.final = performance.now();
  requestAnimationFrame(() => (p.finalFrame = performance.now()));
});

async function ask(base, question) {
  agent.setAttribute('endpoint', base);
  const result = await agent.ask(question);
  if (result.stopReason !== 'end_turn') throw new Error(`run ended with ${result.stopReason}: ${JSON.stringify(result.error)}`);
  if (result.widgets.length !== 1) throw new Error(`${result.widgets.length} widgets shown, 1 asked`);
  return result;
}

/** Resolves after two animation frames: what the last change asked to draw has been drawn. */
const painted = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

window.__bench = {
  async warm(base) {
    await ask(base, 'Show a small one first');
    await painted();
    agent.clear();
    await painted();
  },
  async measure(base, kind, firstItemAt) {
    probe = {base, firstItemAt, chunks: [], times: [], tapped: false};
    const p = probe;
    const observer = watchVisibility(kind, p);
    const started = performance.now();
    try {
      await ask(base, `Show the ${kind}`);
      await painted();
    } finally {
      observer.disconnect();
      probe = undefined;
    }
    last = p;
    const {firstVisible, final, finalFrame} = p;
    return {started, firstVisible, final, finalFrame, ended: performance.now()};
  },
  /** The arrivals of the last measured stream: called after the benchmark has read the task time. */
  arrivals: () => arrivals(last),
};
