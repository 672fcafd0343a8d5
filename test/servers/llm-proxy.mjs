/**
 * A factory of key proxies for browser tests: `POST /__proxies` with the options of
 * `startLlmProxy` (upstreams pointed at fake-LLM scenarios, keys, allowed origins, body limit)
 * starts one on a free port and answers `{url}`. Every proxy stops with the test run.
 */
import {createServer} from 'node:http';
import {startLlmProxy} from '../../demo/proxy/llm-proxy.mjs';

/** Key of this server in `SERVERS`. */
export const name = 'llm-proxy';

/** Starts the factory on a free port. */
export async function start() {
  const proxies = [];
  const server = createServer(async (req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'content-type');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method !== 'POST' || req.url !== '/__proxies') return void res.writeHead(404).end();
    let body = '';
    for await (const chunk of req) body += chunk;
    try {
      const proxy = await startLlmProxy({...JSON.parse(body || '{}'), port: 0});
      proxies.push(proxy);
      res.writeHead(201, {'content-type': 'application/json'}).end(JSON.stringify({url: proxy.url}));
    } catch (error) {
      res.writeHead(400, {'content-type': 'application/json'}).end(JSON.stringify({error: String(error)}));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    async close() {
      await Promise.all(proxies.map((p) => p.close()));
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
