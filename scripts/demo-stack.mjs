/**
 * The demo's servers and the configuration its page reads (/demo/config.json), shared by
 * `npm start` and the screenshot test that makes the README's picture (test/visual/), so the
 * picture shows exactly the demo a visitor starts.
 */
import {createReadStream, existsSync, statSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {GEMMA_PATH} from './fetch-test-models.mjs';
import {startSandboxServer} from './sandbox-server.mjs';
import {startPublishedAppServer} from '../test/support/published-app-server.mjs';
import {start as startData} from '../demo/servers/data-server.mjs';
import {start as startAtlas} from '../demo/servers/atlas-server.mjs';
import {start as startNotes} from '../demo/servers/protected-server.mjs';
import {startFakeLlmServer} from '../test/fake-llm/fake-llm-server.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));

/** The recorded conversations the page offers in replay mode (files of demo/replay/). */
export const REPLAY_SCENARIOS = [
  {file: 'seattle-weather', title: 'Seattle weather dashboard', question: 'Show me a dashboard of the weather in Seattle in 2015.'},
  {file: 'airports-map', title: 'Airports of Washington', question: 'Where are the airports of Washington state?'},
  {file: 'largest-cities', title: 'Largest cities of Japan', question: 'Show the largest cities of Japan on a map.'},
  {file: 'save-query', title: 'Save a query (asks approval)', question: 'Show the monthly rain in Seattle in 2015 and save that query for later.'},
  {file: 'machine-load', title: 'This machine, live (an MCP App)', question: 'How loaded is the machine this demo runs on?'},
  {file: 'private-notes', title: 'My private notes (asks to sign in)', question: 'Show my private notes.', signIn: true},
];

/**
 * Starts the demo's MCP servers (Data, Atlas, Notes, the published system monitor), the MCP App
 * sandbox page on an origin of its own and, without a live model, the fake model that plays the
 * replays. Ports left out are picked free (the monitor's and the fake model's always are, unless given).
 * @param {{ports?: {data?: number, atlas?: number, notes?: number, monitor?: number, sandbox?: number, fakeLlm?: number}, live?: {provider: string, endpoint: string, model?: string, label: string}}} [options]
 *   `live`: the real model the page talks to through the key proxy; absent, the page replays.
 * @returns {Promise<{config: object, urls: {data: string, atlas: string, notes: string, monitor: string, sandbox: string, fakeLlm?: string}, connect: string[], close(): Promise<void>}>}
 *   `config`: what the page reads; `connect`: the origins the page fetches (for a strict CSP).
 */
export async function startDemoStack({ports = {}, live} = {}) {
  const [data, atlas, notes, monitor, sandbox] = await Promise.all([
    startData({port: ports.data ?? 0}),
    startAtlas({port: ports.atlas ?? 0}),
    startNotes({port: ports.notes ?? 0}),
    startPublishedAppServer('@modelcontextprotocol/server-system-monitor', {port: ports.monitor ?? 0}),
    startSandboxServer({file: `${root}dist/mcp-app-sandbox.html`, port: ports.sandbox ?? 0}),
  ]);
  const fake = live ? undefined : await startFakeLlmServer({port: ports.fakeLlm ?? 0});

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
    replay: fake && {url: fake.url, scenarios: REPLAY_SCENARIOS},
    // With no key, a model run in the browser answers typed questions: the browser's own where it
    // has one, else this GGUF file (AUTOUI_LOCAL_MODEL, or the Gemma 3 270M the tests fetched,
    // served by this site) after the person agrees to download it.
    localModel: live ? undefined : localModelUrl(),
  };

  return {
    config,
    urls: {data: data.url, atlas: atlas.url, notes: notes.url, monitor: monitor.url, sandbox: sandbox.url, fakeLlm: fake?.url},
    connect: [data.url, atlas.url, notes.url, monitor.url, fake?.url].filter(Boolean).map((u) => new URL(u).origin),
    close: async () => {
      await Promise.allSettled([data.close(), atlas.close(), notes.close(), monitor.close(), sandbox.close(), fake?.close()]);
    },
  };
}

/** Where the page finds the local model: `AUTOUI_LOCAL_MODEL`, else the fetched Gemma 3 270M served at {@link LOCAL_MODEL_PATH}. */
function localModelUrl() {
  if (process.env.AUTOUI_LOCAL_MODEL) return process.env.AUTOUI_LOCAL_MODEL;
  return existsSync(GEMMA_PATH) ? LOCAL_MODEL_PATH : undefined;
}

/** The path the demo's site serves the fetched Gemma 3 270M at. */
export const LOCAL_MODEL_PATH = '/models/gemma-3-270m-q4_k_m.gguf';

/** A handler for `startStaticServer` that serves the fetched Gemma 3 270M (GET and HEAD, with its length). */
export function localModelHandler() {
  return (req, res) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== LOCAL_MODEL_PATH || !existsSync(GEMMA_PATH)) return false;
    res.writeHead(200, {'content-type': 'application/octet-stream', 'content-length': statSync(GEMMA_PATH).size, 'cache-control': 'no-store'});
    if (req.method === 'HEAD') res.end();
    else createReadStream(GEMMA_PATH).pipe(res);
    return true;
  };
}

/**
 * A handler for `startStaticServer`'s `handlers` that answers `/demo/config.json` with `config`
 * (never cached: a restarted demo may have other ports) and returns false for every other path.
 * @param {object} config the `config` of {@link startDemoStack}
 */
export function demoConfigHandler(config) {
  return (req, res) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/demo/config.json') return false;
    res.writeHead(200, {'content-type': 'application/json', 'cache-control': 'no-store'});
    res.end(JSON.stringify(config));
    return true;
  };
}
