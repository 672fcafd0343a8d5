/**
 * The MCP client's rarely used parts are lazy chunks of the built ES bundle (issue 47): a
 * Streamable HTTP server is connected without fetching the EventSource client, PKCE, the sign-in
 * flow, its checks or the DPoP keys; a legacy HTTP+SSE server fetches the EventSource client (the
 * SDK's import of `eventsource` gets a stand-in that loads it) and works as before.
 */
import assert from 'node:assert/strict';

const LAZY = ['eventsource', 'pkce-challenge', 'sign-in-flow', 'authorization-checks', 'dpop-keys'];

/** Connects `serverUrl` with the built core in a page, calls `tool` if given; returns what it got and the chunks fetched. */
async function connectWithBuiltCore({context, baseUrl}, serverUrl, tool) {
  const page = await context.newPage();
  const chunks = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/dist/chunks/')) chunks.push(path.slice('/dist/chunks/'.length));
  });
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${baseUrl}/package.json`);
  const result = await page.evaluate(
    async ([core, url, call]) => {
      const {connectMcpServer} = await import(core);
      const connection = await connectMcpServer({url});
      const context = {signal: new AbortController().signal, callId: 'e2e', reportProgress() {}};
      const text = call ? (await connection.layer.execute(call.name, call.input, context)).text : undefined;
      await connection.close();
      return {transport: connection.transport, text};
    },
    [`${baseUrl}/dist/core.js`, serverUrl, tool],
  );
  assert.deepEqual(problems, []);
  const fetched = (name) => chunks.some((file) => file.startsWith(`${name}-`) && file.length === name.length + '-12345678.js'.length);
  return {result, fetched};
}

export const cases = [
  {
    name: 'a Streamable HTTP server: the MCP chunks only, none of the legacy SSE or sign-in chunks',
    async run(ctx) {
      const {result, fetched} = await connectWithBuiltCore(ctx, ctx.servers['mcp-prompts']);
      assert.equal(result.transport, 'streamable-http');
      assert.ok(fetched('mcp') && fetched('mcp-sdk'), 'the MCP chunks were fetched');
      for (const name of LAZY) assert.equal(fetched(name), false, `${name} was fetched`);
    },
  },
  {
    name: 'a legacy HTTP+SSE server: the EventSource client is fetched then, and the tool answers',
    async run(ctx) {
      const {result, fetched} = await connectWithBuiltCore(ctx, ctx.servers['mcp-legacy-sse'], {name: 'shout', input: {text: 'hé'}});
      assert.deepEqual(result, {transport: 'sse', text: 'HÉ'});
      assert.ok(fetched('eventsource'), 'the eventsource chunk was fetched');
    },
  },
];
