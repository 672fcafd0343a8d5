/**
 * The benchmarks that run in Chromium (4, 5, 6, 7, 8, 9, 11, 12): bundled by bench/run.mjs with esbuild (packages
 * left external) and run in a child process. Reads the servers' URLs from `BENCH_SERVERS`; prints
 * one JSON array of BenchResult on stdout's last line. `BENCH_ONLY=render,startup` runs a subset.
 */
import {openChromium} from './browser/chromium-session.mjs';
import {hugeContent} from './browser/long-content.bench.js';
import {localFiles} from './browser/files.bench.js';
import {localFilesDuckdb} from './browser/files-duckdb.bench.js';
import {progressiveWidgets} from './browser/progressive.bench.js';
import {rendering} from './browser/render.bench.js';
import {snapshotRestore} from './browser/snapshot.bench.js';
import {startup} from './browser/startup.bench.js';
import {streaming} from './browser/streaming.bench.js';
import {streamingOverCanvas} from './browser/streaming-canvas.bench.js';
import type {BenchResult} from './stats.js';

const servers = JSON.parse(process.env.BENCH_SERVERS ?? '{}') as Record<string, string>;
const only = process.env.BENCH_ONLY?.split(',');
const wanted = (name: string) => !only || only.includes(name);
const session = await openChromium();
const results: BenchResult[] = [];
try {
  if (wanted('render')) results.push(await rendering(session));
  if (wanted('startup')) results.push(await startup(session));
  if (wanted('streaming')) results.push(await streaming(session, servers['fake-llm']));
  if (wanted('canvas-streaming')) results.push(await streamingOverCanvas(session, servers['fake-llm']));
  if (wanted('progressive')) results.push(await progressiveWidgets(session, servers['fake-llm']));
  if (wanted('snapshot')) results.push(await snapshotRestore(session));
  if (wanted('huge')) results.push(await hugeContent(session));
  if (wanted('files')) results.push(await localFiles(session));
  if (wanted('files-duckdb')) results.push(await localFilesDuckdb(session));
} finally {
  await session.close();
}
console.log(JSON.stringify(results));
