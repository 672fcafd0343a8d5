/**
 * The debug console's waterfall in `<autoui-agent debug telemetry>`: a traced question's spans,
 * the very ones exported to the OTLP/HTTP receiver the test run starts (read back from it), drawn
 * in the console once the question ended; without `telemetry` the console says how to turn it on.
 */
import {expect, waitUntil} from '@open-wc/testing';
import {emulateMedia} from '@web/test-runner-commands';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {createScenario, mountAgent, serverUrl, settle, ui} from './harness.js';

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}

const receiver = () => serverUrl('otlp-receiver');

/** The spans of `traceId` the receiver got, once at least `min` arrived (exports come in batches, after the fact). */
async function received(traceId: string, min: number): Promise<ReceivedSpan[]> {
  const response = await fetch(`${receiver()}/received?traceId=${traceId}&min=${min}&waitMs=20000`);
  return ((await response.json()) as {spans: ReceivedSpan[]}).spans;
}

const rowsOf = (agent: AutouiAgent) => [...(ui(agent).console()?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? [])];

describe('<autoui-agent debug telemetry> trace waterfall', function () {
  this.timeout(60_000);

  it('draws the last question’s spans, the same ones it exported, root first', async () => {
    const scenario = await createScenario([{toolCalls: [{name: 'data_mcp_list_tables', input: {}}]}, {text: 'Listed.'}]);
    const agent = await mountAgent(scenario, {
      attributes: {lang: 'en', debug: true, telemetry: `${receiver()}/v1/traces`},
      servers: [{name: 'data', url: serverUrl('demo-data')}],
    });
    await waitUntil(() => agent.session.servers.every((s) => s.state === 'ready'), 'the server connects', {timeout: 15_000});
    await agent.ask('Which tables?');
    await settle(agent);
    await waitUntil(() => rowsOf(agent).length > 0, 'the console draws the trace', {timeout: 10_000});
    await settle(agent);

    const rows = rowsOf(agent);
    const names = rows.map((r) => r.querySelector('.name')!.textContent);
    expect(names[0]).to.equal('invoke_agent autoui-agent');
    expect(rows[0].getAttribute('aria-level')).to.equal('1');
    expect(names.filter((n) => n!.startsWith('chat '))).to.have.length(2);
    expect(names.some((n) => n!.startsWith('execute_tool '))).to.equal(true);
    expect(names.some((n) => n!.startsWith('tools/call '))).to.equal(true);

    const spans = agent.session.lastTrace;
    expect(rows.map((r) => r.dataset.span).sort()).to.deep.equal(spans.map((s) => s.spanId).sort());
    const exported = await received(spans[0].traceId, spans.length);
    const exportedIds = new Set(exported.map((s) => s.spanId));
    expect(spans.filter((s) => !exportedIds.has(s.spanId)).map((s) => s.name), 'drawn but not exported').to.deep.equal([]);
    // The whole element, its conversation and the waterfall among it, passes axe, in both schemes.
    await expect(agent).to.be.accessible();
    await emulateMedia({colorScheme: 'dark'});
    try {
      await settle(agent);
      await expect(agent).to.be.accessible();
    } finally {
      await emulateMedia({colorScheme: 'light'});
    }
  });

  it('without telemetry, says how to turn it on', async () => {
    const scenario = await createScenario([{text: 'Hi.'}]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en', debug: true}});
    await agent.ask('Hello?');
    await settle(agent);
    await waitUntil(() => ui(agent).console()?.querySelector('.trace-empty'), 'the console is shown');
    expect(rowsOf(agent)).to.have.length(0);
    expect(ui(agent).console()!.querySelector('.trace-empty')!.textContent).to.include('telemetry attribute');
  });
});
