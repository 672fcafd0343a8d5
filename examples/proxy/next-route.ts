// app/api/llm/[...path]/route.ts: the key proxy as a Next.js App Router route handler, so pages
// use endpoint="/api/llm". Configured by the server's environment (ANTHROPIC_API_KEY, …).
// Route handlers take and return web-standard Request and Response, as the proxy does.
import {createLlmProxy, proxyOptionsFromEnv} from 'autoui-agent/proxy';

const proxy = createLlmProxy({...proxyOptionsFromEnv(process.env), basePath: '/api/llm'});

// POST for the model routes, GET for /api/llm/health, OPTIONS for cross-origin pages' preflights.
export {proxy as POST, proxy as GET, proxy as OPTIONS};
