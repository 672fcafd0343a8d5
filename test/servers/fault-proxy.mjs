/**
 * A fault-injecting HTTP proxy for the reliability tests, in front of the fake LLM and the MCP
 * servers. A test registers a plan, `POST /__plans {target, faults}` → `201 {id, base}`, and
 * points the element at `base` + the target's own path: every request to `/p/:id/...` goes to
 * `target` (an origin, or `own-data`: a Data demo server of the proxy's own, which it can
 * restart), and the first matching requests meet the plan's faults. `GET /p/:id/__log` lists every
 * request with its headers, body and the fault it met, so a test can count retries and look for
 * keys in what reached a server.
 *
 * A fault is `{kind, rpc?, tool?, path?, skip?, times?, ...}`: it applies to requests whose
 * JSON-RPC method is `rpc` (and, for `tools/call`, whose tool is `tool`), or whose path contains
 * `path`, after `skip` of them went through, `times` times (default 1). Kinds:
 * - `reset`: the connection is destroyed, no answer.
 * - `stall`: no answer, ever (until the client gives up).
 * - `drip`: the answer, `dripBytes` bytes every `dripMs` ms.
 * - `status`: answer `status` with `headers` and a provider-style JSON error body.
 * - `truncate`: the answer cut at half its body, then the connection ends.
 * - `forget-session`: the answer a server that lost the session gives (404, JSON-RPC error), for
 *   a request that carries `mcp-session-id`.
 * - `restart` (`own-data` only): the server is stopped and started again on its port before the
 *   request goes on, so every session it had is gone.
 */
import {createServer, request as httpRequest} from 'node:http';
import {start as startData} from '../../demo/servers/data-server.mjs';
import {readBody, sendJson as json} from '../support/http-helpers.mjs';

export const name = 'fault-proxy';

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export async function start() {
  const plans = new Map();
  let next = 0;
  /** A Data server of a plan's own (started on first use), restartable on the same port. */
  const ownData = async (plan) => (plan.own ??= await startData({port: 0}));
  const restartOwn = async (plan) => {
    const port = new URL((await ownData(plan)).url).port;
    await plan.own.close();
    plan.own = await startData({port: Number(port)});
  };

  const server = createServer(async (req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type');
    res.setHeader('access-control-expose-headers', 'mcp-session-id, retry-after, retry-after-ms, x-should-retry');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const url = new URL(req.url ?? '/', 'http://proxy');
    try {
      if (req.method === 'POST' && url.pathname === '/__plans') {
        const plan = JSON.parse(await readBody(req));
        const id = `${++next}`;
        plans.set(id, {target: plan.target, faults: (plan.faults ?? []).map((f) => ({times: 1, skip: 0, ...f, seen: 0, used: 0})), log: []});
        return json(res, 201, {id, base: `${proxyUrl}/p/${id}`});
      }
      const match = /^\/p\/([^/]+)(\/.*)?$/.exec(url.pathname);
      const plan = match && plans.get(match[1]);
      if (!plan) return json(res, 404, {error: 'no such plan'});
      const rest = `${match[2] ?? '/'}${url.search}`;
      if (rest.startsWith('/__log')) return json(res, 200, plan.log);
      if (rest.startsWith('/__close')) {
        plans.delete(match[1]);
        await plan.own?.close();
        return json(res, 200, {closed: true});
      }
      const body = await readBody(req);
      const {rpc, tool} = rpcOf(body);
      const fault = pickFault(plan, {rpc, tool, path: rest});
      plan.log.push({method: req.method, path: rest, rpc, tool, headers: req.headers, body, fault: fault?.kind ?? null, at: Date.now()});
      const target = plan.target === 'own-data' ? new URL((await ownData(plan)).url).origin : plan.target;
      await answer(req, res, {target, rest, body, fault, restart: () => restartOwn(plan)});
    } catch (error) {
      if (!res.headersSent) json(res, 500, {error: String(error?.message ?? error)});
      else res.destroy();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxyUrl = `http://127.0.0.1:${server.address().port}`;
  return {
    url: proxyUrl,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
      await Promise.all([...plans.values()].map((plan) => plan.own?.close()));
    },
  };
}

function pickFault(plan, {rpc, tool, path}) {
  for (const fault of plan.faults) {
    const applies = fault.rpc ? fault.rpc === rpc && (!fault.tool || fault.tool === tool) : fault.path ? path.includes(fault.path) : true;
    if (!applies) continue;
    fault.seen++;
    if (fault.seen > fault.skip && fault.used < fault.times) {
      fault.used++;
      return fault;
    }
  }
  return undefined;
}

async function answer(req, res, {target, rest, body, fault, restart}) {
  const kind = fault?.kind;
  if (kind === 'reset') return void req.socket.destroy();
  if (kind === 'stall') return;
  if (kind === 'status') {
    return json(res, fault.status, {error: {type: fault.status === 429 ? 'rate_limit_error' : 'api_error', message: `injected ${fault.status}`}}, fault.headers ?? {});
  }
  if (kind === 'forget-session' && req.headers['mcp-session-id']) {
    return json(res, 404, {jsonrpc: '2.0', id: null, error: {code: -32001, message: 'Session not found'}});
  }
  if (kind === 'restart') await restart();
  const upstream = await forward(req, res, target, rest, body);
  const headers = {...upstream.headers};
  delete headers['content-length'];
  delete headers['transfer-encoding'];
  res.writeHead(upstream.statusCode ?? 502, headers);
  if (kind === 'truncate') {
    const whole = await readStream(upstream);
    res.write(whole.subarray(0, Math.floor(whole.length / 2)));
    return void setTimeout(() => res.destroy(), 10);
  }
  if (kind === 'drip') {
    const bytes = fault.dripBytes ?? 16;
    for await (const chunk of upstream) {
      for (let i = 0; i < chunk.length; i += bytes) {
        if (res.destroyed) return upstream.destroy();
        res.write(chunk.subarray(i, i + bytes));
        await new Promise((resolve) => setTimeout(resolve, fault.dripMs ?? 20));
      }
    }
    return void res.end();
  }
  upstream.pipe(res);
}

function forward(req, res, target, rest, body) {
  const url = new URL(rest, target);
  const headers = {...req.headers, host: url.host};
  delete headers['content-length'];
  return new Promise((resolve, reject) => {
    // A new connection per request (agent: false): a restarted server must not get a socket of the old one.
    const out = httpRequest(url, {agent: false, method: req.method, headers: {...headers, ...(body ? {'content-length': Buffer.byteLength(body)} : {})}}, resolve);
    out.on('error', reject);
    // The client gave up (a stall, an abort): so does the request to the server.
    res.on('close', () => out.destroy());
    out.end(body || undefined);
  });
}

/** The JSON-RPC method of a request body, and the tool of a `tools/call`. */
const rpcOf = (body) => {
  try {
    const message = JSON.parse(body);
    return {rpc: message?.method, tool: message?.method === 'tools/call' ? message.params?.name : undefined};
  } catch {
    return {};
  }
};

async function readStream(stream) {
  const chunks = [];
  for await (const c of stream) chunks.push(c);
  return Buffer.concat(chunks);
}
