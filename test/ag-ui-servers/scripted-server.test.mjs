/**
 * The scripted AG-UI server (test/servers/agui-scripted.mjs) sends what its header says: checked
 * on the raw stream and through the official client (`@ag-ui/client`), so the runner's browser
 * tests stand on scenarios that are what they claim. Run: node --test test/ag-ui-servers/
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {EventType} from '@ag-ui/core';
import {start} from '../servers/agui-scripted.mjs';
import {EVERY_EVENT_FINAL_STATE, INVALID_WIDGET_ARGS, VALID_WIDGET_ARGS} from './scripted-scenarios.mjs';
import {DISPLAY_TOOL, assistantText, clientRun, rawRun, runInput} from './agui-run.mjs';

let server;
before(async () => (server = await start()));
after(() => server.close());

const at = (path) => `${server.url}/${path}`;
const toolMessage = (toolCallId, content) => ({id: `tm-${toolCallId}`, role: 'tool', toolCallId, content});

test('every-event sends each of the 31 AG-UI 1.0 event types but RUN_ERROR (run-error\'s) in a run the official client accepts', async () => {
  const raw = await rawRun(at('every-event'), runInput());
  const sent = new Set(raw.events.map((e) => e.type));
  assert.deepEqual(Object.values(EventType).filter((t) => !sent.has(t)), [EventType.RUN_ERROR]);
  assert.equal(Object.values(EventType).length, 31);
  const {agent, error} = await clientRun(at('every-event'));
  assert.equal(error, undefined);
  assert.deepEqual(agent.state, EVERY_EVENT_FINAL_STATE);
  assert.match(assistantText(agent), /Every event was sent\..*A chunked message\./);
  assert.ok(agent.messages.some((m) => m.id === 'snap-earlier'), 'MESSAGES_SNAPSHOT restored the earlier answer');
});

test('interleaved messages and a tool call stream at once, each whole in the end', async () => {
  const {agent, error} = await clientRun(at('interleaved'));
  assert.equal(error, undefined);
  assert.equal(agent.messages.find((m) => m.id === 'ma')?.content, 'First message.');
  assert.equal(agent.messages.find((m) => m.id === 'mb')?.content, 'Second message.');
  assert.equal(agent.messages.find((m) => m.role === 'tool')?.content, '{"tempC":4}');
});

test('frontend-tool calls the offered widget_display, then reads the page\'s answer on the next run', async () => {
  const first = await clientRun(at('frontend-tool'));
  const start = first.events.find((e) => e.type === EventType.TOOL_CALL_START);
  assert.equal(start.toolCallName, DISPLAY_TOOL.name);
  const args = first.events.filter((e) => e.type === EventType.TOOL_CALL_ARGS && e.toolCallId === start.toolCallId).map((e) => e.delta).join('');
  assert.deepEqual(JSON.parse(args), VALID_WIDGET_ARGS.chart);
  assert.deepEqual(first.events.at(-1).outcome, {type: 'success', pendingToolCallIds: [start.toolCallId]});
  first.agent.addMessage(toolMessage(start.toolCallId, '{"widget":"chart","id":"w1"}'));
  const second = await clientRun(at('frontend-tool'), {agent: first.agent});
  assert.match(assistantText(second.agent), /The page answered: \{"widget":"chart","id":"w1"\}/);

  const unoffered = await rawRun(at('frontend-tool'), runInput());
  assert.deepEqual(unoffered.events.at(-1).code, 'NO_FRONTEND_TOOL');
});

test('invalid-args: refused arguments, the error sent back, a fixed call, then the answer', async () => {
  const first = await clientRun(at('invalid-args'));
  const call = (events) => events.find((e) => e.type === EventType.TOOL_CALL_START);
  const argsOf = (events, id) => JSON.parse(events.filter((e) => e.type === EventType.TOOL_CALL_ARGS && e.toolCallId === id).map((e) => e.delta).join(''));
  assert.deepEqual(argsOf(first.events, call(first.events).toolCallId), INVALID_WIDGET_ARGS);
  first.agent.addMessage(toolMessage(call(first.events).toolCallId, '{"error":"params.datasets must be an array"}'));
  const second = await clientRun(at('invalid-args'), {agent: first.agent});
  assert.deepEqual(argsOf(second.events, call(second.events).toolCallId), VALID_WIDGET_ARGS.chart);
  second.agent.addMessage(toolMessage(call(second.events).toolCallId, '{"widget":"chart","id":"w2"}'));
  const third = await clientRun(at('invalid-args'), {agent: second.agent});
  assert.match(assistantText(third.agent), /Drawn after fixing the arguments: \{"widget":"chart","id":"w2"\}/);

  const broken = await rawRun(at('invalid-args?args=broken'), runInput({tools: [DISPLAY_TOOL]}));
  const args = broken.events.filter((e) => e.type === EventType.TOOL_CALL_ARGS).map((e) => e.delta).join('');
  assert.throws(() => JSON.parse(args));
});

for (const [payload, status, said] of [[{approved: true}, 'resolved', /Approved: I deleted/], [{approved: false}, 'resolved', /Denied/], [undefined, 'cancelled', /Denied/]]) {
  test(`interrupt, then resume ${status} ${JSON.stringify(payload ?? null)}: ${said.source}`, async () => {
    const first = await clientRun(at('interrupt'));
    const outcome = first.events.at(-1).outcome;
    assert.equal(outcome.type, 'interrupt');
    assert.deepEqual(outcome.interrupts.map((i) => [i.id, i.toolCallId, i.message]), [['approve-delete', 'tc-delete', 'Delete the Q3 report?']]);
    const second = await clientRun(at('interrupt'), {agent: first.agent, resume: [{interruptId: 'approve-delete', status, ...(payload ? {payload} : {})}]});
    assert.equal(second.error, undefined);
    assert.match(assistantText(second.agent), said);
  });
}

test('state: a snapshot then a JSON Patch delta; the thread\'s state carried into the next run', async () => {
  const first = await clientRun(at('state'), {state: {theme: 'dark'}});
  assert.deepEqual(first.agent.state, {theme: 'dark', visits: 1, items: ['a', 'b'], status: 'done'});
  const second = await clientRun(at('state'), {agent: first.agent});
  assert.equal(second.agent.state.visits, 2);
});

test('run-error: the text streamed before RUN_ERROR, which carries the agent\'s message', async () => {
  const {events} = await rawRun(at('run-error'), runInput());
  assert.equal(events.filter((e) => e.type === EventType.TEXT_MESSAGE_CONTENT).map((e) => e.delta).join(''), 'Partial answer before the failure.');
  assert.deepEqual([events.at(-1).type, events.at(-1).message], [EventType.RUN_ERROR, 'The scripted agent failed mid-stream.']);
});

test('cut: the text arrives, then the connection breaks with no RUN_FINISHED', async () => {
  const {events, error} = await rawRun(at('cut'), runInput());
  assert.ok(error, 'the body ends in a network error');
  assert.deepEqual(events.map((e) => e.type), [EventType.RUN_STARTED, EventType.TEXT_MESSAGE_START, EventType.TEXT_MESSAGE_CONTENT]);
});

test('unknown-event: an event type AG-UI 1.0 does not have, between two deltas; the client drops it and finishes', async () => {
  const raw = await rawRun(at('unknown-event'), runInput());
  assert.ok(raw.events.some((e) => e.type === 'FUTURE_EVENT'));
  const {agent, error} = await clientRun(at('unknown-event'));
  assert.equal(error, undefined);
  assert.equal(assistantText(agent), 'Before the unknown event. After it.');
});

test('malformed and missing-field streams are refused by the official client', async () => {
  const malformed = await rawRun(at('malformed'), runInput());
  assert.ok(malformed.events.at(-1).unparsed);
  assert.ok((await clientRun(at('malformed'))).error);
  const missing = await clientRun(at('missing-field'));
  assert.match(String(missing.error), /messageId/);
});

test('big-delta: one 5 MB TEXT_MESSAGE_CONTENT ending in [end]', async () => {
  const {events} = await rawRun(at('big-delta'), runInput());
  const delta = events.find((e) => e.type === EventType.TEXT_MESSAGE_CONTENT).delta;
  assert.equal(delta.length, 5 * 1024 * 1024);
  assert.ok(delta.endsWith('[end]'));
  assert.equal(events.at(-1).type, EventType.RUN_FINISHED);
});

test('slow: a client that stops reading is seen as aborted in /__requests, with what it sent', async () => {
  const input = runInput();
  const controller = new AbortController();
  const res = await fetch(at('slow'), {method: 'POST', headers: {'content-type': 'application/json', 'x-autoui-visitor': 'vt-1'}, body: JSON.stringify(input), signal: controller.signal});
  const reader = res.body.getReader();
  await reader.read();
  controller.abort();
  let seen;
  for (let i = 0; i < 50 && !seen?.aborted; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    [seen] = await (await fetch(`${server.url}/__requests?threadId=${input.threadId}`)).json();
  }
  assert.equal(seen.aborted, true);
  assert.equal(seen.headers['x-autoui-visitor'], 'vt-1');
  assert.equal(seen.input.runId, input.runId);
});

test('http-error answers its status; no-cors and cors-no-headers withhold the CORS headers they name', async () => {
  assert.equal((await rawRun(at('http-error'), runInput())).status, 500);
  assert.equal((await rawRun(at('http-error?status=401'), runInput())).status, 401);
  const preflight = (path) => fetch(at(path), {method: 'OPTIONS', headers: {origin: 'http://page.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-autoui-visitor'}});
  const open = await preflight('text');
  assert.equal(open.headers.get('access-control-allow-origin'), 'http://page.test');
  assert.match(open.headers.get('access-control-allow-headers'), /x-autoui-visitor/);
  assert.equal((await preflight('no-cors')).headers.get('access-control-allow-origin'), null);
  const narrow = await preflight('cors-no-headers');
  assert.equal(narrow.headers.get('access-control-allow-origin'), 'http://page.test');
  assert.doesNotMatch(narrow.headers.get('access-control-allow-headers'), /x-autoui-visitor/);
});
