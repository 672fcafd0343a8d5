/**
 * The approvals as a session keeps them (`LazyApprovals`): each layer's policy, the "always allow"
 * answers given back before the run engine made the approvals, and a question's gate.
 */
import {expect} from '@open-wc/testing';
import type {McpLayer, ToolLayer} from '../../src/agent/types.js';
import {LazyApprovals} from '../../src/session/lazy-approvals.js';
import {SessionApprovals} from '../../src/session/session-approvals.js';

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
