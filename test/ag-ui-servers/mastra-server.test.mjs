/**
 * The Mastra AG-UI server (test/servers/agui-mastra.mjs) is a real framework's stream: its own
 * tool run by Mastra, the page's widget_display as a frontend tool, a suspend as an interrupt
 * resumed both ways, the caller's own fake LLM scenario. Read through the official client.
 * Started as the browser tests start it (with the fake LLM it needs); the first run installs
 * Mastra into the cache folder.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {EventType} from '@ag-ui/core';
import {startTestServers} from '../support/test-servers.mjs';
import {createFakeLlmScenario} from '../support/fake-llm-scenario.mjs';
import {CHART_ARGS} from './mastra/mastra-scripts.mjs';
import {DISPLAY_TOOL, assistantText, clientRun} from './agui-run.mjs';

let servers;
before(async () => {
  process.env.TEST_SERVERS = 'agui-mastra';
  servers = await startTestServers();
  assert.ok(servers.urls['agui-mastra'], 'the Mastra server started (see the log above for why not)');
});
after(() => servers?.close());

const at = (path) => `${servers.urls['agui-mastra']}/${path}`;
const types = (events) => events.map((e) => e.type);

test('weather: Mastra runs its own tool (call and result streamed), then answers in text', async () => {
  const {agent, events, error} = await clientRun(at('weather'));
  assert.equal(error, undefined);
  const start = events.find((e) => e.type === EventType.TOOL_CALL_START);
  assert.equal(start.toolCallName, 'get_weather');
  assert.deepEqual(JSON.parse(events.find((e) => e.type === EventType.TOOL_CALL_RESULT && e.toolCallId === start.toolCallId).content), {city: 'Paris', tempC: 21});
  assert.match(assistantText(agent), /It is 21 °C in Paris\./);
  assert.equal(types(events).at(-1), EventType.RUN_FINISHED);
});

test('chart: the agent calls the page\'s widget_display as offered, and continues from its result', async () => {
  const first = await clientRun(at('chart'));
  const call = first.events.find((e) => e.type === EventType.TOOL_CALL_START);
  assert.equal(call.toolCallName, DISPLAY_TOOL.name);
  const args = first.events.filter((e) => e.type === EventType.TOOL_CALL_ARGS && e.toolCallId === call.toolCallId).map((e) => e.delta).join('');
  assert.deepEqual(JSON.parse(args), CHART_ARGS);
  assert.ok(!first.events.some((e) => e.type === EventType.TOOL_CALL_RESULT), 'a frontend tool is not run on the server');
  first.agent.addMessage({id: 'tm1', role: 'tool', toolCallId: call.toolCallId, content: '{"widget":"chart","id":"w1"}'});
  const second = await clientRun(at('chart'), {agent: first.agent});
  assert.equal(second.error, undefined);
  assert.match(assistantText(second.agent), /The chart is on the page\./);
});

for (const [approved, said] of [[true, /Done: the Q3 report was deleted\./], [false, /The Q3 report was kept\./]]) {
  test(`approval: the tool's suspend ends the run as an interrupt; resumed with approved ${approved}`, async () => {
    const first = await clientRun(at('approval'));
    const outcome = first.events.at(-1).outcome;
    assert.equal(outcome?.type, 'interrupt');
    const [interrupt] = outcome.interrupts;
    assert.equal(interrupt.metadata.mastra.toolName, 'delete_report');
    assert.deepEqual(interrupt.metadata.mastra.args, {report: 'Q3'});
    assert.deepEqual(interrupt.responseSchema.properties, {approved: {type: 'boolean'}});
    const second = await clientRun(at('approval'), {agent: first.agent, resume: [{interruptId: interrupt.id, status: 'resolved', payload: {approved}}]});
    assert.equal(second.error, undefined);
    const result = second.events.find((e) => e.type === EventType.TOOL_CALL_RESULT);
    assert.equal(JSON.parse(result.content).deleted, approved ? 'Q3' : null);
    assert.match(assistantText(second.agent), said);
  });
}

test('llm?base=: the caller\'s own fake LLM scenario drives the agent; the server records what the client sent', async () => {
  const scenario = await createFakeLlmScenario(servers.urls['fake-llm'], {name: 'own', turns: [{text: 'Scripted by the test itself.'}]});
  const threadId = `own-${Date.now()}`;
  const {agent, error} = await clientRun(at(`llm?base=${encodeURIComponent(scenario.base)}`), {threadId});
  assert.equal(error, undefined);
  assert.match(assistantText(agent), /Scripted by the test itself\./);
  const [request] = await scenario.received();
  assert.ok(request.body.tools.some((t) => t.function.name === DISPLAY_TOOL.name), 'Mastra offered the page\'s tool to the model');
  const [seen] = await (await fetch(`${servers.urls['agui-mastra']}/__requests?threadId=${threadId}`)).json();
  assert.equal(seen.input.tools[0].name, DISPLAY_TOOL.name);
});

test('all: its own tool, the page\'s chart, then an approval, in one conversation', async () => {
  const first = await clientRun(at('all'));
  assert.deepEqual(first.events.filter((e) => e.type === EventType.TOOL_CALL_START).map((e) => e.toolCallName), ['get_weather', DISPLAY_TOOL.name]);
  const display = first.events.findLast((e) => e.type === EventType.TOOL_CALL_START);
  first.agent.addMessage({id: 'tm1', role: 'tool', toolCallId: display.toolCallId, content: '{"widget":"chart","id":"w1"}'});
  const second = await clientRun(at('all'), {agent: first.agent});
  const [interrupt] = second.events.at(-1).outcome?.interrupts ?? [];
  assert.equal(interrupt?.metadata.mastra.toolName, 'delete_report');
  const third = await clientRun(at('all'), {agent: second.agent, resume: [{interruptId: interrupt.id, status: 'resolved', payload: {approved: true}}]});
  assert.equal(third.error, undefined);
  assert.match(assistantText(third.agent), /It is 21 °C in Paris\. Here is the chart\..*The chart is on the page\. Now the report\..*Done: the Q3 report was deleted\./);
});
