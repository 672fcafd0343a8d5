/**
 * The benchmarks that run in Node: bundled by bench/run.mjs with esbuild and executed in a child
 * process, while the MCP servers they talk to run in the parent. Reads the servers' URLs from
 * `BENCH_SERVERS` (JSON `{name: url}`); prints one JSON array of BenchResult on stdout's last line. `BENCH_ONLY=dispatch,loop` runs a subset.
 */
import {displayLayer} from '../test/helpers/layers.js';
import {dispatchOverhead} from './dispatch.bench.js';
import {loopCpu} from './loop-cpu.bench.js';
import type {BenchResult} from './stats.js';
import {tokenEconomy} from './token-economy.bench.js';

const servers = JSON.parse(process.env.BENCH_SERVERS ?? '{}') as Record<string, string>;
const only = process.env.BENCH_ONLY?.split(',');
const wanted = (name: string) => !only || only.includes(name);
const results: BenchResult[] = [];
if (wanted('dispatch')) results.push(await dispatchOverhead(servers['demo-data']));
if (wanted('tokens')) results.push(tokenEconomy([displayLayer()], 'autoui'));
if (wanted('loop')) results.push(await loopCpu());
console.log(JSON.stringify(results));
