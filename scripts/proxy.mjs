#!/usr/bin/env node
/**
 * `npm run proxy`: the key proxy alone, configured from the environment (the variables of
 * `proxyOptionsFromEnv`: ANTHROPIC_API_KEY, OPENAI_API_KEY, PROXY_MODELS, PROXY_ALLOWED_ORIGINS, PROXY_PUBLIC_ORIGIN,
 * the PROXY_* limits, PROXY_VISITOR_SECRET, ...), on PROXY_HOST (127.0.0.1) : PROXY_PORT (8787),
 * counting its limits in this process's memory. `npm run proxy:cluster` runs three behind one
 * port with the limits in Redis.
 */
import {createServer} from 'node:http';
import {loadBuiltProxy} from './built-proxy.mjs';

const {createLlmProxy, proxyOptionsFromEnv, toNodeListener} = await loadBuiltProxy();
const env = process.env;
const options = proxyOptionsFromEnv(env);
const host = env.PROXY_HOST ?? '127.0.0.1';
const port = Number(env.PROXY_PORT ?? 8787);
const proxy = createLlmProxy({...options, log: (line) => console.log(line)});
const listener = toNodeListener(proxy);
// Every refusal in the proxy's JSON, Node's own included: a request without Host, one Node cannot
// parse, an Expect it does not know (served as if absent, as HTTP allows).
const server = createServer({requireHostHeader: false}, listener).on('clientError', listener.clientError).on('checkExpectation', listener);
await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
const url = `http://${host.includes(':') ? `[${host}]` : host}:${server.address().port}${options.basePath ?? ''}`;
const state = (u) => (u?.apiKey ? 'key set' : u?.baseUrl ? `keyless (${u.baseUrl})` : 'NOT CONFIGURED');
const limits = Object.entries(options.limits ?? {}).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${v === false ? 'off' : v}`);
console.log(`autoui-agent key proxy on ${url}
  Anthropic: ${state(options.anthropic)}  → pages use provider="anthropic" endpoint="${url}"
  OpenAI-compatible: ${state(options.openai)}  → pages use provider="openai" endpoint="${url}/v1"
  Allowed origins: ${options.allowedOrigins?.join(', ') ?? `${options.publicOrigin ? `${options.publicOrigin} and ` : ''}localhost pages${options.publicOrigin ? '' : ' (PROXY_PUBLIC_ORIGIN names the site\'s own)'}`}
  Visitor tokens: ${options.visitorTokens ? `required (audience ${options.visitorTokens.audience})` : 'off'}
  Limits: ${limits.length ? limits.join(', ') : 'the defaults'} (in this process's memory)`);
const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
