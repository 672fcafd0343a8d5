/**
 * An OTLP/HTTP receiver for tests: the collector the browser, the key proxy and the traced MCP
 * server export to, and an HTTP API for tests to read what it got.
 *
 *   POST /v1/traces, /v1/metrics   OTLP/JSON export requests (`application/json`, what
 *                                  `@opentelemetry/exporter-trace-otlp-http` sends). Protobuf
 *                                  (`application/x-protobuf`) is answered 415: every exporter the
 *                                  tests configure speaks JSON, and a protobuf body the receiver
 *                                  could not read would make a privacy test pass for nothing.
 *   GET /received?traceId=&name=&min=&waitMs=
 *                                  → `{spans}` (see `ReceivedSpan` in test/support/otlp-json.mjs),
 *                                  filtered by trace id and/or span name; with `min`, waits up to
 *                                  `waitMs` (default 10 s) until at least `min` spans match, since
 *                                  exporters send in batches after the fact
 *   GET /received/metrics?name=&min=&waitMs=  → `{points}` (`ReceivedPoint`), the same way
 *   GET /received/raw              → every byte received on the export routes, concatenated
 *                                  (a privacy test looks for its marker in it)
 *   DELETE /received               forgets everything received
 *   POST /status/{code}/v1/traces  a dead collector for this export only: answers `code`, keeps nothing
 *   POST /delay/{ms}/v1/traces     a slow collector for this export only: keeps it, answers after `ms`
 *                                  (also for /v1/metrics). Point one test's exporter there: the
 *                                  other tests, running at the same time, are not touched
 *   PUT /behaviour                 `{status?, delayMs?}`: the same for every export until changed,
 *                                  `{}` restores 200 at once. It reaches every test running at that
 *                                  moment: prefer the paths above
 *
 * Tests run in parallel against one receiver, so each filters by its own trace id or marker
 * rather than clearing. CORS is open: test pages on other origins export here directly.
 */
import {createServer} from 'node:http';
import {flattenMetrics, flattenTraces} from '../support/otlp-json.mjs';

/** Key of this server in `SERVERS`. */
export const name = 'otlp-receiver';

/** Bytes kept at most (the oldest bodies are forgotten first), so a long run cannot fill memory. */
const MAX_KEPT_BYTES = 64 * 1024 * 1024;

/** Longest wait a reader may ask for. */
const MAX_WAIT_MS = 30_000;

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'access-control-allow-headers': 'content-type, traceparent, tracestate',
};

/**
 * Starts the receiver on a free loopback port.
 * @param {{port?: number}} [options]
 * @returns {Promise<{url: string, close(): Promise<void>}>}
 */
export async function start(options = {}) {
  /** @type {Array<{kind: 'traces' | 'metrics', bytes: Buffer, items: unknown[]}>} */
  let bodies = [];
  let keptBytes = 0;
  let behaviour = {status: 200, delayMs: 0};
  /** Readers waiting for more data: each is called after every export (with `true`: answer now). */
  const waiters = new Set();

  function keep(kind, bytes, items) {
    bodies.push({kind, bytes, items});
    keptBytes += bytes.length;
    while (keptBytes > MAX_KEPT_BYTES && bodies.length > 1) keptBytes -= bodies.shift().bytes.length;
    for (const wake of waiters) wake();
  }

  const all = (kind) => bodies.filter((b) => b.kind === kind).flatMap((b) => b.items);

  /** Answers with the matching items, once at least `min` match or the wait is over. */
  async function answerWhen(res, query, kind, matches, key) {
    const min = Number(query.get('min') ?? 0);
    const waitMs = Math.min(Number(query.get('waitMs') ?? 10_000), MAX_WAIT_MS);
    const found = () => all(kind).filter(matches);
    let items = found();
    if (items.length < min) {
      items = await new Promise((resolve) => {
        const done = () => {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found());
        };
        const check = (force = false) => (force || found().length >= min) && done();
        const timer = setTimeout(done, waitMs);
        waiters.add(check);
      });
    }
    res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({[key]: items}));
  }

  async function receive(req, res, kind, only = {}) {
    const bytes = await readAll(req);
    const delayMs = only.delayMs ?? behaviour.delayMs;
    const status = only.status ?? behaviour.status;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(delayMs, MAX_WAIT_MS)));
    if (status !== 200) return void res.writeHead(status, {'content-type': 'application/json'}).end('{"message":"collector told to fail"}');
    const type = String(req.headers['content-type'] ?? '').split(';')[0].trim();
    if (type !== 'application/json') return void res.writeHead(415, {'content-type': 'text/plain'}).end('This receiver reads OTLP/JSON only.');
    let payload;
    try {
      payload = JSON.parse(bytes.toString('utf8'));
    } catch {
      return void res.writeHead(400, {'content-type': 'text/plain'}).end('Not JSON.');
    }
    keep(kind, bytes, kind === 'traces' ? flattenTraces(payload) : flattenMetrics(payload));
    res.writeHead(200, {'content-type': 'application/json'}).end('{}');
  }

  const server = createServer(async (req, res) => {
    for (const [k, v] of Object.entries(CORS)) res.setHeader(k, v);
    const url = new URL(req.url ?? '/', 'http://local');
    const q = url.searchParams;
    const route = `${req.method} ${url.pathname}`;
    const mode = /^POST \/(status|delay)\/(\d{1,6})\/v1\/(traces|metrics)$/.exec(route);
    try {
      if (mode) return await receive(req, res, mode[3], mode[1] === 'status' ? {status: Number(mode[2])} : {delayMs: Number(mode[2])});
      switch (route) {
        case 'POST /v1/traces':
          return await receive(req, res, 'traces');
        case 'POST /v1/metrics':
          return await receive(req, res, 'metrics');
        case 'GET /received': {
          const traceId = q.get('traceId');
          const spanName = q.get('name');
          return await answerWhen(res, q, 'traces', (s) => (!traceId || s.traceId === traceId) && (!spanName || s.name === spanName), 'spans');
        }
        case 'GET /received/metrics': {
          const metricName = q.get('name');
          return await answerWhen(res, q, 'metrics', (p) => !metricName || p.name === metricName, 'points');
        }
        case 'GET /received/raw':
          return void res.writeHead(200, {'content-type': 'application/octet-stream'}).end(Buffer.concat(bodies.map((b) => b.bytes)));
        case 'DELETE /received':
          bodies = [];
          keptBytes = 0;
          return void res.writeHead(204).end();
        case 'PUT /behaviour': {
          const asked = JSON.parse((await readAll(req)).toString('utf8') || '{}');
          behaviour = {status: Number(asked.status ?? 200), delayMs: Number(asked.delayMs ?? 0)};
          return void res.writeHead(204).end();
        }
        default:
          if (req.method === 'OPTIONS') return void res.writeHead(204).end();
          return void res.writeHead(404, {'content-type': 'text/plain'}).end(`No route ${route}.`);
      }
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, {'content-type': 'text/plain'}).end(String(error));
    }
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    async close() {
      for (const wake of waiters) wake(true);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The whole body of a request. */
async function readAll(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}
