/**
 * The Data demo server's one write tool, `save_query`, and `list_saved_queries`, over real HTTP.
 * Saved queries belong to one MCP session (the 2025 lifecycle, pinned here) or, for stateless
 * 2026-07-28 requests, to one visitor; each test saves under names of its own anyway.
 */
import {expect} from '@open-wc/testing';
import type {McpLayer} from '../../src/agent/types.js';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {CfWorkerJsonSchemaValidator} from '@modelcontextprotocol/sdk/validation/cfworker';
import {closeAll, connect, serverUrl, toolContext} from './mcp-test-kit.js';

interface Saved {
  name: string;
  sql: string;
  description?: string;
  rowCount: number;
  savedAt: string;
}

/** A prefix no other test (or earlier run of this one) uses. */
const unique = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const save = (layer: McpLayer, args: Record<string, unknown>) => layer.execute!('save_query', args, toolContext());
const listed = async (layer: McpLayer) => ((await layer.execute!('list_saved_queries', {}, toolContext())).data as {queries: Saved[]}).queries;

/** The 2025 lifecycle: what a session saved is that session's. */
const SESSION = {protocol: '2025-11-25'} as const;

describe('the Data demo server keeps named queries (save_query, list_saved_queries)', () => {
  afterEach(closeAll);

  it('2026-07-28, stateless: one request saves, a later request of the same visitor lists it', async () => {
    const connection = await connect('demo-data', {protocol: '2026-07-28'});
    expect(connection.protocol).to.equal('2026-07-28');
    const name = `${unique()} stateless`;
    expect((await save(connection.layer, {name, sql: 'SELECT 1 AS one'})).isError).to.equal(undefined);
    const again = await connect('demo-data', {protocol: '2026-07-28'});
    expect((await listed(again.layer)).map((q) => q.name)).to.include(name);
  });

  it('saves a query after running it, and lists it newest first with its row count and time', async () => {
    const {layer} = await connect('demo-data', SESSION);
    const [first, second] = [`${unique()} WA airports`, `${unique()} rain 2015`];
    const before = Date.now();
    const out = await save(layer, {name: first, sql: "SELECT iata, name FROM airports WHERE state = 'WA' LIMIT 7", description: 'Seven airports of Washington.'});
    expect(out.isError).to.equal(undefined);
    expect(out.data).to.deep.include({saved: first, rowCount: 7});
    expect((out.data as {total: number}).total).to.be.within(1, 50);
    // The model reads the same JSON as text.
    expect(JSON.parse(out.text)).to.deep.equal(out.data);
    await save(layer, {name: second, sql: "SELECT substr(date, 1, 7) AS month, sum(precipitation) AS mm FROM seattle_weather WHERE date LIKE '2015-%' GROUP BY month"});

    const queries = await listed(layer);
    expect(queries[0].name, 'newest first').to.equal(second);
    expect(queries[1]).to.deep.include({name: first, sql: "SELECT iata, name FROM airports WHERE state = 'WA' LIMIT 7", description: 'Seven airports of Washington.', rowCount: 7});
    expect(queries[0]).to.include({rowCount: 12}).and.not.have.property('description');
    expect(Date.parse(queries[1].savedAt)).to.be.within(before - 1000, Date.now() + 1000);
    expect(queries[1].savedAt).to.equal(new Date(queries[1].savedAt).toISOString());
  });

  it('keeps what a session saved to that session: another visitor never reads it', async () => {
    const name = `${unique()} mine`;
    const mine = await connect('demo-data', SESSION);
    await save(mine.layer, {name, sql: 'SELECT count(*) AS n FROM cars'});
    expect((await listed(mine.layer)).map((q) => q.name)).to.include(name);
    const other = await connect('demo-data', SESSION);
    expect((await listed(other.layer)).map((q) => q.name)).to.not.include(name);
  });

  it('refuses SQL longer than 2,000 characters', async () => {
    const {layer} = await connect('demo-data', SESSION);
    const name = `${unique()} long`;
    const out = await save(layer, {name, sql: `SELECT 1 AS one ${' '.repeat(2001)}`});
    expect(out.isError).to.equal(true);
    expect((await listed(layer)).map((q) => q.name)).to.not.include(name);
  });

  it('saves nothing when the query fails, and answers an error result the model can act on', async () => {
    const {layer} = await connect('demo-data', SESSION);
    const total = (await listed(layer)).length;
    const [write, broken] = [`${unique()} write`, `${unique()} broken`];
    const refused = await save(layer, {name: write, sql: 'DELETE FROM airports'});
    expect(refused.isError).to.equal(true);
    expect(refused.text).to.contain('read-only');
    const failed = await save(layer, {name: broken, sql: 'SELECT nope FROM nowhere'});
    expect(failed.isError).to.equal(true);
    expect(failed.text).to.contain('SQL error').and.contain('nowhere');
    const names = (await listed(layer)).map((q) => q.name);
    expect(names).to.not.include.members([write]).and.not.include.members([broken]);
    expect(names).to.have.length(total);
  });

  it('refuses a name that is empty or longer than 60 characters', async () => {
    const {layer} = await connect('demo-data', SESSION);
    for (const name of ['', 'x'.repeat(61)]) {
      const out = await save(layer, {name, sql: 'SELECT 1 AS one'}).then(
        (result) => result,
        (error: Error) => ({isError: true, text: error.message}),
      );
      expect(out.isError, JSON.stringify(name)).to.equal(true);
    }
  });

  it('replaces a query saved under the same name, which becomes the newest', async () => {
    const {layer} = await connect('demo-data', SESSION);
    const [name, other] = [`${unique()} same`, `${unique()} other`];
    await save(layer, {name, sql: 'SELECT 1 AS one', description: 'the first'});
    const total = ((await save(layer, {name: other, sql: 'SELECT 2 AS two'})).data as {total: number}).total;
    const again = await save(layer, {name, sql: 'SELECT iata FROM airports LIMIT 3'});
    expect((again.data as {total: number}).total, 'no new entry').to.equal(total);
    const queries = await listed(layer);
    const mine = queries.filter((q) => q.name === name);
    expect(mine).to.have.length(1);
    expect(mine[0]).to.deep.include({sql: 'SELECT iata FROM airports LIMIT 3', rowCount: 3}).and.not.have.property('description');
    expect(queries[0].name).to.equal(name);
    expect(queries[1].name).to.equal(other);
  });

  it('keeps at most 50 queries, dropping the oldest', async () => {
    const {layer} = await connect('demo-data', SESSION);
    const prefix = unique();
    const names = Array.from({length: 53}, (_, i) => `${prefix} #${i}`);
    let total = 0;
    for (const name of names) total = ((await save(layer, {name, sql: 'SELECT 1 AS one'})).data as {total: number}).total;
    expect(total).to.equal(50);
    const queries = await listed(layer);
    expect(queries).to.have.length(50);
    // The 50 newest are all this test's, newest first; the first three saved were dropped.
    expect(queries.map((q) => q.name)).to.deep.equal(names.slice(3).reverse());
  });

  it('annotates save_query as a write that is not destructive, and every other demo tool as read-only', async () => {
    // Straight from tools/list (the SDK client, no layer in between): what any MCP client reads.
    const tools = async (server: string) => {
      const client = new Client({name: 'demo-annotations-test', version: '1.0.0'}, {jsonSchemaValidator: new CfWorkerJsonSchemaValidator()});
      await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl(server))));
      try {
        return (await client.listTools()).tools.map((t) => ({...t, name: `${server}:${t.name}`}));
      } finally {
        await client.close();
      }
    };
    const all = [...(await tools('demo-data')), ...(await tools('demo-atlas'))];
    const saveQuery = all.find((t) => t.name === 'demo-data:save_query')!;
    expect(saveQuery.title).to.equal('Save a query');
    expect(saveQuery.annotations).to.deep.include({readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false});
    expect(all.map((t) => t.name)).to.include.members(['demo-data:list_saved_queries', 'demo-data:get_recipe', 'demo-atlas:read_skill', 'demo-atlas:country_info']);
    // The guard behind tool approval: a read tool that forgot its hint would make the user approve a read.
    expect(all.filter((t) => t.annotations?.readOnlyHint !== true).map((t) => t.name)).to.deep.equal(['demo-data:save_query']);
  });
});
