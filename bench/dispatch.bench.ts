/**
 * Benchmark 1, dispatch overhead: tool calls through the `Dispatcher` (a `ToolCatalog` over the
 * layer `connectMcpServer` builds) against the Data demo server, vs the same calls made directly
 * with the SDK client our layer wraps: the SDK v2 `Client`, opened the same way (same protocol
 * revision, the same validator) and given the same tool definition per call, so the two sides ask
 * the server for exactly the same work and only our layers differ. (Until 2026-12-04 the direct
 * side was the SDK 1.x client in the 2025 lifecycle while ours spoke the 2026-07-28 revision: the
 * ratio measured the protocols, not our overhead.) The two are interleaved call by call, which
 * goes first alternating, so drift in the machine's load hits both alike; every call has different
 * arguments: the loop refuses a third identical call, and a server cache would flatter.
 */
import {Dispatcher} from '../src/agent/dispatcher.js';
import {ResultBuffer} from '../src/agent/result-buffer.js';
import {ToolCatalog} from '../src/agent/tool-catalog.js';
import {connectMcpServer} from '../src/mcp/index.js';
import {MODERN_REVISION, openClient} from '../src/mcp/open-client.js';
import {median, quantile, ratioRow, type BenchResult} from './stats.js';

const CALLS = Number(process.env.BENCH_DISPATCH_CALLS ?? 3000);
const WARMUP = 100;

/** A different, realistic query per call. */
const sqlFor = (i: number) => `SELECT iata, name, city, state FROM airports ORDER BY iata LIMIT 3 OFFSET ${i}`;

/** Runs the benchmark against the Data server at `url`. */
export async function dispatchOverhead(url: string): Promise<BenchResult> {
  const connection = await connectMcpServer({url, name: 'data'});
  const catalog = new ToolCatalog([connection.layer]);
  const dispatcher = new Dispatcher({catalog, buffer: new ResultBuffer(), signal: new AbortController().signal});
  const toolName = catalog.entries.find((e) => e.tool.name === 'query_sql')!.name;
  // The SDK client as our layer opens it, in the revision our connection negotiated.
  const opened = await openClient({url: new URL(url), label: 'data', headers: {}, signal: new AbortController().signal, protocol: connection.protocol === MODERN_REVISION ? MODERN_REVISION : '2025-11-25'});
  const client = opened.client;
  const toolDefinition = (await client.listTools()).tools.find((t) => t.name === 'query_sql');

  const ours = async (i: number) => {
    const started = performance.now();
    const outcome = await dispatcher.dispatch({type: 'tool-call', id: `toolu_${i}`, name: toolName, input: {sql: sqlFor(i)}}, 1);
    const elapsed = performance.now() - started;
    if (outcome.part.isError) throw new Error(`dispatch failed: ${outcome.call.result}`);
    return elapsed;
  };
  const direct = async (i: number) => {
    const started = performance.now();
    const result = await client.callTool({name: 'query_sql', arguments: {sql: sqlFor(i)}}, toolDefinition ? {toolDefinition} : {});
    const elapsed = performance.now() - started;
    if (result.isError) throw new Error(`direct call failed: ${JSON.stringify(result.content)}`);
    return elapsed;
  };

  const oursTimes: number[] = [];
  const directTimes: number[] = [];
  try {
    for (let i = 0; i < WARMUP + CALLS; i++) {
      // Offsets differ between the two sides too, so neither ever repeats the other's query.
      let a: number;
      let b: number;
      if (i % 2 === 0) {
        a = await ours(2 * i);
        b = await direct(2 * i + 1);
      } else {
        b = await direct(2 * i + 1);
        a = await ours(2 * i);
      }
      if (i < WARMUP) continue;
      oursTimes.push(a);
      directTimes.push(b);
    }
  } finally {
    await client.close();
    await connection.close();
  }
  const m = {ours: median(oursTimes), direct: median(directTimes)};
  const p99 = {ours: quantile(oursTimes, 0.99), direct: quantile(directTimes, 0.99)};
  const ratio = m.ours / m.direct;
  const ratioP99 = p99.ours / p99.direct;
  return {
    name: `1. dispatch overhead (${CALLS.toLocaleString('en')} MCP tool calls, Data demo server)`,
    comparison: `Dispatcher + connectMcpServer layer vs the same SDK v2 client alone (${opened.protocol}), same server, interleaved`,
    rows: [
      ratioRow('median (ms)', m.ours, m.direct, {ours: oursTimes, baseline: directTimes}),
      ratioRow('p99 (ms)', p99.ours, p99.direct),
    ],
    ratio: round(ratio),
    target: '≤ 1.03 (median and p99)',
    met: ratio <= 1.03 && ratioP99 <= 1.03,
    summary: `median ${m.ours.toFixed(2)} vs ${m.direct.toFixed(2)} ms per call (×${ratio.toFixed(3)}); p99 ×${ratioP99.toFixed(3)}`,
    notes: [
      `${CALLS} calls per side after ${WARMUP} warm-up calls each; every call a different query_sql (3 airports at a new offset).`,
      `The server runs in another Node process; the client side of both runs in this one, with the same SDK client and validator.`,
    ],
  };
}

const round = (n: number) => Number(n.toFixed(3));
