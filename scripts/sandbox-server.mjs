/**
 * Serves the MCP App sandbox page (dist/mcp-app-sandbox.html) alone, on a port of its own: another
 * origin than the demo page, which is what `sandbox-url` needs (a view framed on the page's own
 * origin could reach the page). It is sent without a Content-Security-Policy header of its own:
 * the view's frame inherits the sandbox page's policy, and the page applies each view's declared
 * policy itself (see README, "MCP Apps").
 */
import {createServer} from 'node:http';
import {readFileSync} from 'node:fs';

/**
 * @param {{file: string, port?: number, host?: string}} options `file`: the page to serve (read at
 * each request, so an edited source page is served as it is now)
 * @returns {Promise<{url: string, close(): Promise<void>}>}
 */
export function startSandboxServer({file, port = 0, host = '127.0.0.1'}) {
  const server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/mcp-app-sandbox.html') return void res.writeHead(404).end();
    res.writeHead(200, {'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff'});
    res.end(readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({url: `http://${host}:${address.port}/mcp-app-sandbox.html`, close: () => new Promise((done) => server.close(() => done(undefined)))});
    });
  });
}
