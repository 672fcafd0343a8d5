/**
 * Opens one MCP session: an SDK `Client` over Streamable HTTP, or over the legacy SSE transport
 * when the server is an old SSE server (a 4xx to the initialize POST, as the SDK advises for
 * backwards compatibility). The client declares one capability, the MCP Apps extension (it shows
 * `ui://` views), and answers every request the server sends (sampling, elicitation, roots) at
 * once with a clear "not supported" error, so a tool that asks never hangs. Validation is cfworker's interpreter: no eval, strict-CSP pages work.
 */
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import type {SSEClientTransport} from '@modelcontextprotocol/sdk/client/sse.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {ErrorCode, McpError} from '@modelcontextprotocol/sdk/types.js';
import {CfWorkerJsonSchemaValidator} from '@modelcontextprotocol/sdk/validation/cfworker';
import {MCP_APPS_CAPABILITIES} from './app-meta.js';
import {httpStatusOf, toConnectError} from './connect-errors.js';

/** How we introduce ourselves in `initialize`. */
export const CLIENT_INFO = {name: 'autoui-agent', version: '0.1.0'} as const;

/** What the server's requests to us are, for the refusal message. */
const FEATURES: Record<string, string> = {
  'sampling/createMessage': 'sampling (asking the client\'s LLM)',
  'elicitation/create': 'elicitation (asking the user a question)',
  'roots/list': 'roots (the client\'s file system)',
};

/**
 * The SDK opens a standing GET event stream to every server once the session starts, for what a
 * server sends outside any request. We use none of it: a call's progress and the server's
 * questions come on that call's own stream. And each standing stream holds one of the six
 * connections a browser keeps per host, for good: six servers on one origin (a gateway), or
 * several elements with a server each, left every later request waiting, and the question hung.
 * So that GET is answered here, without the network, with the 405 of a server that offers no such
 * stream (which the SDK takes as "none"). A GET that resumes a call's broken stream
 * (`last-event-id`) still goes out.
 */
const withoutStandingStream: typeof fetch = (input, init) => {
  const resuming = init?.headers !== undefined && new Headers(init.headers).has('last-event-id');
  if (init?.method === 'GET' && !resuming) return Promise.resolve(new Response(null, {status: 405, statusText: 'Not opened by autoui-agent'}));
  return globalThis.fetch(input, init);
};

/** A connected session. */
export interface OpenedClient {
  client: Client;
  transport: 'streamable-http' | 'sse';
  /** The session id the transport holds (Streamable HTTP only). */
  sessionId(): string | undefined;
}

/** Options of {@link openClient}. */
export interface OpenClientOptions {
  url: URL;
  label: string;
  headers: Record<string, string>;
  signal: AbortSignal;
}

/** A client that refuses every server-to-client request at once. */
function createClient(): Client {
  const client = new Client({...CLIENT_INFO}, {capabilities: {...MCP_APPS_CAPABILITIES}, jsonSchemaValidator: new CfWorkerJsonSchemaValidator()});
  client.fallbackRequestHandler = async (request) => {
    const feature = FEATURES[request.method] ?? request.method;
    throw new McpError(ErrorCode.MethodNotFound, `Not supported: autoui-agent does not support ${feature}; the request "${request.method}" was refused.`);
  };
  return client;
}

/**
 * Connects, trying Streamable HTTP then legacy SSE. Throws an `AutouiError`
 * (`MCP_CONNECT`, `MCP_CORS` or `ABORTED`); the caller applies the timeout through `signal`.
 */
export async function openClient(options: OpenClientOptions): Promise<OpenedClient> {
  const {url, label, headers, signal} = options;
  const client = createClient();
  const transport = new StreamableHTTPClientTransport(url, {requestInit: {headers}, fetch: withoutStandingStream});
  try {
    await connectWithSignal(client, transport, signal);
    return {client, transport: 'streamable-http', sessionId: () => transport.sessionId};
  } catch (error) {
    const initialized = client.getServerVersion() !== undefined;
    const sessionId = transport.sessionId;
    await client.close().catch(() => undefined);
    const status = httpStatusOf(error);
    const legacyCandidate = !initialized && !signal.aborted && status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403;
    if (legacyCandidate) {
      const sse = await openLegacy(options).catch(() => undefined);
      if (sse) return sse;
    }
    throw await toConnectError(signal.aborted ? signal.reason : error, {url: url.href, label, initialized, sessionId});
  }
}

/**
 * The legacy HTTP+SSE transport (protocol 2024-11-05 servers). Loaded only when needed: few
 * servers still need it, and it brings its own EventSource implementation.
 */
async function openLegacy({url, headers, signal}: OpenClientOptions): Promise<OpenedClient> {
  const {SSEClientTransport} = await import('@modelcontextprotocol/sdk/client/sse.js');
  const client = createClient();
  const transport = new SSEClientTransport(url, {requestInit: {headers}});
  try {
    await connectWithSignal(client, transport, signal);
    return {client, transport: 'sse', sessionId: () => undefined};
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/** `client.connect` that also stops waiting (and closes the transport) when `signal` aborts. */
async function connectWithSignal(client: Client, transport: StreamableHTTPClientTransport | SSEClientTransport, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  const onAbort = () => void client.close().catch(() => undefined);
  signal.addEventListener('abort', onAbort, {once: true});
  try {
    await client.connect(transport, {signal});
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
