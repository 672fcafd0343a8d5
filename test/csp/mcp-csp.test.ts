import {expect} from '@open-wc/testing';
import {SERVERS} from '@test/servers';
import {connectMcpServer} from '../../src/mcp/index.js';

const context = () => ({signal: new AbortController().signal, callId: 'toolu_csp', reportProgress: () => {}});

describe('MCP on a page whose CSP forbids eval', () => {
  it('really forbids eval here (or this group proves nothing)', () => {
    expect(() => new Function('return 1')).to.throw(EvalError);
  });

  it('connects to the Data server and queries it', async () => {
    const {layer, close} = await connectMcpServer({url: SERVERS['demo-data']});
    try {
      const out = await layer.execute!('query_sql', {sql: "SELECT name FROM airports WHERE iata = 'JFK'"}, context());
      expect((out.data as {rows: unknown[]}).rows).to.deep.equal([{name: 'John F Kennedy Intl'}]);
    } finally {
      await close();
    }
  });

  it('lists and calls tools with output schemas (the SDK default validator would need eval)', async () => {
    const {layer, close} = await connectMcpServer({url: SERVERS.everything});
    try {
      expect(layer.tools.map((t) => t.name)).to.include('get-structured-content');
      const out = await layer.execute!('get-structured-content', {location: 'New York'}, context());
      expect(out.data).to.have.keys(['temperature', 'conditions', 'humidity']);
    } finally {
      await close();
    }
  });
});
