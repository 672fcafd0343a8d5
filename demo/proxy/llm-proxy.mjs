#!/usr/bin/env node
/**
 * The key proxy: holds the provider keys server-side and forwards the two model routes, streaming,
 * so pages set `endpoint` to it and no key reaches the browser, where anyone who opens the page
 * could read it.
 *
 *   POST /v1/messages                          → Anthropic ({ANTHROPIC_BASE_URL}/v1/messages), adds x-api-key
 *   POST /v1/chat/completions, /chat/completions → OpenAI-compatible ({OPENAI_BASE_URL}/chat/completions), adds Authorization
 *   GET  /health                               → which routes are configured (never the keys)
 *
 * Run alone: `node demo/proxy/llm-proxy.mjs` (env: ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL,
 * OPENAI_API_KEY, OPENAI_BASE_URL, PROXY_ALLOWED_ORIGINS, PROXY_PORT (8787), PROXY_HOST
 * (127.0.0.1), PROXY_MAX_BODY_BYTES (1 MB)). Errors are JSON `{error: {type, message}}`.
 */
import {createServer} from 'node:http';
import {pathToFileURL} from 'node:url';
import {forward} from './forward.mjs';
import {isAllowedOrigin, parseAllowedOrigins} from './origin-policy.mjs';

const DEFAULT_BASE = {anthropic: 'https://api.anthropic.com', openai: 'https://api.openai.com/v1'};
const ROUTES = {'/v1/messages': 'anthropic', '/v1/chat/completions': 'openai', '/chat/completions': 'openai'};
const EXPOSED = 'retry-after, retry-after-ms, x-should-retry, request-id, x-request-id';

/**
 * @typedef {{apiKey?: string, baseUrl?: string}} Upstream
 * @typedef {{anthropic?: Upstream, openai?: Upstream, allowedOrigins?: string[], maxBodyBytes?: number,
 *   basePath?: string, log?: (line: string) => void}} LlmProxyOptions
 */

/**
 * A request handler for the proxy routes, to mount in another node:http server (e.g. under
 * `basePath: '/llm'` so the page and the proxy share one origin). Returns false for other paths.
 * @param {LlmProxyOptions} options
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean}
 */
export function createLlmProxyHandler(options = {}) {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const maxBodyBytes = options.maxBodyBytes ?? 1_000_000;
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (!path.startsWith(`${basePath}/`)) return false;
    const route = path.slice(basePath.length);
    const wire = ROUTES[route];
    if (!wire && route !== '/health') return false;
    const started = Date.now();
    res.on('finish', () => options.log?.(`${req.method} ${path} → ${res.statusCode} (${Date.now() - started} ms)`));
    const origin = req.headers.origin;
    if (!isAllowedOrigin(origin, req.headers.host, options.allowedOrigins)) {
      fail(res, 403, 'origin_not_allowed', `The proxy does not serve pages from ${origin}. Add it to PROXY_ALLOWED_ORIGINS.`);
      req.resume();
      return true;
    }
    if (origin) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('vary', 'origin');
      res.setHeader('access-control-expose-headers', EXPOSED);
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type',
        'access-control-max-age': '600',
      });
      res.end();
      return true;
    }
    if (route === '/health') {
      json(res, 200, {ok: true, anthropic: configured(options.anthropic), openai: configured(options.openai)});
      return true;
    }
    if (req.method !== 'POST') {
      fail(res, 405, 'method_not_allowed', `${route} accepts POST only.`);
      return true;
    }
    handlePost(req, res, wire, options, maxBodyBytes);
    return true;
  };
}

/**
 * Starts the proxy on its own server.
 * @param {LlmProxyOptions & {port?: number, host?: string}} options
 * @returns {Promise<{url: string, close(): Promise<void>}>}
 */
export async function startLlmProxy({port = 8787, host = '127.0.0.1', ...options} = {}) {
  const handler = createLlmProxyHandler(options);
  const server = createServer((req, res) => {
    if (!handler(req, res)) fail(res, 404, 'not_found', 'Routes: POST /v1/messages, POST /v1/chat/completions, GET /health.');
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${server.address().port}`;
  return {
    url,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function handlePost(req, res, wire, options, maxBodyBytes) {
  const upstream = options[wire];
  const chunks = [];
  let size = 0;
  req.on('data', (chunk) => {
    size += chunk.length;
    if (size <= maxBodyBytes) chunks.push(chunk);
  });
  req.on('end', () => {
    if (size > maxBodyBytes) return fail(res, 413, 'request_too_large', `The request body is ${size} bytes; this proxy accepts at most ${maxBodyBytes} (PROXY_MAX_BODY_BYTES).`);
    if (!configured(upstream)) {
      const env = wire === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY (or OPENAI_BASE_URL for a keyless server such as Ollama)';
      // Not retryable: a missing key does not fix itself, so tell clients not to retry.
      return fail(res, 503, 'proxy_not_configured', `The proxy has no key for ${wire === 'anthropic' ? 'Anthropic' : 'OpenAI-compatible'} requests: set ${env} in its environment and restart it.`, {'x-should-retry': 'false'});
    }
    const base = (upstream.baseUrl || DEFAULT_BASE[wire]).replace(/\/+$/, '');
    const target = wire === 'anthropic'
      ? {url: `${base}/v1/messages`, auth: upstream.apiKey ? {'x-api-key': upstream.apiKey} : {}, defaults: {'anthropic-version': '2023-06-01'}}
      : {url: `${base}/chat/completions`, auth: upstream.apiKey ? {authorization: `Bearer ${upstream.apiKey}`} : {}};
    forward(req, res, Buffer.concat(chunks), target, fail).catch(() => res.destroy());
  });
}

/** A route works with a key, or with an explicit base URL (keyless local servers). */
function configured(upstream) {
  return !!(upstream?.apiKey || upstream?.baseUrl);
}

function fail(res, status, type, message, headers = {}) {
  json(res, status, {error: {type, message}}, headers);
}

function json(res, status, body, headers = {}) {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, {'content-type': 'application/json', ...headers});
  res.end(JSON.stringify(body));
}

/** Options from the environment (see the module comment). */
export function proxyOptionsFromEnv(env = process.env) {
  return {
    port: Number(env.PROXY_PORT ?? 8787),
    host: env.PROXY_HOST ?? '127.0.0.1',
    anthropic: {apiKey: env.ANTHROPIC_API_KEY || undefined, baseUrl: env.ANTHROPIC_BASE_URL || undefined},
    openai: {apiKey: env.OPENAI_API_KEY || undefined, baseUrl: env.OPENAI_BASE_URL || undefined},
    allowedOrigins: parseAllowedOrigins(env.PROXY_ALLOWED_ORIGINS),
    maxBodyBytes: env.PROXY_MAX_BODY_BYTES ? Number(env.PROXY_MAX_BODY_BYTES) : undefined,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options = proxyOptionsFromEnv();
  const proxy = await startLlmProxy({...options, log: (line) => console.log(line)});
  const state = (u) => (u.apiKey ? 'key set' : u.baseUrl ? `keyless (${u.baseUrl})` : 'NOT CONFIGURED');
  console.log(`autoui-agent key proxy on ${proxy.url}
  Anthropic: ${state(options.anthropic)}  → pages use provider="anthropic" endpoint="${proxy.url}"
  OpenAI-compatible: ${state(options.openai)}  → pages use provider="openai" endpoint="${proxy.url}/v1"
  Allowed origins: ${options.allowedOrigins?.join(', ') ?? 'same-origin and localhost pages'}`);
  const stop = () => proxy.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
