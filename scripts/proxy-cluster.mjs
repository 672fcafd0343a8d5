#!/usr/bin/env node
/**
 * `npm run proxy:cluster`: the key proxy deployed as several instances on this machine, to try
 * the shared limits by hand. Starts a throwaway redis-server (nothing saved), 3 proxy instances
 * (processes of scripts/proxy-instance.mjs) configured from the environment exactly as one proxy
 * is (the variables of `proxyOptionsFromEnv`, src/proxy/env-options.ts) with their limits in that
 * Redis, and a round-robin front on one address. Ctrl+C stops everything.
 *
 *   PROXY_PORT (8787), PROXY_HOST (127.0.0.1): the front's address
 *   PROXY_INSTANCES (3): how many instances
 *   REDIS_URL: use this Redis instead of starting one
 *
 * The instances compile the proxy from src/proxy/ with esbuild, as its tests do, so the cluster
 * starts in a moment without a build and runs the working tree's code.
 */
import {startProxyInstances} from './proxy-instances.mjs';
import {startRedisServer} from './redis-server.mjs';
import {startRoundRobinFront} from './round-robin-front.mjs';
import {loadProxy} from '../test/support/proxy-source.mjs';

const env = process.env;
const count = Number(env.PROXY_INSTANCES ?? 3);
if (!Number.isInteger(count) || count < 1) throw new Error(`PROXY_INSTANCES must be a whole number of at least 1, not "${env.PROXY_INSTANCES}".`);

const stops = [];
let options;
let redis;
let front;
try {
  // Read once here, so a wrong variable is reported once, before anything starts.
  options = (await loadProxy()).proxyOptionsFromEnv(env);
  redis = env.REDIS_URL ? undefined : await startRedisServer();
  stops.unshift(() => redis?.stop());
  const instances = await startProxyInstances({
    count,
    // Behind this front every socket is the front's: the client is the last x-forwarded-for entry, which the front adds.
    env: {...env, REDIS_URL: env.REDIS_URL || redis.url, PROXY_INSTANCE_PORT: '0', PROXY_INSTANCE_HOST: '127.0.0.1', PROXY_CLIENT_ADDRESS_HEADER: env.PROXY_CLIENT_ADDRESS_HEADER || 'x-forwarded-for'},
    onLine: (instance, line) => console.log(`[${instance + 1}] ${line}`),
  });
  stops.unshift(() => instances.stop());
  front = await startRoundRobinFront({targets: instances.urls, port: Number(env.PROXY_PORT ?? 8787), host: env.PROXY_HOST || '127.0.0.1'});
  stops.unshift(() => front.close());
  console.log(describeCluster(instances.urls));
} catch (error) {
  await stop(1, error);
}

function describeCluster(urls) {
  const limits = options.limits ?? {};
  const shown = (value, fallback) => (value === false ? 'off' : (value ?? fallback)?.toLocaleString('en'));
  const route = (upstream, name) => `${name} ${upstream?.apiKey || upstream?.baseUrl ? `→ ${upstream.baseUrl ?? 'the provider'}${upstream.models ? ` (${upstream.models.join(', ')})` : ''}` : 'not configured'}`;
  return `
autoui-agent key proxy cluster: ${front.url}  (POST /v1/messages, POST /v1/chat/completions, GET /health)

  Instances   ${urls.join('  ')}  (round-robin from the front, each its own process)
  Limits      in ${redis ? `a throwaway Redis at ${redis.url} (counters end with this command)` : 'the Redis of REDIS_URL'}
              per visitor: ${shown(limits.requestsPerMinute, 60)} requests/min, ${shown(limits.concurrentStreams, 4)} streams at once, ${shown(limits.tokensPerDay, 1_000_000)} tokens/day; everyone: ${limits.dailyTokenBudget ? `${shown(limits.dailyTokenBudget)} tokens/day` : 'no daily budget'}
  Routes      ${route(options.anthropic, 'Anthropic')}; ${route(options.openai, 'OpenAI-compatible')}
  Visitors    ${options.visitorTokens ? 'need a visitor token (PROXY_VISITOR_SECRET)' : `counted by client address (${env.PROXY_CLIENT_ADDRESS_HEADER || 'x-forwarded-for'}, set by the front; no visitor tokens)`}
${options.anthropic?.apiKey || options.anthropic?.baseUrl || options.openai?.apiKey || options.openai?.baseUrl ? '' : '\n  No route is configured: set ANTHROPIC_API_KEY, OPENAI_API_KEY or OPENAI_BASE_URL and start again.\n'}
Ctrl+C to stop.`;
}

async function stop(code = 0, error) {
  if (error) console.error(`proxy:cluster: ${error.message}`);
  for (const step of stops) await Promise.resolve(step()).catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
