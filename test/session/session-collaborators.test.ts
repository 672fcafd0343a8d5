/**
 * The parts an `AgentSession` delegates to, each on its own: the approvals made on first use
 * (policies, "always allow" answers kept until they exist), the lazily imported chunks (a failed
 * import is tried again), what a run's end tells MCP App views left without a result; and the
 * seams views use: the run log a debug console keeps, the canvas with the page's veto.
 */
import {expect} from '@open-wc/testing';
import type {AgentResult} from '../../src/agent/agent-loop.js';
import type {McpLayer, ToolLayer} from '../../src/agent/types.js';
import {ErrorCodes, AutouiError} from '../../src/errors.js';
import {AgentSession} from '../../src/session/agent-session.js';
import {LazyApprovals} from '../../src/session/lazy-approvals.js';
import {LazyApps} from '../../src/session/lazy-apps.js';
import {lazyChunk} from '../../src/session/lazy-chunk.js';
import {recordRuns} from '../../src/session/run-log.js';
import {SessionApprovals} from '../../src/session/session-approvals.js';
import {WidgetStore} from '../../src/session/widget-store.js';
import {displayLayer} from '../helpers/layers.js';
import {ScriptedModel, call, text, turn} from '../helpers/scripted-model.js';

const mcpLayer = (serverName: string) => ({protocol: 'mcp', serverName, serverUrl: `https://${serverName}.example.org/mcp`, tools: []}) as unknown as McpLayer;
const pageLayer = {protocol: 'webmcp', serverName: 'page', tools: []} as unknown as ToolLayer;

function approvals(own: Record<string, unknown> = {}) {
  return new LazyApprovals({
    asked: () => false,
    settled: () => {},
    askApproval: () => undefined,
    serverPolicy: (layer) => own[layer.serverName],
  });
}

describe('LazyApprovals', () => {
  it("takes a server's own policy, else the session's, else writes; a typo asks more, never less", () => {
    const lazy = approvals({strict: 'all', open: 'never', typo: 'nevr'});
    expect(lazy.policyFor(mcpLayer('strict'), 'never')).to.equal('all');
    expect(lazy.policyFor(mcpLayer('open'), 'all')).to.equal('never');
    expect(lazy.policyFor(mcpLayer('typo'), 'never')).to.equal('writes');
    expect(lazy.policyFor(mcpLayer('plain'), 'all')).to.equal('all');
    expect(lazy.policyFor(mcpLayer('plain'), undefined)).to.equal('writes');
    expect(lazy.policyFor(pageLayer, 'bogus')).to.equal('writes');
  });

  it('keeps "always allow" answers given back before the approvals exist, then hands them over', () => {
    const lazy = approvals();
    lazy.allowAlways(['https://a.example.org/mcp\nsave', 'no line break', 42 as unknown as string]);
    expect(lazy.alwaysAllowed).to.deep.equal(['https://a.example.org/mcp\nsave']);
    const made = lazy.of({SessionApprovals});
    expect(made.remembered()).to.deep.equal(['https://a.example.org/mcp\nsave']);
    expect(lazy.of({SessionApprovals})).to.equal(made);
    lazy.forget();
    expect(lazy.alwaysAllowed).to.deep.equal([]);
  });

  it("gives a question's gate the policies as the question starts", () => {
    const own: Record<string, unknown> = {s: 'all'};
    const lazy = approvals(own);
    const layer = mcpLayer('s');
    const gate = lazy.gate({SessionApprovals}, [layer], undefined);
    own.s = 'never';
    expect(gate.policyFor(layer)).to.equal('all');
    expect(gate.policyFor(mcpLayer('unknown')), 'a layer the question did not start with').to.equal('all');
  });
});

describe('lazyChunk', () => {
  it('imports once, and tries again after a failed import (told as LOAD_FAILED)', async () => {
    let calls = 0;
    const load = lazyChunk(async () => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return {ok: calls};
    });
    const failure = await load().catch((e: unknown) => e);
    expect(AutouiError.isInstance(failure) && failure.code).to.equal(ErrorCodes.LOAD_FAILED);
    const first = await load();
    expect(await load()).to.equal(first);
    expect(calls).to.equal(2);
  });
});

describe('LazyApps', () => {
  it('tells the MCP App views a stopped run left without a result why, and nothing else', () => {
    const widgets = new WidgetStore();
    const apps = new LazyApps({widgets, loadEngine: () => Promise.reject(new Error('unused')), layers: () => [], approvals: approvals(), sessionPolicy: () => undefined, ask: () => {}});
    const view = {server: 'S', channel: 'c', tool: 't', resourceUri: 'ui://s/v.html'};
    const open = widgets.create({type: 'mcp-app', params: {...view}})!;
    const done = widgets.create({type: 'mcp-app', params: {...view, result: {content: []}}})!;
    const other = widgets.create({type: 'stat-card', params: {label: 'x'}})!;
    const result = {stopReason: 'aborted', widgets: [open, done, other].map(({id, type, params}) => ({id, type, params}))} as unknown as AgentResult;
    apps.cancelOpenViews(result);
    expect(widgets.get(open.id)!.params.cancelled).to.equal('The question was stopped.');
    expect(widgets.get(done.id)!.params.cancelled).to.equal(undefined);
    expect(widgets.get(other.id)!.params.cancelled).to.equal(undefined);
    apps.cancelOpenViews({...result, stopReason: 'end_turn'} as AgentResult);
  });
});

describe('recordRuns', () => {
  it("records each question's calls and end, and forgets them with the conversation", async () => {
    const model = new ScriptedModel([turn([call('autoui_webmcp_widget_display', {name: 'stat', params: {label: 'A', value: 1}})]), turn([text('Shown.')]), turn([text('Again.')])]);
    const session = new AgentSession({model, language: 'en', layers: [displayLayer()]});
    const log = recordRuns(session);
    await session.ask('Show A');
    const first = log.runs;
    expect(first.map((r) => r.question)).to.deep.equal(['Show A']);
    expect(first[0].calls.map((c) => c.tool)).to.deep.equal(['widget_display']);
    expect(first[0]).to.include({stopReason: 'end_turn'});
    await session.ask('Again?');
    expect(log.runs).to.have.length(2);
    expect(log.runs, 'a new array for a new question').not.to.equal(first);
    session.clear();
    expect(log.runs).to.deep.equal([]);
    log.stop();
  });
});

describe("AgentSession's canvas", () => {
  it("is the store behind the page's veto: what a subscriber vetoes is not shown", async () => {
    const session = new AgentSession();
    const vetoed: string[] = [];
    session.subscribe((event) => {
      if (event.type === 'widget-create' && event.widget.params.label === 'No') {
        vetoed.push(event.widget.type);
        event.veto();
      }
    });
    expect(session.canvas.create({type: 'stat', params: {label: 'No'}})).to.equal(undefined);
    const shown = session.canvas.create({type: 'stat', params: {label: 'Yes'}});
    expect(vetoed).to.deep.equal(['stat']);
    expect(session.widgets.list().map((w) => w.id)).to.deep.equal([shown!.id]);
  });
});
