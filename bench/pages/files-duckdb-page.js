/**
 * The page of the DuckDB local files benchmark (issue 47). `__bench.load(url, name)` fetches the
 * test file into a File held by the page (not timed); then one measure, each timed from its start
 * until the file is read and a first query answered (the city counts, a full scan):
 *
 * - `sqljs`: a fresh `<autoui-agent files="csv">` (the default engine), `attach(file)` then the query;
 * - `duckdb`: the same with `files-engine="duckdb"`, DuckDB's files from the package's copy the
 *   server holds (`/node_modules/@duckdb/duckdb-wasm/dist/`); its start (Worker, 35 MB of
 *   WebAssembly compiled) is counted;
 * - `papa`: Papa Parse alone on the same File in a Worker (bench/pages/files-papa-worker.js).
 *
 * Main-thread long tasks are recorded during each (the browser reports those over 50 ms).
 */
await import(new URL('/bench/.build/dist/autoui-agent.js', location.href).href);
await customElements.whenDefined('autoui-agent');
const stage = document.getElementById('stage');
const BUNDLES = '/node_modules/@duckdb/duckdb-wasm/dist/';
const QUERY = 'SELECT city, count(*) AS n FROM big GROUP BY city ORDER BY city';
let file;

/** Runs `work` while recording long tasks; resolves with its result, its time and the longest task in ms (0: none over 50 ms). */
async function observed(work) {
  const tasks = [];
  const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
  observer.observe({type: 'longtask'});
  const t0 = performance.now();
  const result = await work();
  const ms = performance.now() - t0;
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  const during = tasks.filter((t) => t.startTime + t.duration >= t0 && t.startTime <= t0 + ms);
  return {result, ms, longestTask: Math.max(0, ...during.map((t) => t.duration)), longTasks: during.length};
}

/** A fresh element with `attributes`, then the file attached and the query run through its engine (the `files` layer's tool). */
async function element(attributes) {
  const el = document.createElement('autoui-agent');
  // A file past the default 100 MB (the 1 GB case) is let in: its size is the page's limit then.
  const maxBytes = String(Math.max(file.size, 100 * 1024 * 1024));
  for (const [name, value] of Object.entries({lang: 'en', files: 'csv', 'files-max-bytes': maxBytes, ...attributes})) el.setAttribute(name, value);
  stage.append(el);
  await el.updateComplete;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const {result, ...measure} = await observed(async () => {
    const attached = await el.attach(file);
    const layer = el.layers.find((l) => l.serverName === 'files');
    const output = await layer.execute('query', {sql: QUERY}, {signal: new AbortController().signal});
    if (output.isError) throw new Error(`query: ${output.text}`);
    return {attached, answer: JSON.parse(output.text)};
  });
  el.remove();
  return {...measure, rows: result.attached.rows, columns: result.attached.columns, answer: result.answer};
}

window.__bench = {
  async load(url, name) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    file = new File([await response.blob()], name, {type: 'text/csv'});
    return {size: file.size};
  },
  sqljs: () => element({}),
  duckdb: () => element({'files-engine': 'duckdb', 'files-engine-bundles': BUNDLES}),
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
    return {...measure, rows: result.rows - 1, columns: result.fields};
  },
};
