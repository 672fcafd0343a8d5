/**
 * Benchmark 10, proxy overhead: the latency of one streamed answer (request sent → last byte
 * read) taken directly from the fake LLM (the baseline), through one key proxy instance with its
 * limits in memory, and through three instances sharing their limits in Redis behind a
 * round-robin front, the shape of a deployment. The three sides are interleaved request by
 * request, their order rotating, so drift in the machine's load hits each alike. Each side asks
 * its own scenario of identical turns, so none is served another's answer. The proxies run the
 * whole check of a public deployment: visitor token, model allow-list, every limit on.
 */
import {startProxyInstances} from '../scripts/proxy-instances.mjs';
import {startRedisServer} from '../scripts/redis-server.mjs';
import {startRoundRobinFront} from '../scripts/round-robin-front.mjs';
import {createVisitorToken, VISITOR_TOKEN_HEADER} from '../src/proxy/index.js';
import {quantile, ratioRow, round3, type BenchResult} from './stats.js';

const REQUESTS = 400;
const WARMUP = 40;
const KEY = 'sk-ant-bench-key-0000000000';
/** ~40 words: a short answer in 14 text frames, sent as fast as the fake LLM can, so only the proxy's own cost adds to it. */
const TEXT = Array.from({length: 40}, (_, i) => `word${i}`).join(' ');
const BODY = JSON.stringify({model: 'claude-bench', max_tokens: 256, stream: true, messages: [{role: 'user', content: 'How fast is the proxy?'}]});

interface Side {
  name: string;
  url: string;
  headers: Record<string, string>;
  times: number[];
}

/** Runs the benchmark against the fake LLM at `fakeLlmUrl`. */
export async function proxyOverhead(fakeLlmUrl: string): Promise<BenchResult> {
  const turns = Array.from({length: WARMUP + REQUESTS}, () => ({text: TEXT, usage: {input: 12, output: 60}}));
  const [direct, single, shared] = await Promise.all([0, 1, 2].map(() => addScenario(fakeLlmUrl, turns)));
  const secret = 'bench-visitor-secret-0123456789abcdef';
  const audience = 'https://bench.example';
  const env = (base: string, redisUrl?: string) => ({
    PATH: process.env.PATH,
    ANTHROPIC_API_KEY: KEY,
    ANTHROPIC_BASE_URL: base,
    ANTHROPIC_MODELS: 'claude-bench',
    PROXY_VISITOR_SECRET: secret,
    PROXY_VISITOR_AUDIENCE: audience,
    // High enough never to refuse here, still checked and counted on every request.
    PROXY_REQUESTS_PER_MINUTE: '1000000',
    ...(redisUrl ? {REDIS_URL: redisUrl} : {}),
  });
  const redis = await startRedisServer();
  const one = await startProxyInstances({count: 1, env: env(single)});
  const three = await startProxyInstances({count: 3, env: env(shared, redis.url)});
  const front = await startRoundRobinFront({targets: three.urls});
  const token = await createVisitorToken({secret, subject: 'bench-visitor', audience});
  const visitor = {[VISITOR_TOKEN_HEADER]: token};
  const sides: Side[] = [
    {name: 'direct', url: `${direct}/v1/messages`, headers: {'x-api-key': KEY}, times: []},
    {name: 'one proxy', url: `${one.urls[0]}/v1/messages`, headers: visitor, times: []},
    {name: 'cluster', url: `${front.url}/v1/messages`, headers: visitor, times: []},
  ];
  try {
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      for (let k = 0; k < sides.length; k++) {
        const side = sides[(i + k) % sides.length];
        const elapsed = await streamedRequest(side);
        if (i >= WARMUP) side.times.push(elapsed);
      }
    }
  } finally {
    await front.close();
    await Promise.all([one.stop(), three.stop()]);
    await redis.stop();
  }

  const [base, proxied, cluster] = sides;
  const p = (side: Side, q: number) => quantile(side.times, q);
  const row = (what: string, ours: Side, q: number) => ({
    ...ratioRow(`${what} (ms)`, p(ours, q), p(base, q), q === 0.5 ? {ours: ours.times, baseline: base.times} : undefined),
    'overhead (ms)': round3(p(ours, q) - p(base, q)),
  });
  const ratio = p(proxied, 0.5) / p(base, 0.5);
  const clusterRatio = p(cluster, 0.5) / p(base, 0.5);
  const ms = (side: Side, q: number) => `+${(p(side, q) - p(base, q)).toFixed(2)} ms`;
  return {
    name: '10. proxy overhead (streamed answer, fake LLM upstream)',
    comparison: 'one proxy instance (memory store) and 3 instances + Redis + round-robin front vs the fake LLM directly; interleaved',
    rows: [
      row('one proxy: p50', proxied, 0.5),
      row('one proxy: p99', proxied, 0.99),
      row('3 instances + Redis + front: p50', cluster, 0.5),
      row('3 instances + Redis + front: p99', cluster, 0.99),
    ],
    ratio: round3(ratio),
    summary: `p50 ${ms(proxied, 0.5)} (×${ratio.toFixed(2)}) through one proxy, ${ms(cluster, 0.5)} (×${clusterRatio.toFixed(2)}) through 3 instances + Redis + front; p99 ${ms(proxied, 0.99)} and ${ms(cluster, 0.99)}`,
    notes: [
      `${REQUESTS} streamed requests per side after ${WARMUP} warm-up requests each; the direct baseline median is ${p(base, 0.5).toFixed(2)} ms.`,
      'Latency: request sent until the last byte is read. The fake LLM runs in the bench runner, each proxy instance in its own process, the front in the client\'s process, redis-server on loopback.',
      'Per request the proxies verify a visitor token, check the model, admit in the store (one Redis script for the cluster) and settle when the answer ends.',
    ],
  };
}

async function addScenario(fakeLlmUrl: string, turns: object[]): Promise<string> {
  const response = await fetch(`${fakeLlmUrl}/__scenarios`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({name: 'proxy bench', turns})});
  if (!response.ok) throw new Error(`fake LLM refused the scenario: ${await response.text()}`);
  return ((await response.json()) as {base: string}).base;
}

/** One streamed request: ms until its answer's last byte is read. Throws unless the whole answer came. */
async function streamedRequest(side: Side): Promise<number> {
  const started = performance.now();
  const response = await fetch(side.url, {method: 'POST', headers: {'content-type': 'application/json', ...side.headers}, body: BODY});
  const raw = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200 || !raw.includes('word39') || !raw.includes('message_stop')) throw new Error(`${side.name}: ${response.status} ${raw.slice(0, 300)}`);
  return elapsed;
}
