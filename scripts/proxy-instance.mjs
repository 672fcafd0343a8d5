#!/usr/bin/env node
/**
 * One key proxy instance as a program of its own, the way a deployment runs several: options from
 * the environment (`proxyOptionsFromEnv`, the variables listed in src/proxy/env-options.ts), limits
 * counted in the Redis at `REDIS_URL` so every instance enforces the same ones (in this process's
 * memory when it is unset). `npm run proxy:cluster`, the proxy load test and the proxy benchmark
 * start it through `startProxyInstances` (scripts/proxy-instances.mjs).
 *
 *   PROXY_INSTANCE_PORT (0: a free port), PROXY_INSTANCE_HOST (127.0.0.1)
 *
 * The proxy is compiled from src/proxy/ when the instance starts (test/support/proxy-source.mjs),
 * so it always runs the code of the working tree. With an IPC channel it sends
 * `{listening: url}` to its parent once it listens, and stops when the parent goes away; its log
 * lines (the proxy never puts a key or a token in them) go to stdout. SIGTERM or SIGINT stops it.
 */
import {createServer} from 'node:http';
import {loadProxy} from '../test/support/proxy-source.mjs';
import {connectRedis} from './redis-client.mjs';

const env = process.env;
const {createLlmProxy, createMemoryLimitStore, createRedisLimitStore, proxyOptionsFromEnv, toNodeListener} = await loadProxy();
const log = (line) => console.log(line);

let redis;
let lostRedis = false;
if (env.REDIS_URL) {
  // Never the URL in a line: it may carry the Redis password.
  redis = await connectRedis(env.REDIS_URL, {
    onError: (error) => {
      if (lostRedis) return; // one line per outage, not one per reconnection attempt
      lostRedis = true;
      log(`warning: Redis unreachable (${error.message})`);
    },
  });
  redis.on('ready', () => {
    if (lostRedis) log('Redis is back');
    lostRedis = false;
  });
}
const store = redis ? createRedisLimitStore({client: redis}) : createMemoryLimitStore();
const proxy = createLlmProxy({...proxyOptionsFromEnv(env), store, log});
const listener = toNodeListener(proxy);
// Every refusal in the proxy's JSON, Node's own included (see scripts/proxy.mjs).
const server = createServer({requireHostHeader: false}, listener).on('clientError', listener.clientError).on('checkExpectation', listener);
await new Promise((resolve) => server.listen(Number(env.PROXY_INSTANCE_PORT ?? 0), env.PROXY_INSTANCE_HOST || '127.0.0.1', resolve));
const {address, port} = server.address();
const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
if (process.send) process.send({listening: url});
else log(`key proxy listening on ${url} (limits in ${redis ? 'Redis' : 'memory'})`);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  server.closeAllConnections();
  server.close(() => {
    redis?.disconnect();
    process.exit(0);
  });
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
