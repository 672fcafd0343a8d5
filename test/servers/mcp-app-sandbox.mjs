/**
 * The MCP App sandbox proxy page (src/widgets/mcp-app/mcp-app-sandbox.html, what the build ships
 * as dist/mcp-app-sandbox.html) served on its own origin, as a site would serve it: a port of its
 * own on 127.0.0.1, never the test page's. Its URL is the page's address.
 */
import {createServer} from 'node:http';
import {readFileSync} from 'node:fs';

export const name = 'mcp-app-sandbox';

const page = new URL('../../src/widgets/mcp-app/mcp-app-sandbox.html', import.meta.url);

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export function start() {
  const server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/mcp-app-sandbox.html') return void res.writeHead(404).end();
    // Read at each request: the page is edited while tests run in watch mode.
    res.writeHead(200, {'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store'});
    res.end(readFileSync(page));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address();
      resolve({url: `http://127.0.0.1:${port}/mcp-app-sandbox.html`, close: () => new Promise((done) => server.close(() => done(undefined)))});
    });
  });
}
