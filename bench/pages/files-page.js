/**
 * The page of benchmark 12 (local files). `__bench.load(url, name)` fetches the test file into a
 * File held by the page (not timed); then one measure:
 *
 * - `ours`: a fresh `<autoui-agent files="csv">`, its engine loaded, then `attach(file)`, timed
 *   from the call until its promise resolves (read, typed, loaded into SQL in the element's
 *   Worker; the Worker starts on the first attach, so its start is counted);
 * - `papa`: a new Worker running Papa Parse alone on the same File (bench/pages/files-papa-worker.js),
 *   timed from the Worker's creation until it reports the rows counted.
 *
 * During each, a PerformanceObserver records main-thread long tasks (the browser reports those
 * over 50 ms): the longest is returned with the time. The page first checks that it hears a
 * known long task, so "none" means none.
 */
await import(new URL('/bench/.build/dist/autoui-agent.js', location.href).href);
await customElements.whenDefined('autoui-agent');
const stage = document.getElementById('stage');
let file;

/** Runs `work` while recording long tasks; resolves with its result, its time and the longest task in ms (0: none over 50 ms). */
async function observed(work) {
  const tasks = [];
  const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
  observer.observe({type: 'longtask'});
  const t0 = performance.now();
  const result = await work();
  const ms = performance.now() - t0;
  // Long tasks are reported after they end: let the last one arrive.
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  const during = tasks.filter((t) => t.startTime + t.duration >= t0 && t.startTime <= t0 + ms);
  return {result, ms, longestTask: Math.max(0, ...during.map((t) => t.duration)), longTasks: during.length};
}

window.__bench = {
  /** Fetches the file into the page; also times a known 120 ms task, so a longest task of 0 is known to mean none (the observer works here). */
  async load(url, name) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    file = new File([await response.blob()], name, {type: 'text/csv'});
    const probe = await observed(async () => {
      const until = performance.now() + 120;
      while (performance.now() < until);
    });
    return {size: file.size, probe: probe.longestTask};
  },

  async ours() {
    const el = document.createElement('autoui-agent');
    el.setAttribute('lang', 'en');
    el.setAttribute('files', 'csv');
    stage.append(el);
    await el.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const {result, ...measure} = await observed(() => el.attach(file));
    return {...measure, rows: result.rows, columns: result.columns};
  },

  async papa() {
    const {result, ...measure} = await observed(
      () =>
        new Promise((resolve, reject) => {
          const worker = new Worker('/bench/.build/files-papa-worker.js');
          worker.onmessage = ({data}) => {
            worker.terminate();
            if (data.error) reject(new Error(data.error));
            else resolve(data);
          };
          worker.onerror = (e) => reject(new Error(e.message));
          worker.postMessage(file);
        }),
    );
    // Papa counts the header line as a row (no `header` option): the data rows are one fewer.
    return {...measure, rows: result.rows - 1, columns: result.fields};
  },
};
