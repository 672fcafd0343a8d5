#!/usr/bin/env node
/**
 * Profiles one run of the rendering benchmark (4) in Chromium with the CDP sampling profiler and
 * prints the functions with the most self time, to find what bounds a missed target.
 *
 *   node bench/profile.mjs <table|chart|map|canvas100> [ours|bare|full]
 *   node bench/profile.mjs startup [ours|lit]      (the start-up benchmark's page load, 5)
 *
 * Needs the builds of `npm run bench` (bench/.build/); run that once first.
 */
import {existsSync, readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {openChromium} from './browser/chromium-session.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
// source-map-js comes with Vite; without it, frames stay as minified positions.
const {SourceMapConsumer} = await import('source-map-js').catch(() => ({}));
const consumers = new Map();
/** The original `file:line` of a position in a built file, when its source map says. */
function original(url, line, column) {
  const path = url.startsWith('http') ? `${root}${new URL(url).pathname.slice(1)}` : '';
  if (!SourceMapConsumer || !path || !existsSync(`${path}.map`)) return undefined;
  if (!consumers.has(path)) consumers.set(path, new SourceMapConsumer(JSON.parse(readFileSync(`${path}.map`, 'utf8'))));
  const pos = consumers.get(path).originalPositionFor({line: line + 1, column});
  return pos.source ? `${pos.name ?? ''} ${pos.source.replace(/^(\.\.\/)+/, '')}:${pos.line}` : undefined;
}

const [kind = 'table', impl = 'ours'] = process.argv.slice(2);
const session = await openChromium();
try {
  const opened = await session.open(`/bench/pages/render.html?impl=${kind === 'startup' ? 'bare' : impl}`);
  await opened.page.waitForFunction(() => window.__bench, null, {timeout: 20_000});
  if (kind !== 'startup') await opened.page.evaluate((k) => window.__bench.prepare(k), kind);
  await opened.cdp.send('Profiler.enable');
  await opened.cdp.send('Profiler.setSamplingInterval', {interval: 100});
  await opened.cdp.send('Profiler.start');
  let timing;
  if (kind === 'startup') {
    // Same origin, so the page stays in this renderer and the profiler keeps recording.
    await opened.page.goto(`${session.baseUrl}/bench/pages/startup-${impl === 'lit' ? 'lit' : 'ours'}.html`);
    await opened.page.waitForFunction(() => window.__startup, null, {timeout: 20_000});
    const ms = await opened.page.evaluate(() => window.__startup);
    timing = {ready: ms, painted: ms};
  } else {
    timing = await opened.page.evaluate(() => window.__bench.run());
  }
  const {profile} = await opened.cdp.send('Profiler.stop');
  const dt = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const self = new Map();
  for (const [id, us] of dt) {
    const {functionName, url, lineNumber, columnNumber} = byId.get(id).callFrame;
    const key = original(url, lineNumber, columnNumber) ?? `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}:${columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + us);
  }
  console.log(`${impl}/${kind}: ready ${timing.ready.toFixed(1)} ms, painted ${timing.painted.toFixed(1)} ms; top self time:`);
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(us / 1000).toFixed(1).padStart(8)} ms  ${key}`);
  await opened.close();
} finally {
  await session.close();
}
