/**
 * An MCP server (SDK v2, both eras) whose tools ask the person: `book_table` by a form
 * (elicitation, form mode) and `link_account` by a page to open (URL mode). Under the 2025
 * lifecycle it sends `elicitation/create` during the call; under 2026-07-28 it answers the call
 * with an "input required" result and reads the answer when the client calls again.
 *
 * `ask_posted` asks whatever question a test posted to `/question` (any size, any shape: the
 * limits of a server's question are tested with it); the posted body travels beside the model's
 * conversation, so only the question itself is large.
 */
import {McpServer, inputRequired} from '@modelcontextprotocol/server';
import {z} from 'zod';
import {startMcpHttpHost} from '../../demo/servers/lib/mcp-http-host.mjs';

export const name = 'mcp-elicits';

const BOOKING = {
  type: 'object',
  properties: {
    guests: {type: 'integer', title: 'Guests', minimum: 1, maximum: 12, default: 2},
    name: {type: 'string', title: 'Name', minLength: 1},
    vegetarian: {type: 'boolean', title: 'Vegetarian menu', default: false},
  },
  required: ['guests', 'name'],
};

const text = (t) => ({content: [{type: 'text', text: t}]});

/** Questions posted by tests, by id: `{message, requestedSchema}` or `{message, url}`. */
const posted = new Map();

/** The person's answer: from this request's `inputResponses` (2026) or by asking now (2025). */
async function ask(ctx, key, request) {
  if (ctx.mcpReq.envelope) {
    const answer = ctx.mcpReq.inputResponses?.[key];
    return answer ?? {required: inputRequired({inputRequests: {[key]: request.modern}})};
  }
  return ctx.mcpReq.elicitInput(request.legacy);
}

function createElicitsServer(origin) {
  const server = new McpServer({name: 'Elicits', version: '1.0.0'});
  server.registerTool('book_table', {description: 'Books a table; asks the person for the details.', inputSchema: {}, annotations: {readOnlyHint: true}}, async (_args, ctx) => {
    const message = 'How many guests, and under which name?';
    const answer = await ask(ctx, 'booking', {
      modern: inputRequired.elicit({message, requestedSchema: BOOKING}),
      legacy: {mode: 'form', message, requestedSchema: BOOKING},
    });
    if (answer.required) return answer.required;
    if (answer.action !== 'accept') return text(`The person chose ${answer.action}: no table booked.`);
    const {guests, name: who, vegetarian} = answer.content ?? {};
    return text(`Booked a table for ${guests} under ${who}${vegetarian ? ', vegetarian' : ''}.`);
  });
  server.registerTool('link_account', {description: 'Links an account; asks the person to open a page.', inputSchema: {}, annotations: {readOnlyHint: true}}, async (_args, ctx) => {
    const url = `${origin}/connect?id=demo`;
    const message = 'Open this page to link your account.';
    const answer = await ask(ctx, 'link', {
      modern: inputRequired.elicitUrl({url, message}),
      legacy: {mode: 'url', url, message, elicitationId: 'link-demo'},
    });
    if (answer.required) return answer.required;
    return text(answer.action === 'accept' ? 'Account linked.' : `The person chose ${answer.action}: not linked.`);
  });
  server.registerTool('ask_posted', {description: 'Asks the question a test posted.', inputSchema: {id: z.string()}, annotations: {readOnlyHint: true}}, async ({id}, ctx) => {
    const question = posted.get(id);
    if (!question) return {...text(`no question ${id}`), isError: true};
    const {message = '', requestedSchema, url} = question;
    const answer = await ask(ctx, `posted-${id}`, url !== undefined
      ? {modern: inputRequired.elicitUrl({url, message}), legacy: {mode: 'url', url, message, elicitationId: id}}
      : {modern: inputRequired.elicit({message, requestedSchema}), legacy: {mode: 'form', message, requestedSchema}});
    if (answer.required) return answer.required;
    return text(`The person chose ${answer.action}.`);
  });
  return server;
}

/** Keeps a question a test posts (`POST /question?id=…`, the question as JSON) for `ask_posted`. */
async function postQuestion(req, res) {
  const id = new URL(req.url, 'http://x').searchParams.get('id') ?? '';
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  posted.set(id, JSON.parse(Buffer.concat(chunks).toString('utf8')));
  // Tests post a few hundred questions at most: keep the latest ones.
  if (posted.size > 500) posted.delete(posted.keys().next().value);
  res.writeHead(204).end();
}

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export async function start() {
  let origin = '';
  const host = await startMcpHttpHost({
    createServer: () => createElicitsServer(origin),
    extraRoutes: async (req, res) => {
      // The host answers CORS and preflights for every path.
      if (req.url?.startsWith('/question')) return (await postQuestion(req, res), true);
      if (!req.url?.startsWith('/connect')) return false;
      // The page URL-mode elicitation sends the person to: tiny, and inert (no script to run).
      res.writeHead(200, {'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'"});
      res.end('<!doctype html><html lang="en"><title>Link your account</title><h1>Account linked</h1><p>A test page: you can close this window.</p></html>');
      return true;
    },
  });
  origin = new URL(host.url).origin;
  return {url: host.url, close: host.close};
}
