import {expect} from '@open-wc/testing';
import {connectMcpServer, connectMcpServers, type McpConnectResult} from '../../src/mcp/index.js';
import {DOWN_URL, closeAll, originOf, rejection, serverUrl, toolContext} from './mcp-test-kit.js';

describe('connection failures', () => {
  afterEach(closeAll);

  it('reports a server that is down as MCP_CONNECT at once, not as a timeout', async () => {
    const error = await rejection(connectMcpServer({url: DOWN_URL, name: 'gone', connectTimeoutMs: 20_000}));
    expect(error.code).to.equal('MCP_CONNECT');
    expect(error.message).to.contain('gone').and.contain('cannot be reached');
  });

  it('names the missing Access-Control-Expose-Headers when the session id is hidden from the page', async () => {
    const error = await rejection(connectMcpServer({url: serverUrl('mcp-cors-no-expose')}));
    expect(error.code).to.equal('MCP_CORS');
    expect(error.message).to.contain('Access-Control-Expose-Headers: Mcp-Session-Id');
    expect(error.details).to.include({missingHeader: 'Access-Control-Expose-Headers: Mcp-Session-Id'});
  });

  it('names Access-Control-Allow-Headers when the preflight is refused, instead of calling the server down', async () => {
    const error = await rejection(connectMcpServer({url: serverUrl('mcp-cors-no-allow-headers')}));
    expect(error.code).to.equal('MCP_CORS');
    expect(error.message).to.contain('Access-Control-Allow-Headers').and.contain('Mcp-Protocol-Version');
  });

  it('gives up on a server that never answers with MCP_TIMEOUT', async () => {
    const error = await rejection(connectMcpServer({url: `${originOf('mcp-quirks')}/hang`, name: 'sleepy', connectTimeoutMs: 400}));
    expect(error.code).to.equal('MCP_TIMEOUT');
    expect(error.message).to.contain('sleepy').and.contain('0.4 s');
  });

  it('stops connecting when aborted', async () => {
    const controller = new AbortController();
    const pending = connectMcpServer({url: `${originOf('mcp-quirks')}/hang`, signal: controller.signal});
    controller.abort();
    expect((await rejection(pending)).code).to.equal('ABORTED');
  });

  it('rejects a URL that is not http(s) with INVALID_ARGUMENT', async () => {
    expect((await rejection(connectMcpServer({url: 'ftp://example.com/mcp'}))).code).to.equal('INVALID_ARGUMENT');
  });

  it('connects several servers in parallel: the good ones work, each failure has its own code, order is kept', async () => {
    const settledOrder: string[] = [];
    const results = await connectMcpServers(
      [
        {url: `${originOf('mcp-quirks')}/hang`, name: 'slow', connectTimeoutMs: 3000},
        {url: DOWN_URL, name: 'down'},
        {url: serverUrl('demo-data')},
        {url: serverUrl('demo-atlas')},
      ],
      (r) => settledOrder.push(r.options.name ?? r.options.url),
    );
    expect(results.map((r) => r.status)).to.deep.equal(['rejected', 'rejected', 'fulfilled', 'fulfilled']);
    const error = (r: McpConnectResult) => (r.status === 'rejected' ? r.error.code : undefined);
    expect(results.map(error)).to.deep.equal(['MCP_TIMEOUT', 'MCP_CONNECT', undefined, undefined]);
    // The slow server did not hold the others back: it was the last to settle.
    expect(settledOrder[settledOrder.length - 1]).to.equal('slow');
    const data = results[2].status === 'fulfilled' ? results[2].connection : undefined;
    const out = await data!.layer.execute!('list_tables', {}, toolContext());
    expect(out.text).to.contain('seattle_weather');
    await Promise.all(results.map((r) => (r.status === 'fulfilled' ? r.connection.close() : undefined)));
  });
});
