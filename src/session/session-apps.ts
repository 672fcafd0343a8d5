/**
 * What a session does for the MCP App views on its canvas (DOM-free; a lazy chunk, loaded when a view first asks): reads a view's HTML once
 * per session, proxies a view's `tools/call` and `resources/read` to its own server only (a tool
 * its apps may call, never a model-only one or another server's, approved first where the
 * policy asks), turns a view's `ui/message` into the next question, and keeps what views ask
 * the model to know (`ui/update-model-context`) for the next question, the last word of each.
 * A view is untrusted: everything it sends is bounded, labelled as the view's, and can approve
 * nothing.
 */
import type {ApprovalAnswer, ApprovalPolicy, ApprovalRequest} from '../agent/approval.js';
import {needsApproval} from '../agent/approval-rules.js';
import type {LayerTool, McpLayer, ToolLayer} from '../agent/types.js';
import {AutouiError, ErrorCodes} from '../errors.js';
import type {McpAppHost, McpAppResource, McpAppViewRef} from '../schema/mcp-app-view.js';
import {AppApprovalLines} from './app-approval-line.js';
import type {SessionApprovals} from './session-approvals.js';
import type {ChildSpanOptions, TraceSpan} from '../telemetry/agent-tracer.js';

/** The one view format of the spec. */
const APP_MIME = 'text/html;profile=mcp-app';
/** The largest view read (the published examples are under 0.5 MB, their libraries inlined). */
const MAX_VIEW_CHARS = 8_000_000;
/** What one view may put before the model, and what a message from it may say. */
const MAX_CONTEXT_CHARS = 4000;

/** Where a question came from when it is not the person's own: a view's `ui/message`. */
export interface QuestionSource {
  app: {server: string; tool: string};
}

/** The session's side of an MCP App host (`session.apps`): what views may ask, whoever shows them. */
export type SessionAppsApi = Omit<McpAppHost, 'sandboxUrl' | 'readonly' | 'notice' | 'onApproval'>;

/** What the session lends its apps. */
export interface SessionAppsDeps {
  layers(): readonly ToolLayer[];
  /** The approval policy of a layer's tools, as a model's call would have. */
  policyFor(layer: ToolLayer): ApprovalPolicy;
  /** The session's approvals (its "always allow" answers shared with the model's calls). */
  approvals(): SessionApprovals;
  /** Starts a question from a view; throws `RUN_IN_PROGRESS` while one runs. */
  ask(text: string, from: QuestionSource): void;
  /** `session.traced`: runs `work` in a span of the question being answered, else of a trace of its own (tracing on), else untraced. */
  traced<T>(name: string, work: (span: TraceSpan) => Promise<T>, options: ChildSpanOptions): Promise<T>;
}

/** A view's request span: a client span, and (a trace of its own) says a view asked. */
const APP_REQUEST: ChildSpanOptions = {kind: 'client', attributes: {'autoui.request.source': 'app'}};

const refused = (message: string) => new AutouiError(ErrorCodes.APP_REFUSED, message);

/** The apps of one session. See the module comment. */
export class SessionApps {
  readonly #deps: SessionAppsDeps;
  /** Views' HTML by server and URI: read once per session (a failed read is asked again). */
  #views = new Map<string, Promise<McpAppResource>>();
  /** The last context of each view, until the next question takes it. */
  #contexts = new Map<string, {view: McpAppViewRef; text: string}>();
  /** One pending card per view and tool: a polling view asks once, not at every poll. */
  readonly #approvalLines = new AppApprovalLines();

  constructor(deps: SessionAppsDeps) {
    this.#deps = deps;
  }

  /** The MCP layer a view may reach: its own server's, by its connection id (names may repeat). */
  #layerOf(view: McpAppViewRef): McpLayer & {apps: NonNullable<McpLayer['apps']>} {
    const layer = this.#deps.layers().find((l): l is McpLayer => l.protocol === 'mcp' && l.apps?.id === view.channel);
    if (!layer?.apps) throw refused(`The MCP server ${view.server} of this view is not connected, or shows no apps.`);
    return layer as McpLayer & {apps: NonNullable<McpLayer['apps']>};
  }

  /** The view's HTML and what its server declared for it. */
  readView(view: McpAppViewRef, uri: string, signal?: AbortSignal): Promise<McpAppResource> {
    const key = `${view.channel}\n${uri}`;
    let read = this.#views.get(key);
    if (!read) {
      read = this.readResource(view, uri, signal).then((result) => viewResource(result, uri));
      read.catch(() => this.#views.get(key) === read && this.#views.delete(key));
      this.#views.set(key, read);
    }
    return read;
  }

  /** A view's `tools/call`: its own server, a tool its apps may call, approved where the policy asks. */
  async callTool(view: McpAppViewRef, name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const layer = this.#layerOf(view);
    const tool = layer.apps.tools.find((t) => t.name === name);
    if (!tool) {
      const modelOnly = layer.tools.some((t) => t.name === name);
      throw refused(modelOnly ? `${name} on ${view.server} is for the model only: its apps may not call it.` : `${view.server} has no tool ${name} its apps may call (a view reaches only its own server).`);
    }
    const stop = signal ?? new AbortController().signal;
    const answer = await this.#approve(layer, tool, args, view, stop);
    if (answer.decision === 'deny') throw new AutouiError(ErrorCodes.TOOL_DENIED, `The user declined this call of ${name}; nothing was sent to the server.`);
    return this.#deps.traced(`tools/call ${name}`, (trace) => layer.apps.callTool(name, args, {signal: stop, trace}), APP_REQUEST);
  }

  /**
   * Asks a person about a view's call as a model's call of the same tool would be asked about
   * (the layer's policy, "always allow" shared); `allow` when the policy does not ask. The
   * view's calls of one tool wait in one line (`app-approval-line.ts`): one card at a time.
   */
  #approve(layer: McpLayer, tool: LayerTool, args: Record<string, unknown>, view: McpAppViewRef, signal: AbortSignal): Promise<ApprovalAnswer> {
    const policy = this.#deps.policyFor(layer);
    if (!needsApproval(policy, layer, tool)) return Promise.resolve({decision: 'allow'});
    const annotations = {...tool.annotations};
    const request: ApprovalRequest = {
      id: `app_${crypto.randomUUID()}`,
      server: view.server,
      ...(layer.serverUrl ? {serverUrl: layer.serverUrl} : {}),
      tool: tool.name,
      name: tool.name,
      title: tool.title || (typeof annotations.title === 'string' && annotations.title) || tool.name,
      args,
      annotations,
      from: {app: {server: view.server, tool: view.tool}},
    };
    const gate = this.#deps.approvals().gate(() => policy);
    return this.#approvalLines.ask(view.key, tool.name, args, signal, (retract) => gate.ask(request, {signal: retract, layer, tool}));
  }

  /** A view's `resources/read`, on its own server. */
  readResource(view: McpAppViewRef, uri: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const layer = this.#layerOf(view);
    return this.#deps.traced('resources/read', (trace) => layer.apps.readResource(uri, {signal, trace}), APP_REQUEST);
  }

  /** A view's `ui/message`: the next question, labelled as the view's. */
  async message(view: McpAppViewRef, text: string): Promise<void> {
    const said = typeof text === 'string' ? text.trim().slice(0, MAX_CONTEXT_CHARS) : '';
    if (!said) throw refused('The message has no text.');
    this.#deps.ask(said, {app: {server: view.server, tool: view.tool}});
  }

  /** A view's `ui/update-model-context`: replaces what it said before; an empty text withdraws it. */
  updateModelContext(view: McpAppViewRef, text: string): void {
    const key = view.key;
    const said = text.trim().slice(0, MAX_CONTEXT_CHARS);
    if (said) this.#contexts.set(key, {view, text: said});
    else this.#contexts.delete(key);
  }

  /**
   * The question as the model reads it: with what views asked it to know since the last one,
   * labelled as theirs (they are not the person). Each context is sent once.
   */
  withContext(question: string): string {
    if (this.#contexts.size === 0) return question;
    const lines = [...this.#contexts.values()].map(({view, text}) => `- The ${view.tool} view of ${view.server}: ${text}`);
    this.#contexts.clear();
    return `${question}\n\n[What the app views on the canvas reported since the last question (their words, not the user's):]\n${lines.join('\n')}`;
  }

  /** Forgets the views read and the contexts kept (the conversation was cleared). */
  clear(): void {
    this.#views = new Map();
    this.#contexts.clear();
  }
}

/** The view from a `resources/read` result: the content of `uri` in the MCP App format. */
export function viewResource(result: Record<string, unknown>, uri: string): McpAppResource {
  const contents = Array.isArray(result.contents) ? (result.contents as Array<Record<string, unknown>>) : [];
  const content = contents.find((c) => c?.uri === uri) ?? contents[0];
  const mime = typeof content?.mimeType === 'string' ? content.mimeType.replace(/\s/g, '').toLowerCase() : '';
  if (!content || (mime !== APP_MIME && !mime.startsWith('text/html'))) {
    throw new AutouiError(ErrorCodes.TOOL_FAILED, `The view ${uri} is not an MCP App (${mime || 'no content'}; expected ${APP_MIME}).`);
  }
  const html = typeof content.text === 'string' ? content.text : typeof content.blob === 'string' ? decodeBase64(content.blob) : '';
  if (!html) throw new AutouiError(ErrorCodes.TOOL_FAILED, `The view ${uri} has no HTML.`);
  if (html.length > MAX_VIEW_CHARS) throw new AutouiError(ErrorCodes.TOOL_FAILED, `The view ${uri} is larger than autoui-agent shows (${MAX_VIEW_CHARS} characters).`);
  const ui = ((content._meta as Record<string, unknown> | undefined)?.ui ?? {}) as Record<string, unknown>;
  const object = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
  const csp = object(ui.csp);
  const permissions = object(ui.permissions);
  return {html, ...(csp ? {csp} : {}), ...(permissions ? {permissions} : {}), ...(typeof ui.prefersBorder === 'boolean' ? {prefersBorder: ui.prefersBorder} : {})};
}

/** UTF-8 text of base64. */
function decodeBase64(blob: string): string {
  const bytes = Uint8Array.from(atob(blob.replace(/\s/g, '')), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}
