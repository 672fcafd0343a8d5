/**
 * The timing protocol of the rendering benchmark (4), shared by our page and the bare-library
 * page so both are measured the same way. `window.__bench.run(kind)`:
 *   1. builds the data and loads the code (widget chunks, libraries) — not timed;
 *   2. t0, then `impl.render(...)` starts the work and returns a `done()` check;
 *   3. `done()` is checked after each microtask of the task that started the work, then polled
 *      with zero-delay tasks (MessageChannel: no 4 ms timer clamp, no frame quantisation), then a
 *      forced layout: `ready` = script + style + layout until the content is complete (tiles
 *      loaded, for maps). Work that completes in microtasks (a Lit update) is thus seen in its
 *      own task, as synchronous work is: polled only with tasks, it was seen one task later,
 *      after the browser had painted a frame between the two, so `ready` held a paint the
 *      synchronous baselines never pay there;
 *   4. the next animation frame and the task after it (the frame has painted): `painted`.
 */
import {chartParams, mapParams, mixedWidgets, tableParams} from './render-data.js';

/** What each kind of benchmark draws, as `[type, params]` pairs. */
export const WORK = {
  table: () => [['table', tableParams()]],
  chart: () => [['chart', chartParams()]],
  map: () => [['map', mapParams()]],
  canvas100: () => mixedWidgets(),
};

/** How many microtasks `done()` is checked after, before it is polled with tasks. */
const MICROTASK_CHECKS = 1000;

const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();
/** Resolves on the next task (a message), without timer clamping. */
const nextTask = () => new Promise((resolve) => {
  waiting.push(resolve);
  channel.port2.postMessage(0);
});
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

/** True when a Leaflet map under `root` has drawn `markers` markers and loaded all its tiles. */
export function leafletDone(root, markers) {
  if (!root) return false;
  const loaded = root.querySelectorAll('.leaflet-tile-loaded').length;
  const pending = root.querySelectorAll('.leaflet-tile:not(.leaflet-tile-loaded)').length;
  return loaded > 0 && pending === 0 && root.querySelectorAll('path.leaflet-interactive').length >= markers;
}

/**
 * Installs `window.__bench` for one implementation.
 * @param {{prepare(types: string[], container: HTMLElement): Promise<void>, render(work: Array<[string, object]>, container: HTMLElement): () => boolean}} impl
 */
export function install(impl) {
  const container = document.getElementById('stage');
  let work;
  // A widget that throws while rendering would otherwise leave run() waiting for content forever.
  let failure;
  addEventListener('error', (e) => (failure ??= e.message));
  addEventListener('unhandledrejection', (e) => (failure ??= String(e.reason?.message ?? e.reason)));
  window.__bench = {
    /** Builds the data and loads the code: not timed. */
    async prepare(kind) {
      work = WORK[kind]();
      await impl.prepare([...new Set(work.map(([type]) => type))], container);
    },
    /** The timed part. */
    async run() {
      const t0 = performance.now();
      const done = impl.render(work, container);
      for (let tick = 0; tick < MICROTASK_CHECKS && !done(); tick++) await null;
      while (!done()) {
        if (failure) throw new Error(`${work[0][0]}: ${failure}`);
        if (performance.now() - t0 > 30_000) throw new Error(`${work[0][0]}: not complete after 30 s`);
        await nextTask();
      }
      container.getBoundingClientRect();
      const ready = performance.now() - t0;
      await nextFrame();
      await nextTask();
      const painted = performance.now() - t0;
      return {ready, painted};
    },
  };
}
