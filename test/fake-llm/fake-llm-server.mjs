/**
 * A fake LLM server (node:http only) that speaks the Anthropic Messages and OpenAI chat
 * completions wire formats, streamed or not, driven by scenarios, with fault knobs per turn.
 * The LLM is the only stand-in in the tests (MCP servers are real), and the real provider code runs
 * against it over HTTP.
 *
 * Routes:
 * - `POST /__scenarios` body = a scenario, or `{file: 'name'}` for `scenarios/name.json`
 *   → `201 {id, base}`; use `endpoint = base` (Anthropic) or `${base}/v1` (OpenAI).
 * - `POST /s/:id/v1/messages`, `POST /s/:id/v1/chat/completions`: the model.
 * - `GET /s/:id/__requests` → every request the scenario received (`{wire, path, headers, body}`).
 * CORS: any origin, any request header; the retry headers are exposed to the page.
 * A turn with `raw` is sent as the given bytes (see `writeRaw`), whatever the request.
 * A streamed turn with `stampSendTime: true` has every `{{sent_at}}` in its frames replaced, as
 * each frame is written, by the send time in ms (`performance.timeOrigin + performance.now()`,
 * which a page on this machine reads on the same clock): the streaming benchmark's probe.
 */
import {createServer} from 'node:http';
import {anthropicErrorBody, anthropicErrorFrame, anthropicFrames, anthropicJson} from './anthropic-wire.mjs';
import {openaiErrorBody, openaiErrorFrame, openaiFrames, openaiJson} from './openai-wire.mjs';
import {requestView} from './request-view.mjs';
import {ScenarioStore} from './scenario-store.mjs';
import {turnContent} from './turn-content.mjs';
import {fillPlaceholders, PlaceholderError} from './fill-placeholders.mjs';
import {validateRequest} from './validate-request.mjs';
import {readBody, sendJson as json} from '../support/http-helpers.mjs';

const WIRES = {
  anthropic: {frames: anthropicFrames, json: anthropicJson, errorBody: anthropicErrorBody, errorFrame: anthropicErrorFrame},
  openai: {frames: openaiFrames, json: openaiJson, errorBody: openaiErrorBody, errorFrame: openaiErrorFrame},
};
const ROUTE = /^\/s\/([^/]+)\/(v1\/messages|v1\/chat\/completions|__requests)$/;

/**
 * Starts the server on `host:port` (port 0 = a free one).
 * @param {{port?: number, host?: string}} [options]
 * @returns {Promise<{url: string, addScenario(s: object): {id: string, base: string}, requests(id: string): object[], close(): Promise<void>}>}
 */
export async function startFakeLlmServer({port = 0, host = '127.0.0.1'} = {}) {
  const store = new ScenarioStore();
  let url = '';
  const addScenario = (scenario) => {
    const id = store.add(scenario);
    return {id, base: `${url}/s/${id}`};
  };
  const server = createServer((req, res) => {
    handle(req, res, store, addScenario).catch((error) => {
      if (!res.headersSent) json(res, 500, {error: {type: 'fake_llm_bug', message: String(error?.stack ?? error)}});
      else res.destroy();
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  url = `http://${host}:${server.address().port}`;
  return {
    url,
    addScenario,
    requests: (id) => store.get(id)?.requests ?? [],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections(); // stalled streams would otherwise keep the server open
        server.close(() => resolve());
      }),
  };
}

async function handle(req, res, store, addScenario) {
  cors(req, res);
  if (req.method === 'OPTIONS') return void res.writeHead(204).end();
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (req.method === 'POST' && path === '/__scenarios') {
    try {
      return json(res, 201, addScenario(JSON.parse(await readBody(req))));
    } catch (error) {
      return json(res, 400, {error: {type: 'invalid_scenario', message: error.message}});
    }
  }
  const route = ROUTE.exec(path);
  const state = route && store.get(route[1]);
  if (!state) return json(res, 404, {error: {type: 'not_found', message: `no route ${req.method} ${path}; create a scenario with POST /__scenarios first`}});
  if (route[2] === '__requests') return json(res, 200, state.requests);
  if (req.method !== 'POST') return json(res, 405, {error: {type: 'method_not_allowed', message: 'POST only'}});
  const wireName = route[2] === 'v1/messages' ? 'anthropic' : 'openai';
  await answer(req, res, wireName, route[1], state, store);
}

async function answer(req, res, wireName, scenarioId, state, store) {
  const wire = WIRES[wireName];
  const raw = await readBody(req);
  let body;
  try {
    body = JSON.parse(raw);
  } catch {
    state.requests.push({wire: wireName, path: req.url, headers: req.headers, body: raw});
    return json(res, 400, wire.errorBody(400, 'The request body is not valid JSON.'));
  }
  state.requests.push({wire: wireName, path: req.url, headers: req.headers, body});
  const invalid = validateRequest(wireName, body);
  if (invalid) return json(res, 400, wire.errorBody(400, invalid));
  const view = requestView(wireName, body);
  const picked = store.pick(state, view);
  if (!picked) {
    const message = `fake-llm: no unused turn of scenario "${state.scenario.name ?? scenarioId}" matches this request (tools offered: ${view.tools.join(', ') || 'none'}; last tool results: ${JSON.stringify(view.lastToolResults).slice(0, 300)})`;
    return json(res, 400, wire.errorBody(400, message, 'fake_llm_no_matching_turn'));
  }
  const {turn, faulty} = picked;
  if (turn.raw) return writeRaw(res, turn.raw);
  const fault = turn.fault ?? {};
  if (fault.delayMs && !(await pause(fault.delayMs, res))) return;
  const extraHeaders = faulty || !fault.status ? (fault.headers ?? {}) : {};
  if (faulty && fault.status !== undefined) {
    return json(res, fault.status, wire.errorBody(fault.status, fault.message ?? `fake failure ${fault.status}`, fault.errorType), extraHeaders);
  }
  let content;
  try {
    content = turnContent({...turn, toolCalls: fillPlaceholders(turn.toolCalls, view.lastToolResults)}, body);
  } catch (error) {
    if (!(error instanceof PlaceholderError)) throw error;
    return json(res, 400, wire.errorBody(400, error.message, 'fake_llm_replay_failed'));
  }
  const context = {model: body.model, scenarioId, includeUsage: body.stream_options?.include_usage === true};
  if (body.stream !== true) return json(res, 200, wire.json(content, context), extraHeaders);

  let {frames, textEnd} = wire.frames(content, context);
  res.writeHead(200, {'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', ...extraHeaders});
  if (faulty && fault.cutAfterBytes !== undefined) {
    res.write(Buffer.from(frames.join('')).subarray(0, fault.cutAfterBytes));
    // Give the bytes a moment to leave, then break the connection as a dropped network would.
    return void setTimeout(() => res.socket?.destroy(), 20);
  }
  if (faulty && fault.errorEventAfter !== undefined) {
    const after = fault.errorEventAfter === true ? textEnd : fault.errorEventAfter;
    frames = [...frames.slice(0, after), wire.errorFrame(fault.message ?? 'Overloaded', fault.errorType)];
  }
  const stallAt = faulty && fault.stall !== undefined ? (fault.stall === true ? textEnd : fault.stall) : undefined;
  if (stallAt !== undefined) frames = frames.slice(0, stallAt);
  // cutAfterFrames: the first N frames go out at the turn's pace, then the connection breaks.
  const cutAt = faulty && fault.cutAfterFrames !== undefined ? fault.cutAfterFrames : undefined;
  for (const [index, frame] of frames.entries()) {
    if (res.destroyed) return;
    if (index === cutAt) return void res.socket?.destroy();
    res.write(turn.stampSendTime ? stampSendTime(frame) : frame);
    if (turn.chunkDelayMs && !(await pause(turn.chunkDelayMs, res))) return;
  }
  // A stall keeps the response open until the client gives up (or the server closes).
  if (stallAt === undefined) res.end();
}

/**
 * A turn given as the bytes of its stream (`raw: {chunks, end?, gapMs?}`), for malformed streams:
 * `chunks` are base64, written one by one (`gapMs` apart) so a split may fall inside a UTF-8
 * character or an event; then the stream ends (`end: 'close'`, the default), breaks (`'reset'`)
 * or stays open (`'stall'`).
 */
async function writeRaw(res, {chunks = [], end = 'close', gapMs = 0, status = 200}) {
  res.writeHead(status, {'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache'});
  for (const chunk of chunks) {
    if (res.destroyed) return;
    res.write(Buffer.from(chunk, 'base64'));
    if (gapMs && !(await pause(gapMs, res))) return;
  }
  if (end === 'reset') return void setTimeout(() => res.socket?.destroy(), 20);
  if (end !== 'stall') res.end();
}

/** `frame` with each `{{sent_at}}` replaced by the time now, in ms since the epoch (µs precision). */
function stampSendTime(frame) {
  return frame.replaceAll('{{sent_at}}', (performance.timeOrigin + performance.now()).toFixed(3));
}

function cors(req, res) {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
  res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type');
  res.setHeader('access-control-expose-headers', 'retry-after, retry-after-ms, x-should-retry, request-id, x-request-id');
  res.setHeader('access-control-max-age', '600');
}

/**
 * Waits `ms`; resolves false when the client went away meanwhile. (The response's `close` event,
 * not the request's: a request emits `close` as soon as its body has been read.)
 */
function pause(ms, res) {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve(false);
    const timer = setTimeout(() => {
      res.off('close', gone);
      resolve(!res.destroyed);
    }, ms);
    const gone = () => {
      clearTimeout(timer);
      resolve(false);
    };
    res.once('close', gone);
  });
}
