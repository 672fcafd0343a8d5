/**
 * Opens one MCP connection with the SDK v2 client, in either protocol era: the stateless
 * 2026-07-28 revision (found by a `server/discover` probe, or pinned) or the 2025-11-25 lifecycle
 * (`initialize` and a session), over Streamable HTTP, or the legacy SSE transport when the server
 * is an old SSE server (a 4xx to the 2025 `initialize` POST, as the SDK advises).
 *
 * In a browser, a server that predates 2026-07-28 may refuse the probe's new headers in its CORS
 * preflight: the probe then fails like a network error, and `auto` tries the 2025 lifecycle
 * before calling the server unreachable. The client declares the MCP Apps extension and, when the
 * app answers elicitations, form and URL elicitation; sampling and roots are refused at once with
 * a clear error, so a tool that asks never hangs. Validation is cfworker's interpreter: no eval,
 * strict-CSP pages work.
 */
import {Client, ProtocolError, ProtocolErrorCode, SSEClientTransport, StreamableHTTPClientTransport, type ClientCapabilities, type PriorDiscovery} from '@modelcontextprotocol/client';
import {MCP_APPS_CAPABILITIES} from './app-meta.js';
import {httpStatusOf, isFetchFailure} from './connect-errors.js';
import {boundedFetch} from './answer-bounds.js';
import {REFUSED_REQUEST_METHOD} from './answer-limits.js';
import {answerElicitation} from './elicitation.js';
import {RuntimeSchemaValidator} from './sdk-validator.js';
import {SKILLS_EXTENSION} from './skill-recipes.js';
import type {StoredOAuthProvider} from './oauth-provider.js';
import type {RequestSpans} from './request-spans.js';
import type {ElicitationHandler, McpProtocolChoice, ProtocolVerdict} from './mcp-types.js';

/** How we introduce ourselves (`initialize`, or each 2026-07-28 request's `_meta`). */
export const CLIENT_INFO = {name: 'autoui-agent', version: '0.1.0'} as const;

/** The stateless revision. */
export const MODERN_REVISION = '2026-07-28';

/** What the server's requests to us are, for the refusal message. */
const FEATURES: Record<string, string> = {
  'sampling/createMessage': "sampling (asking the client's LLM)",
  'elicitation/create': 'elicitation (asking the user a question)',
  'roots/list': "roots (the client's file system)",
};

/**
 * The SDK opens a standing GET event stream to a 2025-era server once its session starts: what
 * the server sends outside any call arrives there (some servers send their questions to the
 * person, elicitations, that way). But each standing stream holds one of the six connections a
 * browser keeps per host, for good: seven servers behind one origin (a gateway), or several
 * elements sharing servers, used to leave every later request waiting, and the question hung. So
 * the page opens at most {@link STANDING_PER_HOST} such streams per host; the others are answered
 * here, without the network, with the 405 of a server that offers none (which the SDK takes as
 * "none"). A GET that resumes a call's broken stream (`last-event-id`) always goes out.
 */
export const STANDING_PER_HOST = 2;
const standingByHost = new Map<string, number>();

/**
 * The fetch of one connection attempt; `seen` learns whether `initialize` was answered. Every
 * answer is held to the limits of one message (answer-bounds.ts) before the SDK reads it.
 */
function fetchFor(seen: {initialized: boolean}): typeof fetch {
  return boundedFetch(async (input, init) => {
    const resuming = init?.headers !== undefined && new Headers(init.headers).has('last-event-id');
    if (init?.method === 'GET' && !resuming) return standingStream(input, init);
    const response = await globalThis.fetch(input, init);
    // Whether `initialize` was answered, to tell a session id the page could not read (CORS) from a refusal.
    if (response.ok && typeof init?.body === 'string' && init.body.includes('"method":"initialize"')) seen.initialized = true;
    return response;
  });
}

/** A standing stream, if this host has room for one; released when it ends, fails or is aborted. */
async function standingStream(input: RequestInfo | URL, init: RequestInit): Promise<Response> {
  const host = new URL(input instanceof Request ? input.url : String(input)).host;
  const open = standingByHost.get(host) ?? 0;
  if (open >= STANDING_PER_HOST) return new Response(null, {status: 405, statusText: 'Not opened by autoui-agent'});
  standingByHost.set(host, open + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    standingByHost.set(host, (standingByHost.get(host) ?? 1) - 1);
  };
  init.signal?.addEventListener('abort', release, {once: true});
  try {
    const response = await globalThis.fetch(input, init);
    if (!response.ok || !response.body) {
      release();
      return response;
    }
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const {done, value} = await reader.read();
          if (done) {
            release();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          release();
          controller.error(error);
        }
      },
      cancel(reason) {
        release();
        return reader.cancel(reason);
      },
    });
    return new Response(body, {status: response.status, statusText: response.statusText, headers: response.headers});
  } catch (error) {
    release();
    throw error;
  }
}

/** A connected client. */
export interface OpenedClient {
  client: Client;
  transport: 'streamable-http' | 'sse';
  /** The revision spoken (`2026-07-28`, or what the 2025 lifecycle negotiated). */
  protocol: string;
  /** What to remember of this server's revision. */
  verdict: ProtocolVerdict;
  /** The session id the transport holds (2025-era Streamable HTTP only). */
  sessionId(): string | undefined;
}

/** Options of {@link openClient}. */
export interface OpenClientOptions {
  url: URL;
  label: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  protocol: McpProtocolChoice;
  /** A verdict remembered from an earlier connection (ignored when `protocol` pins one). */
  prior?: ProtocolVerdict;
  /** The OAuth client, when the app signs in. */
  authProvider?: StoredOAuthProvider;
  elicit?: ElicitationHandler;
  /** The connection's client spans: each transport opened is tapped, so every request can be traced. */
  requestSpans?: RequestSpans;
}

/** What a failed attempt got as far as, by its error: whether `initialize` answered, the session id read. */
const failures = new WeakMap<object, {initialized: boolean; sessionId?: string}>();

/** How far the attempt that threw `error` got (for naming a CORS header the page could not read). */
export function failureContext(error: unknown): {initialized: boolean; sessionId?: string} {
  const known = error && typeof error === 'object' ? failures.get(error) : undefined;
  return known ?? {initialized: false};
}

/** The SDK's negotiation setting for a `protocol` choice. */
function negotiation(protocol: McpProtocolChoice) {
  if (protocol === MODERN_REVISION) return {mode: {pin: MODERN_REVISION}} as const;
  return {mode: protocol === 'auto' ? 'auto' : 'legacy'} as const;
}

/** A client that answers elicitations through `elicit` (or declines them) and refuses the rest. */
function createClient(options: OpenClientOptions, protocol: McpProtocolChoice): Client {
  const capabilities: ClientCapabilities = {
    extensions: {...MCP_APPS_CAPABILITIES.extensions, [SKILLS_EXTENSION]: {}},
    ...(options.elicit ? {elicitation: {form: {}, url: {}}} : {}),
  };
  const client = new Client({...CLIENT_INFO}, {capabilities, jsonSchemaValidator: new RuntimeSchemaValidator(), versionNegotiation: negotiation(protocol)});
  if (options.elicit) {
    const elicit = options.elicit;
    // Both eras: a 2025 server's request, or (2026-07-28) an "input required" result, which the
    // SDK fulfils through this same handler before retrying the call.
    client.setRequestHandler('elicitation/create', (request, ctx) => answerElicitation(elicit, options.label, request.params, ctx));
  }
  client.fallbackRequestHandler = async (request) => {
    // A request over the limits of one message, replaced before the SDK read it (answer-bounds.ts).
    if (request.method === REFUSED_REQUEST_METHOD) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, String(request.params?.reason ?? 'Refused: too large.'));
    const feature = FEATURES[request.method] ?? request.method;
    throw new ProtocolError(ProtocolErrorCode.MethodNotFound, `Not supported: autoui-agent does not support ${feature}; the request "${request.method}" was refused.`);
  };
  return client;
}

/** The SDK's form of a remembered verdict. */
const priorOf = (verdict: ProtocolVerdict | undefined): PriorDiscovery | undefined =>
  verdict?.kind === 'modern' ? ({kind: 'modern', discover: verdict.discover} as PriorDiscovery) : verdict;

/**
 * Connects in the chosen era. Throws the SDK's or the network's error as it is (the caller
 * classifies it); an `UnauthorizedError` means the server wants a sign-in.
 */
export async function openClient(options: OpenClientOptions): Promise<OpenedClient> {
  const {protocol, prior} = options;
  const pinned = protocol !== 'auto';
  try {
    return await openStreamable(options, protocol, pinned ? undefined : prior);
  } catch (error) {
    if (options.signal.aborted || pinned && protocol === MODERN_REVISION) throw error;
    // A remembered verdict that no longer holds (the server changed): negotiate afresh.
    if (!pinned && prior) return openClient({...options, prior: undefined});
    // The probe's preflight refused (a pre-2026 server's CORS): try the 2025 lifecycle.
    if (protocol === 'auto' && isFetchFailure(error)) {
      return openStreamable(options, '2025-11-25').catch(() => Promise.reject(error));
    }
    const status = httpStatusOf(error);
    if (status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403) {
      const sse = await openLegacySse(options).catch(() => undefined);
      if (sse) return sse;
    }
    throw error;
  }
}

/** Streamable HTTP in `protocol` (`auto` probes), adopting `prior` when given. */
async function openStreamable(options: OpenClientOptions, protocol: McpProtocolChoice, prior?: ProtocolVerdict): Promise<OpenedClient> {
  const client = createClient(options, protocol);
  const seen = {initialized: false};
  const transport = new StreamableHTTPClientTransport(options.url, {
    requestInit: {headers: options.headers},
    fetch: fetchFor(seen),
    ...(options.authProvider ? {authProvider: options.authProvider} : {}),
  });
  options.requestSpans?.tap(transport);
  try {
    await connectWithSignal(client, () => client.connect(transport, {signal: options.signal, ...(prior ? {prior: priorOf(prior)} : {})}), options.signal);
  } catch (error) {
    if (error && typeof error === 'object') failures.set(error, {initialized: seen.initialized, sessionId: transport.sessionId});
    await client.close().catch(() => undefined);
    throw error;
  }
  const modern = client.getProtocolEra() === 'modern';
  const discover = modern ? client.getDiscoverResult() : undefined;
  return {
    client,
    transport: 'streamable-http',
    protocol: client.getNegotiatedProtocolVersion() ?? (modern ? MODERN_REVISION : '2025-11-25'),
    verdict: modern && discover ? {kind: 'modern', discover: discover as unknown as Record<string, unknown>} : {kind: 'legacy'},
    sessionId: () => transport.sessionId,
  };
}

/** The legacy HTTP+SSE transport (protocol 2024-11-05 servers). */
async function openLegacySse(options: OpenClientOptions): Promise<OpenedClient> {
  const client = createClient(options, '2025-11-25');
  const transport = new SSEClientTransport(options.url, {requestInit: {headers: options.headers}, fetch: boundedFetch(globalThis.fetch), ...(options.authProvider ? {authProvider: options.authProvider} : {})});
  options.requestSpans?.tap(transport);
  try {
    await connectWithSignal(client, () => client.connect(transport, {signal: options.signal}), options.signal);
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return {client, transport: 'sse', protocol: client.getNegotiatedProtocolVersion() ?? '2024-11-05', verdict: {kind: 'legacy'}, sessionId: () => undefined};
}

/** Runs `connect` and also stops waiting (and closes the client) when `signal` aborts. */
async function connectWithSignal(client: Client, connect: () => Promise<void>, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  const onAbort = () => void client.close().catch(() => undefined);
  signal.addEventListener('abort', onAbort, {once: true});
  try {
    await connect();
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
