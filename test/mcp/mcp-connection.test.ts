import {expect} from '@open-wc/testing';
import {closeAll, connect, toolContext} from './mcp-test-kit.js';

describe('connectMcpServer: the Data demo server', () => {
  afterEach(closeAll);

  it('gives a layer named after serverInfo, described by its instructions, with annotated tools and its recipes', async () => {
    const {layer, serverInfo, transport, disabledTools} = await connect('demo-data');
    expect(serverInfo.name).to.equal('Data');
    expect(transport).to.equal('streamable-http');
    expect(layer.protocol).to.equal('mcp');
    expect(layer.serverName).to.equal('Data');
    expect(layer.description).to.contain('read-only');
    expect(layer.tools.map((t) => t.name)).to.include.members(['list_tables', 'describe_table', 'query_sql', 'search_recipes', 'list_recipes', 'get_recipe']);
    expect(layer.tools.find((t) => t.name === 'query_sql')!.annotations).to.include({readOnlyHint: true});
    expect(disabledTools).to.deep.equal([]);
    // Read from list_recipes at connection time, so the system prompt can list them.
    expect(layer.recipes!.map((r) => r.name)).to.include.members(['airports-map', 'seattle-weather-dashboard', 'country-comparison', 'stock-prices', 'cars-scatter', 'table-explorer']);
  });

  it('runs SQL and returns the rows as text for the model and as data for the page', async () => {
    const {layer} = await connect('demo-data');
    const out = await layer.execute!('query_sql', {sql: "SELECT iata, latitude FROM airports WHERE iata = 'SEA'"}, toolContext());
    expect(out.isError).to.equal(undefined);
    expect(out.data).to.deep.include({rowCount: 1, truncated: false});
    expect((out.data as {rows: unknown[]}).rows[0]).to.deep.equal({iata: 'SEA', latitude: 47.44898194});
    // structuredContent is sent once, not twice (the server also sent it as text).
    expect(out.text).to.equal(JSON.stringify(out.data));
  });

  it('refuses writes with a clear error result, and caps large results with a note', async () => {
    const {layer} = await connect('demo-data');
    const write = await layer.execute!('query_sql', {sql: 'DELETE FROM airports'}, toolContext());
    expect(write.isError).to.equal(true);
    expect(write.text).to.contain('read-only');
    const big = await layer.execute!('query_sql', {sql: 'SELECT * FROM airports'}, toolContext());
    expect(big.data).to.deep.include({rowCount: 500, truncated: true});
    expect(big.text).to.contain('Only the first 500 rows');
    const count = await layer.execute!('query_sql', {sql: 'SELECT count(*) AS n FROM airports'}, toolContext());
    expect((count.data as {rows: Array<{n: number}>}).rows[0].n).to.equal(3376);
  });

  it('uses the given name and keeps only the allowed tools', async () => {
    const {layer} = await connect('demo-data', {name: 'warehouse', tools: ['query_sql', 'list_tables']});
    expect(layer.serverName).to.equal('warehouse');
    expect(layer.tools.map((t) => t.name)).to.have.members(['query_sql', 'list_tables']);
  });

  it('passes a tool error from the server through as isError', async () => {
    const {layer} = await connect('mcp-quirks');
    const out = await layer.execute!('fail', {}, toolContext());
    expect(out).to.deep.equal({text: 'the quirks server refuses this on purpose', isError: true});
  });

  it('sends the token as a Bearer header and the extra headers', async () => {
    const {layer} = await connect('mcp-quirks', {token: 's3cret', headers: {'X-Test': 'yes'}});
    const out = await layer.execute!('headers', {}, toolContext());
    expect(out.data).to.deep.equal({authorization: 'Bearer s3cret', xTest: 'yes'});
  });

  it('follows tools/list pagination and disables only the tools whose schema is broken', async () => {
    const {layer, disabledTools} = await connect('mcp-quirks');
    expect(layer.tools.map((t) => t.name)).to.have.members(['echo', 'headers', 'stamp', 'append', 'slow', 'slow_status', 'fail']);
    expect(disabledTools.map((d) => d.name)).to.have.members(['not_object', 'dangling_ref']);
    expect(disabledTools.find((d) => d.name === 'dangling_ref')!.reason).to.contain('#/$defs/missing');
    expect(disabledTools.find((d) => d.name === 'not_object')!.reason).to.contain('inputSchema');
    const echo = await layer.execute!('echo', {text: 'still works'}, toolContext());
    expect(echo.text).to.equal('still works');
  });

  it('refuses calls once closed', async () => {
    const connection = await connect('demo-data');
    await connection.close();
    const error = await connection.layer.execute!('list_tables', {}, toolContext()).then(
      () => undefined,
      (e) => e,
    );
    expect(error, 'a closed connection cannot call').to.be.instanceOf(Error);
  });
});
