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
import {demoConfigHandler, localModelHandler, startDemoStack} from './demo-stack.mjs';
import {loadBuiltProxy, mountedProxy} from './built-proxy.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const env = process.env;

ensureBuild();

const {proxyOptionsFromEnv} = await loadBuiltProxy();
const proxyOptions = proxyOptionsFromEnv(env);
const live = env.ANTHROPIC_API_KEY
  ? {provider: 'anthropic', endpoint: '/llm', model: env.ANTHROPIC_MODEL, label: `Anthropic ${env.ANTHROPIC_MODEL ?? '(default model)'}`}
  : env.OPENAI_API_KEY || env.OPENAI_BASE_URL
    ? {provider: 'openai', endpoint: '/llm/v1', model: env.OPENAI_MODEL, label: `${env.OPENAI_BASE_URL ?? 'OpenAI'} ${env.OPENAI_MODEL ?? '(default model)'}`}
    : undefined;
const stack = await startDemoStack({
  live,
  ports: {
    data: Number(env.DATA_PORT ?? 3101),
    atlas: Number(env.ATLAS_PORT ?? 3102),
    notes: Number(env.NOTES_PORT ?? 3103),
    monitor: Number(env.MONITOR_PORT ?? 0),
    sandbox: Number(env.SANDBOX_PORT ?? 8081),
    fakeLlm: Number(env.FAKE_LLM_PORT ?? 0),
  },
});
const {data, atlas, notes, monitor, sandbox, fakeLlm} = stack.urls;

const proxy = await mountedProxy({...proxyOptions, basePath: '/llm', log: (line) => console.log(`proxy: ${line}`)});
const port = Number(env.PORT ?? 8080);
const web = await startStaticServer({root, port, handlers: [demoConfigHandler(stack.config), localModelHandler(), proxy], connect: stack.connect});

console.log(`
autoui-agent demo: ${web.url}/demo/

  MCP servers   Data ${data}   Atlas ${atlas}   Monitor (MCP Apps example) ${monitor}
                Notes ${notes} (asks to sign in: OAuth, with its own authorization server and a demo user)
  MCP App sandbox ${sandbox} (another origin than the page)
  Model         ${live ? `${live.label} via the key proxy at ${web.url}${live.endpoint}` : `none configured: the page offers recorded replays (fake model at ${fakeLlm})`}
${live ? '' : `  On the device  typed questions go to the browser's own model where it has one${stack.config.localModel ? `, else to ${stack.config.localModel} (downloaded once, after a yes)` : ' (AUTOUI_LOCAL_MODEL=<GGUF URL> adds a local model)'}\n  For a real model, restart with ANTHROPIC_API_KEY=…, or OPENAI_API_KEY=…, or OPENAI_BASE_URL=http://localhost:11434/v1 (Ollama).\n`}
Ctrl+C to stop.`);

const stop = async () => {
  await Promise.allSettled([web.close(), stack.close()]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
