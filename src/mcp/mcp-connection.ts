/**
 * `connectMcpServer(options)`: one MCP server as an `McpLayer` backed by a live session.
 * It connects (Streamable HTTP, else legacy SSE), lists the tools page by
 * page (a broken tool is disabled alone), finds the server's recipes, and wires the layer's
 * `execute`: progress notifications keep the call alive, the call's signal cancels it on the server, and a
 * session the server forgot (HTTP 404) is re-opened once, retrying only read-only tools. A tool
 * with an MCP App view (`_meta.ui.resourceUri`) shows it on the canvas, and the layer's `apps`
 * channel is what those views may ask of the server.
 */
import type {CallToolRequestOptions} from '@modelcontextprotocol/client';
import {recipeRoles} from '../agent/canonical-tools.js';
import {MAX_TOOL_TIMEOUT_MS} from '../agent/run-tool.js';
import type {LayerTool, McpAppChannel, McpLayer, Recipe, ToolExecutionContext, ToolOutput} from '../agent/types.js';
import {publicAddress} from '../policy/public-address.js';
import {httpUrl} from '../policy/url-rules.js';
import {AutouiError, ErrorCodes, errorMessage} from '../errors.js';
import {httpStatusOf, toConnectError} from './connect-errors.js';
import {appViewPreviewer, showAppView} from './app-views.js';
import {listServerTools} from './list-server-tools.js';
import {McpSession, withDeadline} from './mcp-session.js';
import {completeSignIn, withSignIn, type SignInContext} from './sign-in.js';
import type {DisabledTool, McpConnection, McpServerOptions, ProtocolMemory, ProtocolVerdict} from './mcp-types.js';
import {StoredOAuthProvider} from './oauth-provider.js';
import {failureContext, openClient, type OpenClientOptions} from './open-client.js';
import {forgetPageVerdict, pageProtocolMemory, recall, remember} from './protocol-memory.js';
import {PROMPT_RECIPE_TOOLS, callPromptRecipeTool, listPrompts, promptsAsRecipes} from './prompt-recipes.js';
import {SKILL_RECIPE_TOOLS, callSkillRecipeTool, skillsAsRecipes} from './skill-recipes.js';
import {fetchRecipeList} from './recipe-list.js';
import {toToolOutput} from './tool-result.js';
import type {TraceSpan} from '../telemetry/agent-tracer.js';
import type {TracedRequest} from '../telemetry/trace-meta.js';
import {RequestSpans} from './request-spans.js';

/** Default milliseconds for the handshake and the tool list. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/** Resolves the server URL against the page (or worker) location when it is relative. */
function resolveUrl(url: string): URL {
  const base = (globalThis as {location?: {href?: string}}).location?.href;
  try {
    return new URL(url, base);
  } catch {
    throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, `connectMcpServer: "${publicAddress(String(url))}" is not a valid URL.`);
  }
}

const PROTOCOLS = new Set(['auto', '2026-07-28', '2025-11-25']);

/** How a connection is traced: `trace` is the span its requests (`initialize`, the lists read) are children of. */
export interface ConnectTracing {
  trace?: TraceSpan;
}

/**
 * Connects one MCP server. Throws an `AutouiError` (`MCP_CONNECT`, `MCP_CORS`, `MCP_TIMEOUT`,
 * `MCP_AUTH_REQUIRED`, `MCP_AUTH_DENIED`, `MCP_AUTH_FAILED`, `ABORTED`, `INVALID_ARGUMENT`).
 */
export async function connectMcpServer(options: McpServerOptions & ConnectTracing): Promise<McpConnection> {
  const url = resolveUrl(options.url);
  if (!httpUrl(url.href)) throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, `connectMcpServer: only http(s) URLs are supported, got "${url.protocol}".`);
  const protocol = options.protocol ?? 'auto';
  if (!PROTOCOLS.has(protocol)) throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, `connectMcpServer: protocol must be auto, 2026-07-28 or 2025-11-25, got "${String(protocol)}".`);
  const label = options.name ?? url.host;
  const headers: Record<string, string> = {...options.headers, ...(options.token ? {Authorization: `Bearer ${options.token}`} : {})};
  const timeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const deadline = {label, url: url.href, timeoutMs, outer: options.signal};
  const memory = options.protocolMemory ?? pageProtocolMemory;
  const memoryKey = publicAddress(url.href);
  const prior = protocol === 'auto' ? await recall(memory, memoryKey) : undefined;
  // A static token is the page's own arrangement: no sign-in flow on top of it.
  const authProvider = options.auth && !options.token ? new StoredOAuthProvider(options.auth, url.href) : undefined;
  const signIn: SignInContext = {server: label, url, auth: options.token ? undefined : options.auth, provider: authProvider, signal: options.signal};
  // Every transport of the connection is tapped: each request gets its client span when traced.
  const requestSpans = new RequestSpans(url);
  const openOptions = {url, label, headers, protocol, authProvider, elicit: options.elicit, requestSpans};
  return requestSpans.within(options.trace, () => connectTraced(options, {url, label, memory, memoryKey, prior, deadline, signIn, openOptions}));
}

interface ConnectInput {
  url: URL;
  label: string;
  memory: ProtocolMemory;
  memoryKey: string;
  prior: ProtocolVerdict | undefined;
  deadline: Parameters<typeof withDeadline>[0];
  signIn: SignInContext;
  openOptions: Omit<OpenClientOptions, 'signal' | 'prior'> & {requestSpans: RequestSpans};
}

/** The handshake and the lists of {@link connectMcpServer}, inside the connection's trace. */
async function connectTraced(options: McpServerOptions & ConnectTracing, input: ConnectInput): Promise<McpConnection> {
  const {url, label, memory, memoryKey, prior, deadline, signIn, openOptions} = input;
  const authProvider = openOptions.authProvider;
  let opened;
  try {
    const resumed = authProvider && (await options.auth?.resume?.(url.href));
    if (resumed && authProvider) await withDeadline(deadline, () => completeSignIn(signIn, authProvider, resumed));
    opened = await withSignIn(signIn, () => withDeadline(deadline, (signal) => openClient({...openOptions, prior, signal})));
  } catch (error) {
    throw await toConnectError(error, {url: url.href, label, ...failureContext(error)});
  }
  await remember(memory, memoryKey, opened.verdict);
  const session = new McpSession(opened, {...openOptions, timeoutMs: deadline.timeoutMs, signIn});
  openOptions.requestSpans.facts = () => ({protocol: session.protocol, sessionId: session.sessionId});
  try {
    const {tools, appTools, disabled, recipes, syntheticRecipes} = await withDeadline(deadline, async (signal) => {
      const listed = await session.signedIn(() => listServerTools(session.client, signal, options.tools));
      session.definitions = new Map(listed.definitions.map((t) => [t.name, t]));
      const roles = recipeRoles(listed.tools);
      const none = {...listed, recipes: undefined as Recipe[] | undefined, syntheticRecipes: undefined as 'prompts' | 'skills' | undefined};
      if (Object.keys(roles).length > 0) return none;
      // No recipe tools: the server's skills (MCP Skills extension), else its prompts, are its recipes.
      const skills = await skillsAsRecipes(opened.client, signal);
      if (skills) return {...none, tools: [...listed.tools, ...SKILL_RECIPE_TOOLS], recipes: skills, syntheticRecipes: 'skills' as const};
      if (opened.client.getServerCapabilities()?.prompts) {
        const prompts = await listPrompts(opened.client, signal).catch(() => []);
        if (prompts.length) return {...none, tools: [...listed.tools, ...PROMPT_RECIPE_TOOLS], recipes: promptsAsRecipes(prompts), syntheticRecipes: 'prompts' as const};
      }
      return none;
    });
    return buildConnection(session, {options, label, url, tools, appTools, disabled, recipes, syntheticRecipes, spans: openOptions.requestSpans});
  } catch (error) {
    await session.close();
    // A remembered 2026-07-28 verdict is adopted without any request: a server that changed since
    // only fails here. Negotiate afresh once, and remember what it says now.
    if (prior?.kind === 'modern' && !options.signal?.aborted) {
      forgetPageVerdict(memoryKey);
      return connectMcpServer({...options, protocolMemory: {get: () => undefined, set: (key, verdict) => memory.set(key, verdict)}});
    }
    throw await toConnectError(error, {url: url.href, label, initialized: true, sessionId: opened.sessionId()});
  }
}

interface BuildInput {
  options: McpServerOptions;
  label: string;
  url: URL;
  tools: LayerTool[];
  appTools: LayerTool[];
  disabled: DisabledTool[];
  recipes?: Recipe[];
  /** Where the synthetic recipe tools read from: the server's prompts or its skills. */
  syntheticRecipes?: 'prompts' | 'skills';
  /** The connection's client spans. */
  spans: RequestSpans;
}

async function buildConnection(session: McpSession, input: BuildInput): Promise<McpConnection> {
  const {client} = session;
  const info = client.getServerVersion();
  const serverName = input.options.name ?? info?.name ?? input.url.host;
  const byName = new Map(input.tools.map((t) => [t.name, t]));
  const {spans} = input;

  /**
   * The server's own `tools/call` result, as JSON. Traced: a `tools/call {name}` client span, child
   * of the call's `execute_tool` span (or `own`, a view's request span), whose context goes in
   * `params._meta` (both eras).
   */
  const callServer = (name: string, args: Record<string, unknown>, context: Pick<ToolExecutionContext, 'signal' | 'reportProgress' | 'trace'>, own?: TraceSpan): Promise<Record<string, unknown>> => {
    const options: CallToolRequestOptions = {
      signal: context.signal,
      onprogress: () => context.reportProgress(),
      // The loop owns the per-call timeout (reset by progress); the SDK only enforces the cap.
      timeout: MAX_TOOL_TIMEOUT_MS,
      resetTimeoutOnProgress: true,
      maxTotalTimeout: MAX_TOOL_TIMEOUT_MS,
    };
    // Our loose listing fills no SDK cache: the definition drives output validation and
    // (2026-07-28) the Mcp-Param header mirroring.
    const toolDefinition = session.definitions.get(name);
    if (toolDefinition) options.toolDefinition = toolDefinition;
    const span = own?.recording ? spans.adopt(own, 'tools/call', name) : spans.start(context.trace, 'tools/call', name);
    return spans.send(span, (meta) => session.signedIn(() => session.client.callTool({name, arguments: args, ...meta}, options)) as Promise<unknown> as Promise<Record<string, unknown>>);
  };

  /** Sends one request of a question traced by `trace`, in a client span whose context `send` puts in `params._meta`. */
  const tracedRequest: TracedRequest = (trace, method, target, send) => spans.send(spans.start(trace, method, target), send);

  /**
   * Runs `run` against the session; when the server forgot it (HTTP 404: a restart, an expiry),
   * opens a new one once and runs `run` again, only for tools marked read-only.
   */
  const withSession = <T>(name: string, signal: AbortSignal, run: () => Promise<T>): Promise<T> =>
    // On every call: the recovery costs nothing until a call fails.
    run().catch((error: unknown) => recoverSession(name, signal, run, error));

  const recoverSession = async <T>(name: string, signal: AbortSignal, run: () => Promise<T>, error: unknown): Promise<T> => {
    if (signal.aborted) throw signal.reason ?? error;
    if (httpStatusOf(error) !== 404) throw callError(serverName, name, error);
    try {
      await session.reconnect();
    } catch (reconnectError) {
      throw callError(serverName, name, reconnectError, 'its session expired and reconnecting failed');
    }
    if (byName.get(name)?.annotations?.readOnlyHint !== true) {
      throw new AutouiError(
        ErrorCodes.TOOL_FAILED,
        `The MCP server ${serverName} had lost the session, so ${name} did not run. The session is re-opened; ${name} is not marked read-only, so it was not retried automatically: call it again if that is safe.`,
        {cause: error, details: {server: serverName, tool: name, retried: false}},
      );
    }
    try {
      return await run();
    } catch (retryError) {
      if (signal.aborted) throw signal.reason ?? retryError;
      throw callError(serverName, name, retryError);
    }
  };

  const callModelTool = (name: string, args: Record<string, unknown>, context: ToolExecutionContext): Promise<ToolOutput> => {
    if (input.syntheticRecipes) return callRecipeTool(name, args, context);
    const resourceUri = byName.get(name)?.app?.resourceUri;
    if (!resourceUri) return withSession(name, context.signal, () => callServer(name, args, context)).then(toToolOutput);
    return callAppTool(name, args, context, resourceUri);
  };

  /** A server whose recipes are its prompts or skills: the synthetic recipe tools answer here, the others go to the server. */
  const callRecipeTool = async (name: string, args: Record<string, unknown>, context: ToolExecutionContext): Promise<ToolOutput> => {
    const answer = input.syntheticRecipes === 'skills' ? callSkillRecipeTool : callPromptRecipeTool;
    const answered = await answer(() => session.client, name, args, context, tracedRequest);
    if (answered) return answered;
    const resourceUri = byName.get(name)?.app?.resourceUri;
    if (!resourceUri) return toToolOutput(await withSession(name, context.signal, () => callServer(name, args, context)));
    return callAppTool(name, args, context, resourceUri);
  };

  /** A tool with a view: the view shows on the canvas as the call starts, and hears how it ends. */
  const callAppTool = async (name: string, args: Record<string, unknown>, context: ToolExecutionContext, resourceUri: string): Promise<ToolOutput> => {
    const view = showAppView(context, {server: serverName, channel: apps!.id, tool: name, resourceUri, input: args});
    try {
      const result = await withSession(name, context.signal, () => callServer(name, args, context));
      view.finished(result);
      return toToolOutput(result);
    } catch (error) {
      view.cancelled(context.signal.aborted ? 'The call was stopped.' : errorMessage(error));
      throw error;
    }
  };

  const appTools = new Map(input.appTools.map((t) => [t.name, t]));
  const noProgress = () => undefined;
  const apps: McpAppChannel | undefined = input.tools.some((t) => t.app?.resourceUri)
    ? {
        id: crypto.randomUUID(),
        tools: input.appTools,
        callTool: async (name, args, options = {}) => {
          if (!appTools.has(name)) {
            throw new AutouiError(ErrorCodes.APP_REFUSED, `${name} is not a tool the MCP server ${serverName} lets its apps call.`, {details: {server: serverName, tool: name}});
          }
          const signal = options.signal ?? new AbortController().signal;
          // The view's request span (the session's) is the tools/call span itself.
          return spans.within(options.trace, () => withSession(name, signal, () => callServer(name, args, {signal, reportProgress: noProgress}, options.trace)));
        },
        readResource: async (uri, options = {}) => {
          const signal = options.signal ?? new AbortController().signal;
          const read = (meta: {_meta?: Record<string, string>}) => session.signedIn(() => session.client.readResource({uri, ...meta}, {signal, timeout: DEFAULT_CONNECT_TIMEOUT_MS * 3}));
          const span = options.trace?.recording ? spans.adopt(options.trace, 'resources/read', undefined, uri) : undefined;
          return spans.within(options.trace, () => withSession(`resources/read ${uri}`, signal, async () => (await spans.send(span, read)) as unknown as Record<string, unknown>));
        },
      }
    : undefined;

  const layer: McpLayer = {
    protocol: 'mcp',
    serverName,
    serverUrl: input.url.href,
    description: client.getInstructions() ?? info?.title,
    tools: input.tools,
    recipes: input.recipes,
    // A request the SDK makes for a call (a Skills file read, a session re-opened) is the call's too.
    execute: (name, args, context) => spans.within(context.trace, () => callModelTool(name, args, context)),
    ...(apps ? {apps, previewTool: appViewPreviewer(serverName, apps.id, byName)} : {}),
  };
  layer.recipes ??= await fetchRecipeList(layer);
  return {
    layer,
    serverInfo: {name: info?.name ?? serverName, version: info?.version ?? '', ...(info?.title ? {title: info.title} : {})},
    transport: session.transport,
    protocol: session.protocol,
    disabledTools: input.disabled,
    close: () => session.close(),
  };
}

/** A failed call as a typed error whose message the model can act on. */
function callError(server: string, tool: string, error: unknown, context?: string): AutouiError {
  if (AutouiError.isInstance(error)) return error;
  const status = httpStatusOf(error);
  const reason = context ?? (status ? `HTTP ${status}: ${errorMessage(error)}` : errorMessage(error));
  return new AutouiError(ErrorCodes.TOOL_FAILED, `${tool} on the MCP server ${server} failed: ${reason}`, {cause: error, details: {server, tool, ...(status ? {status} : {})}});
}
