/**
 * A scripted AG-UI 1.0 agent server for tests (node:http; events written with the official
 * `@ag-ui/encoder` as SSE, `text/event-stream`, whatever the request's Accept says, since some
 * scenarios send bytes no encoder makes). The runner's edge cases, one per path:
 *
 *   POST /<scenario>[?query]   body: a RunAgentInput (threadId, runId, messages, tools, state, resume)
 *   (also POST /?scenario=<scenario>)
 *
 * Every run opens with RUN_STARTED {threadId, runId} (from the input) and, unless said otherwise,
 * ends with RUN_FINISHED carrying `usage: [{provider: 'scripted', model: 'scripted-1', ...}]`.
 *
 *   text            one message: "You asked: <last user text>. This answer comes from the scripted AG-UI agent."
 *   server-tool     "Looking up the weather." + the agent's own tool call lookup_weather {"city":"Paris"}
 *                   (id tc-weather) with TOOL_CALL_RESULT {"city":"Paris","tempC":21}, then "It is 21 °C in Paris."
 *   every-event     each of the 31 event types of @ag-ui/core 1.0 in one valid run, but RUN_ERROR (a run
 *                   ends with RUN_FINISHED or RUN_ERROR: run-error sends that one): MESSAGES_SNAPSHOT
 *                   (the input's messages + assistant "An earlier answer, restored.", id snap-earlier),
 *                   STATE_SNAPSHOT {counter:1, items:[]}, STEP_STARTED/FINISHED "plan", REASONING_*
 *                   ("Thinking about it." and a chunk " More thought.", an encrypted value), STATE_DELTA
 *                   → state {counter:2, items:["alpha"]}, tool lookup_weather (START/ARGS/END/RESULT),
 *                   tool server_time as one TOOL_CALL_CHUNK + RESULT "12:00", ACTIVITY_SNAPSHOT/DELTA,
 *                   SUBAGENT_STARTED/FINISHED (researcher) and SUBAGENT_STARTED/ERROR (checker), RAW,
 *                   CUSTOM "scripted.note", text "Every event was sent." (m1), TEXT_MESSAGE_CHUNKs
 *                   "A chunked message." (m2)
 *   interleaved     two messages streamed at once, ma "First message." and mb "Second message.", with a
 *                   tool call lookup_weather {"city":"Oslo"} (tc-mix) interleaved, its result {"tempC":4}
 *   frontend-tool   run 1: "Let me draw that." + a call of the offered tool named widget_display (or
 *                   ending in _widget_display) with a valid chart (?widget=stat: a stat); RUN_FINISHED
 *                   outcome success with pendingToolCallIds [that id, "fe-<runId>"]. No such tool
 *                   offered → RUN_ERROR code NO_FRONTEND_TOOL. Run 2 (the input has the tool message):
 *                   "The page answered: <the tool message's content, 300 chars>"
 *   invalid-args    run 1: the same call with arguments the chart schema refuses (datasets: "not a
 *                   list"; ?args=broken: arguments that are not JSON). Run 2, the result mentions
 *                   "error": "The arguments were wrong; trying again." + a valid call (else "Expected an
 *                   error ..., got: <content>"). Run 3: "Drawn after fixing the arguments: <result>"
 *   interrupt       run 1: "I want to delete the Q3 report. May I?", tool call delete_report {"report":"Q3"}
 *                   (tc-delete), RUN_FINISHED outcome interrupt [{id: "approve-delete", reason:
 *                   "tool_approval", message: "Delete the Q3 report?", toolCallId: "tc-delete",
 *                   responseSchema: {approved: boolean}}]. Run 2 with input.resume [{interruptId:
 *                   "approve-delete", status: "resolved", payload: {approved: true} or true}]: the
 *                   tool's result {"deleted":"Q3"} + "Approved: I deleted the Q3 report."; any other
 *                   answer (status "cancelled", approved false): "Denied: I left the Q3 report alone."
 *                   A resume for another id → RUN_ERROR code UNKNOWN_INTERRUPT
 *   summary         "A long answer, streamed word after word, that the agent then folds into a summary." then
 *                   MESSAGES_SNAPSHOT rewriting the whole conversation: user "Summary of our talk so far",
 *                   assistant "Summary: you asked \"<last user text>\"; I looked up the weather in Rome." with
 *                   the call lookup_weather {"city":"Rome"} (tc-summary) and its result {"city":"Rome","tempC":25}
 *   state           STATE_SNAPSHOT {...input.state, visits: input.state.visits + 1 (1 at first), items:["a"]}
 *                   then STATE_DELTA → items ["a","b"], status "done"; text "State updated."
 *   run-error       "Partial answer before the failure." streamed (no TEXT_MESSAGE_END), then RUN_ERROR
 *                   {message: "The scripted agent failed mid-stream.", code: "SCRIPTED_FAILURE"}
 *   cut             "Streamed before the cut." then the connection is destroyed (no RUN_FINISHED)
 *   unknown-event   "Before the unknown event. " , an event of type FUTURE_EVENT, "After it.", finished
 *   malformed       RUN_STARTED then a data line that is not JSON, then the stream ends
 *   missing-field   RUN_STARTED, TEXT_MESSAGE_START, then TEXT_MESSAGE_CONTENT without its messageId
 *   big-delta       one TEXT_MESSAGE_CONTENT of 5 MB (?mb=N: N MB) of digits, ending in "[end]"
 *   slow            "tick 1 tick 2 ..." every 100 ms for 60 s: Stop's test; the server notes the abort
 *   http-error      answers ?status= (default 500) with a JSON body {error: "scripted HTTP failure"}
 *   no-cors         answers (preflight included) without any Access-Control-* header
 *   cors-no-headers preflight allows the origin but no request header beyond Content-Type and Accept
 *
 *   GET /__requests?threadId=   → what the server received for that thread, oldest first:
 *                   [{scenario, query, headers (lower-case names), input, aborted}] (`aborted`: the
 *                   client closed the connection before the run ended)
 *
 * CORS (all but no-cors/cors-no-headers): the request's Origin echoed with credentials allowed, any
 * request header, so tests can check what the runner sends (cookies, visitor-token, never a key).
 * Scenario code: test/ag-ui-servers/scripted-scenarios.mjs.
 */
import {createServer} from 'node:http';
import {EventEncoder} from '@ag-ui/encoder';
import {EventType} from '@ag-ui/core';
import {SCENARIOS} from '../ag-ui-servers/scripted-scenarios.mjs';
import {readBody, sendJson} from '../support/http-helpers.mjs';

/** Key of this server in `SERVERS`. */
export const name = 'agui-scripted';

/** Requests kept for GET /__requests (the oldest forgotten first). */
const MAX_KEPT = 1000;

const encoder = new EventEncoder();
const USAGE = [{provider: 'scripted', model: 'scripted-1', inputTokens: 12, outputTokens: 34, totalTokens: 46}];

/** One run being answered: what scenarios write through. */
class ScriptedRun {
  #res;
  #count = 0;
  #closed = false;
  constructor(input, query, res) {
    this.input = input;
    this.query = query;
    this.#res = res;
    res.on('close', () => (this.#closed = true));
  }
  /** True once the client went away (or the run ended). */
  closed() {
    return this.#closed;
  }
  /** A fresh id for this run's messages. */
  id(prefix) {
    return `${prefix}-${this.input.runId}-${++this.#count}`;
  }
  /** The last user message's text. */
  lastUserText() {
    const user = (this.input.messages ?? []).filter((m) => m.role === 'user').at(-1);
    return typeof user?.content === 'string' ? user.content : (user?.content ?? []).filter((p) => p.type === 'text').map((p) => p.text).join(' ');
  }
  send(event) {
    if (!this.#closed) this.#res.write(encoder.encodeSSE(event));
  }
  raw(text) {
    if (!this.#closed) this.#res.write(text);
  }
  start() {
    this.send({type: EventType.RUN_STARTED, threadId: this.input.threadId, runId: this.input.runId});
  }
  /** One whole text message, in three-word deltas. */
  text(messageId, text) {
    this.send({type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant'});
    for (const delta of text.match(/(\S+\s*){1,3}|\s+/g) ?? []) this.send({type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta});
    this.send({type: EventType.TEXT_MESSAGE_END, messageId});
  }
  finish(extra = {}) {
    this.send({type: EventType.RUN_FINISHED, threadId: this.input.threadId, runId: this.input.runId, usage: USAGE, ...extra});
    this.end();
  }
  error(message, code) {
    this.send({type: EventType.RUN_ERROR, message, code});
    this.end();
  }
  end() {
    this.#res.end();
  }
  /** Destroys the connection once what was written has left, as a dropped network does. */
  async cut() {
    await new Promise((resolve) => this.#res.write('', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    this.#res.destroy();
  }
}

function corsHeaders(req, scenario) {
  if (scenario === 'no-cors') return {};
  const origin = req.headers.origin ?? '*';
  const allowHeaders = scenario === 'cors-no-headers' ? 'content-type, accept' : (req.headers['access-control-request-headers'] ?? '*');
  return {'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', 'access-control-allow-methods': 'POST, GET, OPTIONS', 'access-control-allow-headers': allowHeaders, vary: 'origin'};
}

/**
 * Starts the server on a free loopback port.
 * @param {{port?: number}} [options]
 * @returns {Promise<{url: string, close(): Promise<void>}>}
 */
export async function start(options = {}) {
  /** @type {Array<{scenario: string, query: Record<string, string>, headers: object, input: any, aborted: boolean}>} */
  const received = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const scenario = url.pathname.slice(1) || url.searchParams.get('scenario') || '';
    const cors = corsHeaders(req, scenario);
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    if (req.method === 'GET' && url.pathname === '/__requests') {
      const threadId = url.searchParams.get('threadId');
      return sendJson(res, 200, received.filter((r) => !threadId || r.input?.threadId === threadId), cors);
    }
    if (req.method !== 'POST') return sendJson(res, 405, {error: 'POST a RunAgentInput'}, cors);
    let input;
    try {
      input = JSON.parse(await readBody(req));
    } catch {
      return sendJson(res, 400, {error: 'the body is not JSON'}, cors);
    }
    const record = {scenario, query: Object.fromEntries(url.searchParams), headers: req.headers, input, aborted: false};
    received.push(record);
    if (received.length > MAX_KEPT) received.shift();
    if (scenario === 'http-error') return sendJson(res, Number(url.searchParams.get('status') ?? 500), {error: 'scripted HTTP failure'}, cors);
    const play = SCENARIOS[scenario === 'no-cors' || scenario === 'cors-no-headers' ? 'text' : scenario];
    if (!play) return sendJson(res, 404, {error: `no scenario "${scenario}"; known: ${Object.keys(SCENARIOS).join(', ')}`}, cors);
    res.writeHead(200, {...cors, 'content-type': encoder.getContentType(), 'cache-control': 'no-cache'});
    const run = new ScriptedRun(input, url.searchParams, res);
    res.on('close', () => (record.aborted = !res.writableFinished));
    try {
      await play(run);
    } catch (error) {
      console.error(`agui-scripted: scenario ${scenario} failed: ${error?.stack ?? error}`);
      res.destroy();
    }
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections(); // the slow scenario's streams would keep the server open
        server.close(() => resolve());
      }),
  };
}
