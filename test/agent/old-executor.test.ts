/**
 * A layer written for an earlier version, with `callTool` instead of `execute`: the run goes on
 * (the model hears the server is not connected) and the page's developer is told why, once.
 */
import {expect} from '@open-wc/testing';
import {runAgentLoop} from '../../src/agent/agent-loop.js';
import type {McpLayer} from '../../src/agent/types.js';
import {ScriptedModel, call, text, turn} from '../helpers/scripted-model.js';

describe('a layer with the old executor name', () => {
  it('is refused as not connected, and the console says to rename callTool to execute, once', async () => {
    const ran: string[] = [];
    const legacy = {
      protocol: 'mcp',
      serverName: 'Legacy',
      tools: [{name: 'count', description: 'Count rows', inputSchema: {type: 'object', properties: {}}}],
      callTool: async (name: string) => {
        ran.push(name);
        return {text: '3'};
      },
    } as unknown as McpLayer;
    const model = new ScriptedModel([
      turn([call('legacy_mcp_count')]),
      turn([call('legacy_mcp_count')]),
      turn([text('The server is not connected.')]),
    ]);
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
    try {
      const result = await runAgentLoop('How many?', {provider: model, layers: [legacy], lang: 'en', eagerTools: true});
      expect(result.stopReason).to.equal('end_turn');
      expect(result.toolCalls.map((c) => c.error ?? '')).to.satisfy((errors: string[]) => errors.every((e) => /not connected/.test(e)));
    } finally {
      console.warn = warn;
    }
    expect(ran).to.deep.equal([]);
    const told = warnings.filter((w) => w.includes('callTool'));
    expect(told).to.have.length(1);
    expect(told[0]).to.contain('execute(name, args, context)');
  });
});
