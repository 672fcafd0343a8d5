// The key proxy as a Node server: `node node-server.mjs`. Configured by its environment
// (ANTHROPIC_API_KEY, OPENAI_API_KEY, PROXY_ALLOWED_ORIGINS, …; PORT and HOST for the socket).
// With REDIS_URL, every instance counts the same limits in that Redis (then `npm install ioredis`).
import {createServer} from 'node:http';
import {createLlmProxy, createRedisLimitStore, proxyOptionsFromEnv, toNodeListener} from 'autoui-agent/proxy';

const options = proxyOptionsFromEnv(process.env);
if (process.env.REDIS_URL) {
  // Imported only here, so a single instance runs without ioredis installed.
  const {Redis} = await import('ioredis');
  options.store = createRedisLimitStore({client: new Redis(process.env.REDIS_URL, {enableOfflineQueue: false})});
}
const proxy = createLlmProxy({...options, log: (line) => console.log(line)});

const listener = toNodeListener(proxy);
// Node's own refusals (a request it cannot parse) answered in the proxy's JSON too.
const server = createServer({requireHostHeader: false}, listener).on('clientError', listener.clientError).on('checkExpectation', listener);
server.listen(Number(process.env.PORT ?? 8787), process.env.HOST ?? '127.0.0.1', () => {
  const {address, port} = server.address();
  console.log(`key proxy listening on http://${address}:${port}`);
});
