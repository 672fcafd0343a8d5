/**
 * A factory of key proxies for browser tests, built from the shipped source (`src/proxy/`, through
 * `loadProxy`):
 *
 *   POST /__proxies        the options of `createLlmProxy` as JSON (upstreams pointed at fake-LLM
 *                          scenarios, keys, allowedOrigins, maxBodyBytes, maxTokens, limits,
 *                          visitorTokens, ...) → 201 `{url}`: that proxy, served by `node:http`
 *                          through `toNodeListener` on a free loopback port. One option of the
 *                          factory's own, `clockAt` (ms since the epoch), freezes the clock its
 *                          limits count with, so a per-minute window never ends mid-test
 *   POST /__visitor-tokens `{secret, subject, audience, expiresInSeconds}` → 201 `{token}`, signed
 *                          with `createVisitorToken` here, as a site's server would
 *
 * Every proxy stops with the test run.
 */
import {createServer} from 'node:http';
import {loadProxy} from '../support/proxy-source.mjs';

/** Key of this server in `SERVERS`. */
export const name = 'llm-proxy';

/** Starts the factory on a free port. */
export async function start() {
  const {createLlmProxy, toNodeListener, createVisitorToken, createMemoryLimitStore} = await loadProxy();
  const proxies = [];

  /** Serves `createLlmProxy(options)` on a free loopback port. */
  async function serveProxy({clockAt, ...options}) {
    if (clockAt !== undefined) options.store = frozenStore(createMemoryLimitStore(), clockAt);
    const server = createServer(toNodeListener(createLlmProxy(options)));
    await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
    proxies.push(server);
    return `http://127.0.0.1:${server.address().port}`;
  }

  /**
   * `store` counting every request at `clockAt`: a test that fills a per-minute window knows the
   * window and the wait the proxy names, however slowly the machine runs.
   */
  function frozenStore(store, clockAt) {
    return {
      admit: (plan) => store.admit({...plan, now: clockAt}),
      settle: (plan, tokens) => store.settle({...plan, now: clockAt}, tokens),
      usage: (_now, visitor) => store.usage(clockAt, visitor),
    };
  }

  const routes = {
    '/__proxies': async (options) => ({url: await serveProxy(options)}),
    '/__visitor-tokens': async (options) => ({token: await createVisitorToken(options)}),
  };

  const server = createServer(async (req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'content-type');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const route = routes[req.url ?? ''];
    if (req.method !== 'POST' || !route) return void res.writeHead(404).end();
    let body = '';
    for await (const chunk of req) body += chunk;
    try {
      const answer = await route(JSON.parse(body || '{}'));
      res.writeHead(201, {'content-type': 'application/json'}).end(JSON.stringify(answer));
    } catch (error) {
      res.writeHead(400, {'content-type': 'application/json'}).end(JSON.stringify({error: String(error)}));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    async close() {
      const all = [...proxies, server];
      for (const s of all) s.closeAllConnections();
      await Promise.all(all.map((s) => new Promise((resolve) => s.close(resolve))));
    },
  };
}
