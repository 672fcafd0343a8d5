/**
 * `autoui-agent/proxy`: the key proxy a site deploys so that no provider key reaches its pages.
 * A web-standard handler (Node through `toNodeListener`, Deno, Bun, Workers, Next.js route
 * handlers), with limits per visitor and for everyone held in memory or in Redis. It imports
 * nothing of the browser build.
 */
export {createLlmProxy, type LlmProxy} from './llm-proxy.js';
export type {LlmProxyOptions, ProxyLimits, ProxyTelemetryOptions, UpstreamOptions} from './proxy-options.js';
export {proxyOptionsFromEnv} from './env-options.js';
export {toNodeListener, type FetchHandler, type NodeListener} from './node-adapter.js';
export type {Admission, AdmissionPlan, LimitName, LimitStore} from './limits.js';
export {createMemoryLimitStore} from './memory-limit-store.js';
export {createRedisLimitStore, type RedisEvalClient, type RedisLimitStoreOptions} from './redis-limit-store.js';
export {createVisitorToken, verifyVisitorToken, VISITOR_TOKEN_HEADER, type VisitorCheckOptions, type VisitorTokenOptions, type VisitorTokenProblem} from './visitor-token.js';
