#!/usr/bin/env node
/**
 * `npm start`: the demo. Builds the bundle when it is missing or older than the sources, starts
 * the two demo MCP servers (Data, Atlas), mounts the key proxy on the page's own origin (`/llm`),
 * and serves demo/ with a configuration the page reads. With ANTHROPIC_API_KEY, OPENAI_API_KEY or
 * OPENAI_BASE_URL set, the page talks to that real model through the proxy; with none, it offers
 * recorded replays played by the local fake model against the live MCP servers. It also runs the
 * published MCP Apps example server-system-monitor (named `monitor`, on loopback) and serves the
 * MCP App sandbox page (dist/mcp-app-sandbox.html) on a port of its own: another origin than the
 * page, as `sandbox-url` needs.
 *
 * The Notes server asks to sign in (OAuth, with its authorization server in the same process).
 *
 * Ports: PORT (page, 8080), DATA_PORT (3101), ATLAS_PORT (3102), NOTES_PORT (3103), SANDBOX_PORT (8081),
 * MONITOR_PORT (random), FAKE_LLM_PORT (random).
 */
import {fileURLToPath} from 'node:url';
import {ensureBuild} from './ensure-build.mjs';
import {startStaticServer} from './static-server.mjs';
import {startSandboxServer} from './sandbox-server.mjs';
import {startPublishedAppServer} from '../test/support/published-app-server.mjs';
import {start as startData} from '../demo/servers/data-server.mjs';
import {start as startAtlas} from '../demo/servers/atlas-server.mjs';
import {start as startNotes} from '../demo/servers/protected-server.mjs';
import {loadBuiltProxy, mountedProxy} from './built-proxy.mjs';
import {startFakeLlmServer} from '../test/fake-llm/fake-llm-server.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const env = process.env;

ensureBuild();

const [data, atlas, notes, monitor, sandbox] = await Promise.all([
  startData({port: Number(env.DATA_PORT ?? 3101)}),
  startAtlas({port: Number(env.ATLAS_PORT ?? 3102)}),
  startNotes({port: Number(env.NOTES_PORT ?? 3103)}),
  startPublishedAppServer('@modelcontextprotocol/server-system-monitor', {port: Number(env.MONITOR_PORT ?? 0)}),
  startSandboxServer({file: `${root}dist/mcp-app-sandbox.html`, port: Number(env.SANDBOX_PORT ?? 8081)}),
]);

const {proxyOptionsFromEnv} = await loadBuiltProxy();
const proxyOptions = proxyOptionsFromEnv(env);
const live = env.ANTHROPIC_API_KEY
  ? {provider: 'anthropic', endpoint: '/llm', model: env.ANTHROPIC_MODEL, label: `Anthropic ${env.ANTHROPIC_MODEL ?? '(default model)'}`}
  : env.OPENAI_API_KEY || env.OPENAI_BASE_URL
    ? {provider: 'openai', endpoint: '/llm/v1', model: env.OPENAI_MODEL, label: `${env.OPENAI_BASE_URL ?? 'OpenAI'} ${env.OPENAI_MODEL ?? '(default model)'}`}
    : undefined;
const fake = live ? undefined : await startFakeLlmServer({port: Number(env.FAKE_LLM_PORT ?? 0)});

const config = {
  mode: live ? 'live' : 'replay',
  provider: live?.provider ?? 'anthropic',
  endpoint: live?.endpoint,
  model: live?.model,
  label: live?.label,
  servers: [
    {name: 'data', url: data.url},
    {name: 'atlas', url: atlas.url},
    {name: 'monitor', url: monitor.url},
  ],
  // Needs a sign-in (OAuth): the page adds it for the sign-in replay, or at once with a live model.
  signInServer: {name: 'notes', url: notes.url},
  sandboxUrl: sandbox.url,
  replay: fake && {
    url: fake.url,
    scenarios: [
      {file: 'seattle-weather', title: 'Seattle weather dashboard', question: 'Show me a dashboard of the weather in Seattle in 2015.'},
      {file: 'airports-map', title: 'Airports of Washington', question: 'Where are the airports of Washington state?'},
      {file: 'largest-cities', title: 'Largest cities of Japan', question: 'Show the largest cities of Japan on a map.'},
      {file: 'save-query', title: 'Save a query (asks approval)', question: 'Show the monthly rain in Seattle in 2015 and save that query for later.'},
      {file: 'machine-load', title: 'This machine, live (an MCP App)', question: 'How loaded is the machine this demo runs on?'},
      {file: 'private-notes', title: 'My private notes (asks to sign in)', question: 'Show my private notes.', signIn: true},
    ],
  },
};

const proxy = await mountedProxy({...proxyOptions, basePath: '/llm', log: (line) => console.log(`proxy: ${line}`)});
const serveConfig = (req, res) => {
  if (new URL(req.url ?? '/', 'http://x').pathname !== '/demo/config.json') return false;
  res.writeHead(200, {'content-type': 'application/json', 'cache-control': 'no-store'});
  res.end(JSON.stringify(config));
  return true;
};
const port = Number(env.PORT ?? 8080);
const web = await startStaticServer({root, port, handlers: [serveConfig, proxy], connect: [data.url, atlas.url, notes.url, monitor.url, fake?.url].filter(Boolean).map((u) => new URL(u).origin)});

console.log(`
autoui-agent demo: ${web.url}/demo/

  MCP servers   Data ${data.url}   Atlas ${atlas.url}   Monitor (MCP Apps example) ${monitor.url}
                Notes ${notes.url} (asks to sign in: OAuth, with its own authorization server and a demo user)
  MCP App sandbox ${sandbox.url} (another origin than the page)
  Model         ${live ? `${live.label} via the key proxy at ${web.url}${live.endpoint}` : `none configured: the page offers recorded replays (fake model at ${fake.url})`}
${live ? '' : '  For a real model, restart with ANTHROPIC_API_KEY=…, or OPENAI_API_KEY=…, or OPENAI_BASE_URL=http://localhost:11434/v1 (Ollama).\n'}
Ctrl+C to stop.`);

const stop = async () => {
  await Promise.allSettled([web.close(), data.close(), atlas.close(), notes.close(), monitor.close(), sandbox.close(), fake?.close()]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
