/**
 * The benchmarks that run in Node: bundled by bench/run.mjs with esbuild and executed there.
 * Prints one JSON array of BenchResult on stdout's last line.
 */
import {displayLayer} from '../test/helpers/layers.js';
import {loopCpu} from './loop-cpu.bench.js';
import type {BenchResult} from './stats.js';
import {tokenEconomy} from './token-economy.bench.js';

const results: BenchResult[] = [];
results.push(tokenEconomy([displayLayer()], 'autoui'));
results.push(await loopCpu());
console.log(JSON.stringify(results));
