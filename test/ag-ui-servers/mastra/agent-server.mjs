/**
 * A real Mastra agent served over AG-UI: `@mastra/core`'s Agent, wrapped by `@ag-ui/mastra`'s
 * MastraAgent (the adapter's AbstractAgent; its `./copilotkit` entry, the only part that needs
 * `@copilotkit/runtime`, is not imported), its event stream written as SSE by `@ag-ui/encoder`.
 * The model is the fake LLM (test/fake-llm/) over its OpenAI-compatible wire, through
 * `@ai-sdk/openai-compatible`, so Mastra's own loop, tool execution, suspend/resume and the
 * adapter's event mapping are what a client reads.
 *
 * Run by test/servers/agui-mastra.mjs as a child process, from the folder its dependencies were
 * installed in (this folder's package.json); env FAKE_LLM_URL. Prints `AGUI_MASTRA_URL <url>`
 * once listening. Routes (scripts in mastra-scripts.mjs, tools in mastra-tools.mjs):
 *   POST /<script>       a RunAgentInput; the fake LLM scenario for (script, threadId) is made at
 *                        the thread's first run, naming the page's display tool as offered
 *   POST /llm?base=<fake LLM scenario base>   the caller's own fake LLM scenario
 *   GET /__requests?threadId=   what the server received for that thread: [{script, headers, input, aborted}]
 */
import {createServer} from 'node:http';
import {Agent} from '@mastra/core/agent';
import {Mastra} from '@mastra/core';
import {RequestContext} from '@mastra/core/request-context';
import {InMemoryStore} from '@mastra/core/storage';
import {MastraAgent} from '@ag-ui/mastra';
import {EventEncoder} from '@ag-ui/encoder';
import {createOpenAICompatible} from '@ai-sdk/openai-compatible';
import {INSTRUCTIONS, SCRIPTS, displayToolName} from './mastra-scripts.mjs';
import {AGENT_TOOLS} from './mastra-tools.mjs';

const FAKE_LLM_URL = process.env.FAKE_LLM_URL;
if (!FAKE_LLM_URL) throw new Error('agent-server.mjs needs FAKE_LLM_URL');

/** The model of a run: the fake LLM scenario its thread was given (request context key `llmBase`). */
const model = ({requestContext}) =>
  createOpenAICompatible({name: 'fake-llm', baseURL: `${requestContext.get('llmBase')}/v1`, apiKey: 'not-a-key'}).chatModel('fake-model');

const helper = new Agent({id: 'helper', name: 'helper', instructions: INSTRUCTIONS, model, tools: AGENT_TOOLS});
// In-memory storage keeps a suspended tool's run between the interrupt and the resume.
const mastra = new Mastra({agents: {helper}, storage: new InMemoryStore(), logger: false});
const encoder = new EventEncoder();

/** (script, threadId) → fake LLM scenario base, made at the thread's first run. */
const bases = new Map();
const received = [];

async function scenarioBase(script, input, url) {
  if (script === 'llm') {
    const base = url.searchParams.get('base');
    if (!base) throw new Error('POST /llm needs ?base=<a fake LLM scenario base>');
    return base;
  }
  const key = `${script}\n${input.threadId}`;
  if (!bases.has(key)) {
    const turns = SCRIPTS[script](displayToolName(input.tools));
    const res = await fetch(`${FAKE_LLM_URL}/__scenarios`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({name: `agui-mastra ${script}`, turns})});
    if (res.status !== 201) throw new Error(`the fake LLM refused the scenario: ${await res.text()}`);
    bases.set(key, (await res.json()).base);
  }
  return bases.get(key);
}

function cors(req) {
  return {
    'access-control-allow-origin': req.headers.origin ?? '*', 'access-control-allow-credentials': 'true',
    'access-control-allow-methods': 'POST, GET, OPTIONS', 'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*', vary: 'origin',
  };
}

function sendJson(res, status, body, headers) {
  res.writeHead(status, {...headers, 'content-type': 'application/json'}).end(JSON.stringify(body));
}

async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const headers = cors(req);
  if (req.method === 'OPTIONS') return void res.writeHead(204, headers).end();
  if (req.method === 'GET' && url.pathname === '/__requests') {
    const threadId = url.searchParams.get('threadId');
    return sendJson(res, 200, received.filter((r) => !threadId || r.input?.threadId === threadId), headers);
  }
  const script = url.pathname.slice(1);
  if (req.method !== 'POST' || !(script === 'llm' || script in SCRIPTS)) {
    return sendJson(res, 404, {error: `POST /<script>, one of: llm, ${Object.keys(SCRIPTS).join(', ')}`}, headers);
  }
  let input;
  let base;
  try {
    input = await readJson(req);
    base = await scenarioBase(script, input, url);
  } catch (error) {
    return sendJson(res, 400, {error: String(error?.message ?? error)}, headers);
  }
  const record = {script, headers: req.headers, input, aborted: false};
  received.push(record);
  if (received.length > 1000) received.shift();
  const requestContext = new RequestContext();
  requestContext.set('llmBase', base);
  const agent = new MastraAgent({agent: mastra.getAgent('helper'), resourceId: 'agui-tests', requestContext});
  res.writeHead(200, {...headers, 'content-type': encoder.getContentType(), 'cache-control': 'no-cache'});
  const subscription = agent.run(input).subscribe({
    next: (event) => res.write(encoder.encodeSSE(event)),
    error: (error) => {
      // The adapter ends a failed run with RUN_ERROR itself; an error here is one it did not catch.
      res.write(encoder.encodeSSE({type: 'RUN_ERROR', message: String(error?.message ?? error)}));
      res.end();
    },
    complete: () => res.end(),
  });
  res.on('close', () => {
    record.aborted = !res.writableFinished;
    subscription.unsubscribe();
  });
});

server.listen(0, '127.0.0.1', () => console.log(`AGUI_MASTRA_URL http://127.0.0.1:${server.address().port}`));
