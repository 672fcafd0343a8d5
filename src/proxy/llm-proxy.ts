/**
 * The key proxy as one web-standard handler, `(request: Request) => Promise<Response>`: it holds
 * the provider keys on the server and forwards the two model routes, streaming, so no key reaches
 * the page. Around the forward it enforces what makes a public proxy safe: allowed origins, an
 * optional visitor token signed by the site, a model allow-list, a `max_tokens` ceiling, a body
 * limit, and limits per visitor and for everyone, counted in a store several instances can share.
 *
 *   POST {basePath}/v1/messages                                → Anthropic Messages
 *   POST {basePath}/v1/chat/completions, {basePath}/chat/completions → OpenAI-compatible
 *   GET  {basePath}/health                                     → which routes are configured
 *   POST {basePath}/v1/traces                                  → the site's collector (with `telemetry.tracesUrl`)
 */
import {passAnswer, type AnswerEnd} from './answer-stream.js';
import type {AnswerReport} from './usage-meter.js';
import {logLine, type LogValue} from './log-line.js';
import {clientAddress, DEFAULT_IPV6_PREFIX} from './client-address.js';
import {limitMessage, limitValue, withTimeout, type AdmissionPlan} from './limits.js';
import {createMemoryLimitStore} from './memory-limit-store.js';
import {checkModelRequest} from './model-request.js';
import {isAllowedOrigin, parseOrigin} from './origin-policy.js';
import {PROXY_DEFAULTS, type LlmProxyOptions, type Wire} from './proxy-options.js';
import {createProxyTelemetry} from './proxy-telemetry.js';
import {CLAMPED_HEADER, DROPPED_HEADER, errorResponse, preflightResponse, redactSecrets, UPSTREAM_RESPONSE_HEADERS, withCors} from './proxy-responses.js';
import {readBody} from './request-body.js';
import {relayTraces} from './trace-relay.js';
import {isConfigured, upstreamRequest} from './upstream-request.js';
import {checkVisitorOptions, VISITOR_TOKEN_HEADER, VISITOR_TOKEN_MESSAGES, verifyVisitorToken} from './visitor-token.js';

const ROUTES: Record<string, Wire | 'health' | 'traces'> = {'/v1/messages': 'anthropic', '/v1/chat/completions': 'openai', '/chat/completions': 'openai', '/health': 'health', '/v1/traces': 'traces'};
/** Largest upstream error body passed on (they are short JSON; a huge one is cut). */
const MAX_ERROR_BODY = 64_000;
/** A refused request whose wait is this short may be retried by the client on its own. */
const RETRY_ON_ITS_OWN_SECONDS = 10;

/** The handler `createLlmProxy` returns. */
export interface LlmProxy {
  (request: Request): Promise<Response>;
  /** True for the paths this proxy serves (middleware passes others on). */
  handles(pathname: string): boolean;
}

/**
 * Creates the key proxy. Mount it as it is where a runtime takes a fetch handler (Deno, Bun,
 * Workers, Next.js route handlers), or through `toNodeListener` in `node:http` and Express.
 * @example
 * ```js
 * const proxy = createLlmProxy({anthropic: {apiKey: process.env.ANTHROPIC_API_KEY, models: ['claude-sonnet-4-5']}});
 * ```
 */
export function createLlmProxy(options: LlmProxyOptions = {}): LlmProxy {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const store = options.store ?? createMemoryLimitStore();
  const log = options.log ?? (() => {});
  const secrets = [options.anthropic?.apiKey, options.openai?.apiKey].filter((k): k is string => !!k);
  const upstreamFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  for (const wire of ['anthropic', 'openai'] as const) {
    if (isConfigured(options[wire]) && !options[wire]?.models) log(logLine('warning: any model is allowed on this route; list the allowed ones (models, or PROXY_MODELS).', {route: wire}));
  }

  if (options.visitorTokens) checkVisitorOptions(options.visitorTokens);
  const ipv6Prefix = options.ipv6PrefixLength ?? DEFAULT_IPV6_PREFIX;
  if (!Number.isInteger(ipv6Prefix) || ipv6Prefix < 1 || ipv6Prefix > 128) throw new Error(`ipv6PrefixLength must be an integer from 1 to 128, not ${ipv6Prefix}.`);
  // Parsed once, so a mistyped origin stops the proxy at start instead of refusing every page.
  const originPolicy = {allowed: options.allowedOrigins, publicOrigin: options.publicOrigin === undefined ? undefined : parseOrigin(options.publicOrigin)};

  const telemetry = createProxyTelemetry(options.telemetry);
  const tracesUrl = options.telemetry?.tracesUrl;
  if (tracesUrl !== undefined && !URL.canParse(tracesUrl)) throw new Error(`telemetry.tracesUrl must be the collector's OTLP/HTTP traces URL, not "${tracesUrl}".`);
  const routeOf = (pathname: string) => {
    const route = pathname.startsWith(`${basePath}/`) ? ROUTES[pathname.slice(basePath.length)] : undefined;
    return route === 'traces' && !tracesUrl ? undefined : route;
  };

  const proxy = async (request: Request): Promise<Response> => {
    // Never a rejection: a runtime may treat one as fatal, and no request may stop the proxy.
    try {
      return await serve(request);
    } catch (error) {
      await request.body?.cancel().catch(() => {});
      log(logLine('500 proxy error', {error: describe(error)}));
      return errorResponse(500, 'proxy_error', 'The proxy failed.', {headers: {'x-should-retry': 'false'}});
    }
  };

  const serve = async (request: Request): Promise<Response> => {
    const started = Date.now();
    const url = new URL(request.url);
    const route = routeOf(url.pathname);
    if (!route) return errorResponse(404, 'not_found', `No such route. Routes: POST ${basePath}/v1/messages, POST ${basePath}/v1/chat/completions, GET ${basePath}/health.`);
    const origin = request.headers.get('origin');
    if (!isAllowedOrigin(origin, originPolicy)) {
      await request.body?.cancel().catch(() => {});
      log(logLine(`${request.method} ${url.pathname} 403 origin_not_allowed`, {origin: origin ?? undefined}));
      if (route !== 'health' && request.method !== 'OPTIONS') telemetry.refused(route, 'origin_not_allowed');
      return errorResponse(403, 'origin_not_allowed', `The proxy does not serve pages from ${origin?.slice(0, 200)}. Add the origin to its allowed origins (PROXY_ALLOWED_ORIGINS), or, for the proxy's own site, set its public origin (PROXY_PUBLIC_ORIGIN).`, {headers: {'x-should-retry': 'false'}});
    }
    let response: Response;
    if (request.method === 'OPTIONS') response = preflightResponse(request);
    else if (route === 'health') response = Response.json({ok: true, anthropic: isConfigured(options.anthropic), openai: isConfigured(options.openai)});
    else if (request.method !== 'POST') response = errorResponse(405, 'method_not_allowed', `${url.pathname} accepts POST only.`);
    else {
      const done = (outcome: string, fields: Record<string, LogValue> = {}) => log(logLine(`POST ${url.pathname} ${outcome}`, {...fields, ms: Date.now() - started}));
      response = route === 'traces' ? await relay(request, done) : await forward(request, route, done);
    }
    return withCors(response, origin);
  };

  async function forward(request: Request, wire: Wire, done: (outcome: string, fields?: Record<string, LogValue>) => void): Promise<Response> {
    const upstream = options[wire];
    if (!isConfigured(upstream)) {
      await request.body?.cancel().catch(() => {});
      telemetry.refused(wire, 'proxy_not_configured');
      const env = wire === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY (or OPENAI_BASE_URL for a keyless server such as Ollama)';
      done('503 not configured');
      // Not retryable: a missing key does not fix itself.
      return errorResponse(503, 'proxy_not_configured', `The proxy has no key for ${wire === 'anthropic' ? 'Anthropic' : 'OpenAI-compatible'} requests: set ${env} in its environment and restart it.`, {headers: {'x-should-retry': 'false'}});
    }

    const refuse = (reason: string, visitor?: string) => telemetry.refused(wire, reason, visitor);
    const visitor = await identify(request, wire, done);
    if (visitor instanceof Response) return visitor;

    if (wire === 'anthropic' && request.headers.has('anthropic-beta')) {
      await request.body?.cancel().catch(() => {});
      done('400 anthropic-beta');
      refuse('invalid_request', visitor);
      return errorResponse(400, 'invalid_request', 'The proxy does not forward the anthropic-beta header: beta features (longer contexts and outputs, server tools, files) change what a request can cost beyond what the proxy counts.', {headers: {'x-should-retry': 'false'}});
    }
    const maxBodyBytes = options.maxBodyBytes ?? PROXY_DEFAULTS.maxBodyBytes;
    const bytes = await readBody(request, maxBodyBytes, options.bodyTimeoutMs ?? PROXY_DEFAULTS.bodyTimeoutMs);
    if ('problem' in bytes) {
      done(`refused: body ${bytes.problem}`);
      refuse(bytes.problem === 'too_large' ? 'request_too_large' : 'request_timeout', visitor);
      if (bytes.problem === 'too_large') return errorResponse(413, 'request_too_large', `The request body is over ${maxBodyBytes} bytes, the most this proxy accepts (PROXY_MAX_BODY_BYTES).`, {headers: {'x-should-retry': 'false'}});
      return errorResponse(408, 'request_timeout', 'The request body did not arrive in time.', {headers: {'x-should-retry': 'false'}});
    }
    const limits = options.limits ?? {};
    const checked = checkModelRequest(bytes, wire, {models: upstream.models, maxTokens: options.maxTokens ?? PROXY_DEFAULTS.maxTokens, countUsage: true});
    if ('type' in checked) {
      done(`400 ${checked.type}`);
      refuse(checked.type, visitor);
      return errorResponse(400, checked.type, checked.message, {headers: {'x-should-retry': 'false'}});
    }

    const maxStreamMs = options.maxStreamMs ?? PROXY_DEFAULTS.maxStreamMs;
    const plan: AdmissionPlan = {
      id: crypto.randomUUID(),
      visitor,
      now: Date.now(),
      reserve: checked.reserve,
      requestsPerMinute: limitValue(limits.requestsPerMinute, PROXY_DEFAULTS.requestsPerMinute),
      concurrentStreams: limitValue(limits.concurrentStreams, PROXY_DEFAULTS.concurrentStreams),
      tokensPerDay: limitValue(limits.tokensPerDay, PROXY_DEFAULTS.tokensPerDay),
      dailyTokenBudget: limitValue(limits.dailyTokenBudget, undefined),
      // The lease outlives the longest answer, so it only ever frees the slot of a stopped instance.
      leaseMs: maxStreamMs + 60_000,
    };
    let counted = true;
    const admitting = store.admit(plan);
    try {
      const admission = await withTimeout(admitting, options.storeTimeoutMs ?? PROXY_DEFAULTS.storeTimeoutMs);
      if (!admission.admitted) {
        done(`429 ${admission.limit}`, {visitor});
        refuse(admission.limit, visitor);
        return errorResponse(429, 'proxy_limit', limitMessage(admission.limit, admission.retryAfterSeconds), {
          headers: {'retry-after': String(admission.retryAfterSeconds), 'x-should-retry': String(admission.retryAfterSeconds <= RETRY_ON_ITS_OWN_SECONDS)},
          extra: {limit: admission.limit, retry_after_seconds: admission.retryAfterSeconds},
        });
      }
    } catch (error) {
      // A store that answers after the timeout may still count the request: give its slot and
      // reservation back, or the visitor would be held until the lease ends.
      admitting
        .then((late) => {
          if (late.admitted) return store.settle(plan, 0);
        })
        .catch(() => {});
      if (!options.failOpen) {
        done('503 limit store unavailable', {error: describe(error)});
        refuse('limits_unavailable', visitor);
        return errorResponse(503, 'limits_unavailable', 'The proxy cannot check its usage limits right now (its limit store does not answer), so it refuses requests. Try again later.', {headers: {'x-should-retry': 'false'}});
      }
      log(logLine('warning: limit store unavailable; forwarding without limits (failOpen)', {error: describe(error)}));
      counted = false;
    }
    const settle = (tokens: number) => {
      if (counted) store.settle(plan, tokens).catch((error: unknown) => log(logLine('warning: could not settle a request in the limit store', {error: describe(error)})));
    };

    const target = upstreamRequest(wire, upstream, request.headers);
    const controller = new AbortController();
    const abortUpstream = () => controller.abort();
    request.signal?.addEventListener('abort', abortUpstream, {once: true});
    const headersTimer = setTimeout(abortUpstream, maxStreamMs);
    const call = telemetry.startCall(request, {wire, model: checked.model, maxTokens: checked.maxTokens, upstreamUrl: target.url, visitor});
    for (const [name, value] of Object.entries(call.traceHeaders())) target.headers.set(name, value);
    let answer: Response;
    try {
      answer = await upstreamFetch(target.url, {method: 'POST', headers: target.headers, body: checked.body, signal: controller.signal});
    } catch (error) {
      settle(0);
      call.end({errorType: request.signal?.aborted ? 'client_gone' : 'upstream_unreachable'});
      done(`502 upstream unreachable`);
      if (request.signal?.aborted) return errorResponse(499, 'client_closed', 'The client went away.');
      return errorResponse(502, 'upstream_unreachable', `The proxy could not reach ${new URL(target.url).origin}: ${redactSecrets(describe(error), secrets)}`);
    } finally {
      clearTimeout(headersTimer);
    }

    const headers = new Headers();
    for (const name of UPSTREAM_RESPONSE_HEADERS) {
      const value = answer.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    if (checked.clampedFrom !== undefined) headers.set(CLAMPED_HEADER, String(checked.maxTokens));
    if (checked.dropped.length) headers.set(DROPPED_HEADER, checked.dropped.join(', ').slice(0, 500));

    if (!answer.ok || !answer.body) {
      // An error answer spends no tokens. Its body is passed on, without any key it may quote.
      const text = await boundedText(answer);
      settle(0);
      call.end({status: answer.status});
      done(`${answer.status} from upstream`);
      return new Response(redactSecrets(text, secrets), {status: answer.status, headers});
    }
    const body = passAnswer(answer, {
      clientIdleTimeoutMs: options.clientIdleTimeoutMs ?? PROXY_DEFAULTS.clientIdleTimeoutMs,
      maxStreamMs,
      abortUpstream,
      onFirstChunk: () => call.firstChunk(),
      onEnd: (end: AnswerEnd, tokens: number | undefined, final: boolean, report: AnswerReport) => {
        // A whole answer counts what it reported (the reservation when it reported none). A cut
        // one (the client left, a timeout, a broken upstream) before its final usage counts its
        // reservation: the counts so far (Anthropic's first frame says 1 output token) are not
        // what the provider bills for an answer that went on generating until it was stopped.
        const spent = end === 'done' || final ? (tokens ?? plan.reserve) : Math.max(tokens ?? 0, plan.reserve);
        settle(spent);
        call.end({status: answer.status, report, ...(end === 'done' ? {} : {errorType: end})});
        done(`${answer.status} ${end}`, {model: checked.model, tokens: spent, visitor});
      },
    });
    return new Response(body, {status: answer.status, headers});
  }

  /** Who the proxy counts for `request`: a visitor token's subject (refused without a valid one, when required), else the client's address. */
  async function identify(request: Request, route: Wire | 'traces', done: (outcome: string) => void): Promise<string | Response> {
    if (!options.visitorTokens) return `ip:${clientAddress(request, options.clientAddressHeader, ipv6Prefix)}`;
    const checked = await verifyVisitorToken(request.headers.get(VISITOR_TOKEN_HEADER), options.visitorTokens);
    if ('subject' in checked) return `sub:${checked.subject}`;
    await request.body?.cancel().catch(() => {});
    done(`401 ${checked.problem}`);
    telemetry.refused(route, checked.problem);
    return errorResponse(401, checked.problem, VISITOR_TOKEN_MESSAGES[checked.problem], {headers: {'x-should-retry': 'false'}});
  }

  /** The traces relay, for a visitor the proxy's rules let in. */
  async function relay(request: Request, done: (outcome: string, fields?: Record<string, LogValue>) => void): Promise<Response> {
    const visitor = await identify(request, 'traces', done);
    if (visitor instanceof Response) return visitor;
    const answer = await relayTraces(request, {
      telemetry: {...options.telemetry, tracesUrl: tracesUrl!},
      store,
      storeTimeoutMs: options.storeTimeoutMs ?? PROXY_DEFAULTS.storeTimeoutMs,
      bodyTimeoutMs: options.bodyTimeoutMs ?? PROXY_DEFAULTS.bodyTimeoutMs,
      failOpen: !!options.failOpen,
      fetch: upstreamFetch,
      visitor,
      refused: (reason) => telemetry.refused('traces', reason, visitor),
    });
    done(`${answer.status} ${answer.ok ? 'relayed' : 'not relayed'}`, {visitor});
    return answer;
  }

  return Object.assign(proxy, {handles: (pathname: string) => routeOf(pathname) !== undefined});
}

async function boundedText(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < MAX_ERROR_BODY) {
      const {done, value} = await reader.read();
      if (done) break;
      text += decoder.decode(value, {stream: true});
    }
  } catch {
    // A cut error body: what arrived is enough to say why.
  }
  reader.cancel().catch(() => {});
  return text.slice(0, MAX_ERROR_BODY);
}

function describe(error: unknown): string {
  const e = error as {cause?: {code?: string}; message?: string};
  return String(e?.cause?.code ?? e?.message ?? error);
}
