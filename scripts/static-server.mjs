/**
 * A small static file server (node:http) for the demo and the end-to-end pages. Serves a folder
 * with the right MIME types; `?csp=strict` on an HTML page adds a strict Content-Security-Policy
 * header (no 'unsafe-eval', no inline script), so the same page can be tested under CSP.
 */
import {createServer} from 'node:http';
import {createReadStream, statSync} from 'node:fs';
import {extname, join, normalize, resolve, sep} from 'node:path';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.md': 'text/markdown; charset=utf-8',
  // WebAssembly compiles while it downloads only when served as such (DuckDB's, for files-engine="duckdb").
  '.wasm': 'application/wasm',
};

/**
 * The strict policy used for `?csp=strict`: scripts only from this origin, no eval.
 * @param {string[]} connect extra origins the page may fetch (MCP servers, the LLM endpoint)
 */
export function strictCsp(connect = []) {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self' ${connect.join(' ')}`.trim(),
  ].join('; ');
}

/**
 * Starts the server on 127.0.0.1. `handlers` see each request first; one that returns true has
 * answered it (the demo mounts the key proxy and its configuration this way).
 * @param {{root: string, port?: number, connect?: string[], handlers?: Array<(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean>}} options
 * @returns {Promise<{url: string, close(): Promise<void>}>}
 */
export function startStaticServer({root, port = 0, connect = [], handlers = []}) {
  const base = resolve(root);
  const server = createServer((req, res) => {
    if (handlers.some((handle) => handle(req, res))) return;
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Browsers ask for a favicon on their own; answer it so pages log no 404.
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    let path = normalize(join(base, decodeURIComponent(url.pathname)));
    if (path !== base && !path.startsWith(base + sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    try {
      if (statSync(path).isDirectory()) path = join(path, 'index.html');
      statSync(path);
    } catch {
      res.writeHead(404, {'content-type': 'text/plain'}).end('not found');
      return;
    }
    const type = MIME[extname(path)] ?? 'application/octet-stream';
    // Like the CDNs that serve npm packages: a page on another origin may load these files as
    // modules (module scripts and their imports are CORS requests).
    const headers = {'content-type': type, 'cache-control': 'no-store', 'access-control-allow-origin': '*'};
    if (type.startsWith('text/html') && url.searchParams.get('csp') === 'strict') headers['content-security-policy'] = strictCsp(connect);
    res.writeHead(200, headers);
    createReadStream(path).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const {port: actual} = server.address();
      resolve({
        url: `http://127.0.0.1:${actual}`,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
