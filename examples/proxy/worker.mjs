// The key proxy as a Cloudflare Worker. Its variables and secrets (`wrangler secret put
// ANTHROPIC_API_KEY`) arrive as `env`, so the proxy is made on the isolate's first request and
// kept for the next ones; its limits are counted in that isolate's memory.
import {createLlmProxy, proxyOptionsFromEnv} from 'autoui-agent/proxy';

let proxy;

export default {
  fetch(request, env) {
    // Cloudflare names the visitor's address in cf-connecting-ip: the per-visitor limits key on it.
    proxy ??= createLlmProxy({...proxyOptionsFromEnv(env), clientAddressHeader: 'cf-connecting-ip'});
    return proxy(request);
  },
};
