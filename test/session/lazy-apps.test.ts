/** The MCP Apps side of a session (`LazyApps`): what a run's end tells the views it left without a result. */
import {expect} from '@open-wc/testing';
import type {AgentResult} from '../../src/agent/agent-loop.js';
import {LazyApprovals} from '../../src/session/lazy-approvals.js';
import {LazyApps} from '../../src/session/lazy-apps.js';
import {WidgetStore} from '../../src/session/widget-store.js';

describe('LazyApps', () => {
  it('tells the MCP App views a stopped run left without a result why, and nothing else', () => {
    const widgets = new WidgetStore();
    const apps = new LazyApps({widgets, loadEngine: () => Promise.reject(new Error('unused')), layers: () => [], approvals: new LazyApprovals({asked: () => false, settled: () => {}, askApproval: () => undefined, serverPolicy: () => undefined}), sessionPolicy: () => undefined, ask: () => {}});
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
