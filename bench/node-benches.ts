/**
 * The benchmarks that run in Node: bundled by bench/run.mjs with esbuild and executed in a child
 * process, while the MCP servers they talk to run in the parent. Reads the servers' URLs from
 * `BENCH_SERVERS` (JSON `{name: url}`); prints one JSON array of BenchResult on stdout's last
 * line. `BENCH_ONLY=dispatch,loop` runs a subset. The proxy benchmark also starts redis-server and
 * proxy instances of its own (scripts/), which bench/run.mjs leaves unbundled.
 */
import {connectMcpServer} from '../src/mcp/index.js';
import type {ToolLayer} from '../src/agent/types.js';
import {createAutouiLayer} from '../src/webmcp/autoui-layer.js';
import {createDefaultRegistry} from '../src/widgets/catalog.js';
import {dispatchOverhead} from './dispatch.bench.js';
import {loopCpu} from './loop-cpu.bench.js';
import {proxyOverhead} from './proxy.bench.js';
import type {BenchResult} from './stats.js';
import {smallModelRequest, tokenEconomy} from './token-economy.bench.js';
import {telemetryOverhead} from './telemetry.bench.js';

const servers = JSON.parse(process.env.BENCH_SERVERS ?? '{}') as Record<string, string>;
const only = process.env.BENCH_ONLY?.split(',');
const wanted = (name: string) => !only || only.includes(name);

/** The real layers of a page: the element's `autoui` layer, both demo servers and server-everything. */
async function realLayers(): Promise<{layers: ToolLayer[]; close(): Promise<void>}> {
  const autoui = createAutouiLayer({catalog: createDefaultRegistry(), imageHosts: () => []});
  const connections = await Promise.all(
    [['data', 'demo-data'], ['atlas', 'demo-atlas'], ['everything', 'everything']].map(([name, key]) => connectMcpServer({name, url: servers[key]})),
  );
  return {layers: [autoui, ...connections.map((c) => c.layer)], close: async () => void (await Promise.all(connections.map((c) => c.close())))};
}

const results: BenchResult[] = [];
if (wanted('dispatch')) results.push(await dispatchOverhead(servers['demo-data']));
if (wanted('tokens')) {
  const real = await realLayers();
  try {
    results.push(tokenEconomy(real.layers, 'autoui + Data + Atlas + everything'));
    results.push(smallModelRequest(real.layers, 'autoui + Data + Atlas + everything'));
  } finally {
    await real.close();
  }
}
if (wanted('loop')) results.push(await loopCpu());
if (wanted('proxy')) results.push(await proxyOverhead(servers['fake-llm']));
if (wanted('telemetry')) results.push(await telemetryOverhead());
console.log(JSON.stringify(results));
