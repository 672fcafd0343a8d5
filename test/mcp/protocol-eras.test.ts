/**
 * Version negotiation against real servers: the demo servers speak both revisions, the v1-SDK
 * fixtures only the 2025 lifecycle. `auto` finds the newest each speaks; a pin is kept or fails
 * loudly; what was learnt is remembered per server URL; existing features work on both eras.
 */
import {expect} from '@open-wc/testing';
import type {ProtocolVerdict} from '../../src/mcp/index.js';
import {closeAll, connect, rejection, serverUrl, toolContext} from './mcp-test-kit.js';
import {connectMcpServer} from '../../src/mcp/index.js';

/** A protocol memory that records what it is told. */
function memory() {
  const verdicts = new Map<string, ProtocolVerdict>();
  return {verdicts, get: (url: string) => verdicts.get(url), set: (url: string, verdict: ProtocolVerdict) => void verdicts.set(url, verdict)};
}

describe('MCP protocol eras', () => {
  afterEach(closeAll);

  it('auto: 2026-07-28 with a server that speaks it, the 2025 lifecycle with one that does not', async () => {
    expect((await connect('demo-data')).protocol).to.equal('2026-07-28');
    expect((await connect('mcp-prompts')).protocol).to.equal('2025-11-25');
  });

  it('a pin is kept: 2025-11-25 with a server that speaks both, and 2026-07-28 fails loudly with a 2025-only one', async () => {
    const legacy = await connect('demo-data', {protocol: '2025-11-25'});
    expect(legacy.protocol).to.equal('2025-11-25');
    expect((await legacy.layer.execute!('list_tables', {}, toolContext())).text).to.contain('airports');
    const error = await rejection(connectMcpServer({url: serverUrl('mcp-prompts'), protocol: '2026-07-28', connectTimeoutMs: 5000}));
    expect(error.code).to.equal('MCP_CONNECT');
  });

  it('remembers the verdict per URL: the next connection adopts it without probing', async () => {
    const remembered = memory();
    await connect('demo-atlas', {protocolMemory: remembered});
    await connect('mcp-prompts', {protocolMemory: remembered});
    const atlas = remembered.verdicts.get(serverUrl('demo-atlas'));
    expect(atlas?.kind).to.equal('modern');
    expect(remembered.verdicts.get(serverUrl('mcp-prompts'))).to.deep.equal({kind: 'legacy'});
    const again = await connect('demo-atlas', {protocolMemory: remembered});
    expect(again.protocol).to.equal('2026-07-28');
    expect(again.layer.tools.map((t) => t.name)).to.include('country_info');
  });

  it('a remembered verdict that no longer holds costs one fresh negotiation, not a failure', async () => {
    const stale = memory();
    stale.verdicts.set(serverUrl('mcp-prompts'), {kind: 'modern', discover: {supportedVersions: ['2026-07-28'], capabilities: {}, serverInfo: {name: 'gone', version: '0'}}});
    const connection = await connect('mcp-prompts', {protocolMemory: stale});
    expect(connection.protocol).to.equal('2025-11-25');
    expect(stale.verdicts.get(serverUrl('mcp-prompts'))).to.deep.equal({kind: 'legacy'});
  });

  for (const protocol of ['2026-07-28', '2025-11-25'] as const) {
    it(`${protocol}: recipes, annotations and tool calls of the demo servers`, async () => {
      const {layer} = await connect('demo-atlas', {protocol});
      expect(layer.recipes?.length).to.be.greaterThan(0);
      expect(layer.tools.find((t) => t.name === 'country_info')?.annotations?.readOnlyHint).to.equal(true);
      const out = await layer.execute!('country_info', {country: 'Kenya'}, toolContext());
      expect(out.isError).to.not.equal(true);
      expect(out.text).to.contain('Nairobi');
    });
  }
});
