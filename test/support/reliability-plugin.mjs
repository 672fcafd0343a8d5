import {mkdirSync, writeFileSync} from 'node:fs';
import {dirname} from 'node:path';

/**
 * The web-test-runner side of the reliability suite (test/reliability/): commands a test page
 * calls with `executeServerCommand`.
 * - `reliability-report` `{family, tried, held, note?}`: one family's counts. Each is printed as
 *   one line when the run ends (`hostile widget payloads: 612 tried, 612 held`) and all are written
 *   to `file`, the figures of the README's Reliability table.
 * - `reliability-metrics`: the page's own counters from Chromium's DevTools protocol, after a full
 *   garbage collection: `{listeners, nodes, documents, heapUsed}` (JS event listeners, DOM nodes
 *   alive, documents, bytes of JS heap in use). A page cannot read these on its own, and a soak
 *   test needs them to show nothing accumulates.
 * - `reliability-listeners`: the page's event listeners by target type and event names
 *   (`{"HTMLCanvasElement mousemove/click": 15}`), to say what a growing count is made of.
 * - `reliability-foreign`: what reached the foreign hosts since the last call (see
 *   foreign-host-recorder.mjs), then forgotten.
 * @param {{file: string, foreign: {seen(): string[], forget(): void, close(): Promise<void>}}} options
 */
export function reliabilityPlugin({file, foreign}) {
  const families = [];
  return {
    name: 'reliability',
    async executeCommand({command, payload, session}) {
      if (command === 'reliability-report') {
        families.push(payload);
        return true;
      }
      if (command === 'reliability-foreign') {
        const seen = foreign.seen();
        foreign.forget();
        return seen;
      }
      if (command === 'reliability-listeners') {
        const page = session.browser.getPage(session.id);
        const cdp = await page.context().newCDPSession(page);
        try {
          // Every live event target (nodes, signals, sockets...), then DevTools' own getEventListeners.
          const proto = await cdp.send('Runtime.evaluate', {expression: 'EventTarget.prototype'});
          const {objects} = await cdp.send('Runtime.queryObjects', {prototypeObjectId: proto.result.objectId});
          await cdp.send('Runtime.callFunctionOn', {objectId: objects.objectId, functionDeclaration: 'function () { globalThis.__reliabilityTargets = this; }'});
          const {result} = await cdp.send('Runtime.evaluate', {
            expression: `(() => { const by = {}; for (const t of globalThis.__reliabilityTargets) { const l = getEventListeners(t); const n = Object.values(l).reduce((a, v) => a + v.length, 0); if (n) { const k = (t.constructor?.name ?? '?') + ' ' + Object.keys(l).join('/'); by[k] = (by[k] ?? 0) + n; } } delete globalThis.__reliabilityTargets; return by; })()`,
            includeCommandLineAPI: true,
            returnByValue: true,
          });
          return result.value;
        } finally {
          await cdp.detach();
        }
      }
      if (command === 'reliability-metrics') {
        if (session.browser.type !== 'playwright') throw new Error('reliability-metrics needs the playwright launcher');
        const page = session.browser.getPage(session.id);
        const cdp = await page.context().newCDPSession(page);
        try {
          await cdp.send('Performance.enable');
          // Twice: objects freed by the first collection's finalizers go in the second.
          await cdp.send('HeapProfiler.collectGarbage');
          await cdp.send('HeapProfiler.collectGarbage');
          const {metrics} = await cdp.send('Performance.getMetrics');
          const value = (name) => metrics.find((m) => m.name === name)?.value ?? NaN;
          return {listeners: value('JSEventListeners'), nodes: value('Nodes'), documents: value('Documents'), heapUsed: value('JSHeapUsedSize')};
        } finally {
          await cdp.detach();
        }
      }
      return undefined;
    },
    async serverStop() {
      await foreign.close();
      if (!families.length) return;
      console.log('\nReliability (test/reliability/):');
      for (const f of families) console.log(`  ${f.family}: ${f.tried} tried, ${f.held} held${f.note ? ` (${f.note})` : ''}`);
      mkdirSync(dirname(file), {recursive: true});
      writeFileSync(file, JSON.stringify(families, null, 2));
    },
  };
}
