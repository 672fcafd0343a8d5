/**
 * Which calls wait for a person (`needsApproval`), and what the loop does with the answer: a
 * denied call reaches the model as an error result and never reaches its server; a call that
 * waits has no timeout; Stop while waiting ends the run. In-process layers and the scripted model.
 */
import {expect} from '@open-wc/testing';
import {runAgentLoop} from '../../src/agent/agent-loop.js';
import {parseApprovalPolicy, type ApprovalAnswer, type ApprovalGate, type ApprovalRequest} from '../../src/agent/approval.js';
import {needsApproval} from '../../src/agent/approval-rules.js';
import type {LayerTool, McpLayer, WebMcpLayer} from '../../src/agent/types.js';
import type {ToolMessage} from '../../src/providers/model-messages.js';
import {ScriptedModel, call, text, turn} from '../helpers/scripted-model.js';
import {dataLayer, type CallLog} from '../helpers/layers.js';
import {manualClock} from '../helpers/manual-clock.js';

/** The tool timeout of the test that checks it does not run during a wait: a length no other timer uses, on a manual clock. */
const TIMEOUT_MS = 4321;

const server: McpLayer = {protocol: 'mcp', serverName: 'data', tools: []};
const page: WebMcpLayer = {protocol: 'webmcp', serverName: 'shop', description: 'The page', tools: []};
const tool = (annotations?: LayerTool['annotations'], extra: Partial<LayerTool> = {}): LayerTool => ({name: 't', ...(annotations ? {annotations} : {}), ...extra});

describe('needsApproval', () => {
  it('writes (the default): asks for a server tool unless it says readOnlyHint: true', () => {
    expect(needsApproval('writes', server, tool())).to.equal(true);
    expect(needsApproval('writes', server, tool({readOnlyHint: false}))).to.equal(true);
    expect(needsApproval('writes', server, tool({destructiveHint: false}))).to.equal(true);
    expect(needsApproval('writes', server, tool({readOnlyHint: true}))).to.equal(false);
  });

  it('all asks for every server tool, never for none', () => {
    expect(needsApproval('all', server, tool({readOnlyHint: true}))).to.equal(true);
    expect(needsApproval('never', server, tool({destructiveHint: true}))).to.equal(false);
  });

  it('a page tool speaks for itself: consequentialHint always asks, readOnlyHint and display tools never do', () => {
    expect(needsApproval('never', page, tool({consequentialHint: true}))).to.equal(true);
    expect(needsApproval('all', page, tool({readOnlyHint: true}))).to.equal(false);
    expect(needsApproval('all', page, tool(undefined, {displays: true}))).to.equal(false);
    expect(needsApproval('writes', page, tool())).to.equal(true);
    expect(needsApproval('never', page, tool())).to.equal(false);
  });

  it('a server cannot skip the question by calling its tool a display tool', () => {
    expect(needsApproval('writes', server, tool(undefined, {displays: true}))).to.equal(true);
  });

  it('reads only the three policies; anything else is no policy (the default applies)', () => {
    expect(parseApprovalPolicy(' Never ')).to.equal('never');
    expect(parseApprovalPolicy('nevr')).to.equal(undefined);
    expect(parseApprovalPolicy(undefined)).to.equal(undefined);
  });
});

/** A gate that records what it was asked and answers with `answer` (a function may wait). */
function gate(answer: (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalAnswer> | ApprovalAnswer) {
  const asked: ApprovalRequest[] = [];
  const g: ApprovalGate = {
    policyFor: () => 'writes',
    ask: async (request, {signal}) => {
      asked.push(request);
      return answer(request, signal);
    },
  };
  return {gate: g, asked};
}

const toolResults = (model: ScriptedModel, index: number) =>
  model.requests[index].messages.filter((m): m is ToolMessage => m.role === 'tool').flatMap((m) => m.content);

describe('the loop with an approval gate', () => {
  const layers = (log: CallLog) => [
    dataLayer('Data', [
      {name: 'save', description: 'Save', title: 'Save a thing', handler: () => 'saved'},
      {name: 'read', description: 'Read', annotations: {readOnlyHint: true}, handler: () => 'rows'},
    ], log),
  ];

  it('asks before a write, not before a read; a denial reaches the model, not the server', async () => {
    const log: CallLog = {calls: []};
    const {gate: approval, asked} = gate(() => ({decision: 'deny', reason: 'Not today'}));
    const model = new ScriptedModel([turn([call('data_mcp_read'), call('data_mcp_save', {name: 'x'})]), turn([text('ok')])]);
    const result = await runAgentLoop('go', {provider: model, layers: layers(log), approval, eagerTools: true});
    expect(asked.map((r) => [r.server, r.tool, r.title, r.args])).to.deep.equal([['data', 'save', 'Save a thing', {name: 'x'}]]);
    expect(log.calls.map((c) => c.tool)).to.deep.equal(['read']);
    const denied = toolResults(model, 1)[1];
    expect(denied.isError).to.equal(true);
    expect(denied.output).to.contain('The user declined this call of data_mcp_save; nothing was sent to the server.').and.contain('Not today');
    expect(result.toolCalls[1].errorCode).to.equal('TOOL_DENIED');
  });

  it('no timeout runs while a call waits, and its elapsed time leaves the wait out', async () => {
    // Time passes only when the test says: the person takes three timeouts to answer, the call none.
    const clock = manualClock([TIMEOUT_MS], {date: true});
    try {
      const log: CallLog = {calls: []};
      let asked = () => {};
      const asking = new Promise<void>((resolve) => (asked = resolve));
      let answer = (_: ApprovalAnswer) => {};
      const {gate: approval} = gate(() => (asked(), new Promise<ApprovalAnswer>((resolve) => (answer = resolve))));
      const model = new ScriptedModel([turn([call('data_mcp_save')]), turn([text('ok')])]);
      const running = runAgentLoop('go', {provider: model, layers: layers(log), approval, eagerTools: true, toolTimeoutMs: TIMEOUT_MS});
      await asking;
      clock.advance(3 * TIMEOUT_MS);
      answer({decision: 'allow'});
      const result = await running;
      expect(result.toolCalls[0].error).to.equal(undefined);
      expect(log.calls.map((c) => c.tool)).to.deep.equal(['save']);
      expect(result.toolCalls[0].elapsed, 'the time the person took is not the call’s').to.equal(0);
    } finally {
      clock.restore();
    }
  });

  it('Stop while a call waits ends the run; nothing reaches the server', async () => {
    const log: CallLog = {calls: []};
    const controller = new AbortController();
    const {gate: approval} = gate(() => {
      setTimeout(() => controller.abort(), 20);
      return new Promise(() => {});
    });
    const model = new ScriptedModel([turn([call('data_mcp_save'), call('data_mcp_save', {again: true})]), turn([text('never')])]);
    const result = await runAgentLoop('go', {provider: model, layers: layers(log), approval, eagerTools: true, signal: controller.signal});
    expect(result.stopReason).to.equal('aborted');
    expect(log.calls).to.deep.equal([]);
    expect(model.requests).to.have.length(1);
    // The conversation stays valid: both calls have a result.
    const last = result.messages[result.messages.length - 1] as ToolMessage;
    expect(last.content.map((p) => p.isError)).to.deep.equal([true, true]);
  });

  it('asks for several calls of one turn one by one', async () => {
    const log: CallLog = {calls: []};
    const order: string[] = [];
    const {gate: approval} = gate(async (request) => {
      order.push(`ask ${request.args.n}`);
      await new Promise((r) => setTimeout(r, 20));
      order.push(`answer ${request.args.n}`);
      return {decision: 'allow'};
    });
    const model = new ScriptedModel([turn([call('data_mcp_save', {n: 1}), call('data_mcp_save', {n: 2})]), turn([text('ok')])]);
    await runAgentLoop('go', {provider: model, layers: layers(log), approval, eagerTools: true});
    expect(order).to.deep.equal(['ask 1', 'answer 1', 'ask 2', 'answer 2']);
    expect(log.calls.map((c) => c.args.n)).to.deep.equal([1, 2]);
  });

  it('a gate that fails denies the call', async () => {
    const log: CallLog = {calls: []};
    const {gate: approval} = gate(() => Promise.reject(new Error('dialog crashed')));
    const model = new ScriptedModel([turn([call('data_mcp_save')]), turn([text('ok')])]);
    const result = await runAgentLoop('go', {provider: model, layers: layers(log), approval, eagerTools: true});
    expect(result.toolCalls[0].errorCode).to.equal('TOOL_DENIED');
    expect(log.calls).to.deep.equal([]);
  });
});
