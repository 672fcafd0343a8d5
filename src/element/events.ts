/**
 * The public DOM events of `<autoui-agent>`: names, typed `detail`s, the helper that dispatches
 * them and the one switch that turns a session's events into them. Every event is a `CustomEvent`
 * that bubbles and crosses shadow roots. This is the only place the session's world meets the DOM
 * world's event names.
 */
import type {AgentResult} from '../agent/agent-loop.js';
import type {ApprovalRequest} from '../agent/approval.js';
import type {ApprovalResponder} from '../session/session-approvals.js';
import type {ToolCall} from '../agent/dispatcher.js';
import type {SessionEvent} from '../session/session-events.js';
import {toolCallLabel, toolCallName} from './common/tool-call-label.js';

/**
 * `autoui-tool-call`: a finished call (a {@link ToolCall}: `{id, name, args, result, error,
 * elapsed, guided}`, with `server` and `tool` when the name resolved to a server's tool), and the
 * name a person reads, as the transcript's pill and the debug console show it.
 */
export interface ToolCallDetail extends ToolCall {
  /** `atlas · browse_skills (list_recipes)`: the tool's own name with its server, and the alias the model used when it differs. */
  label: string;
  /** The recipe role's canonical name the model called the tool by (`list_recipes` for `browse_skills`), when it is not the tool's own. */
  alias?: string;
}

/** `autoui-widget-create` (cancelable: `preventDefault()` vetoes the widget). */
export interface WidgetCreateDetail {
  type: string;
  params: unknown;
}
/** `autoui-widget-created`: the widget's element exists and has rendered. */
export interface WidgetCreatedDetail {
  id: string;
  type: string;
  params: unknown;
  element: HTMLElement;
}
/** `autoui-widget-updated`. */
export interface WidgetUpdatedDetail {
  id: string;
  type: string;
  params: unknown;
}
/** `autoui-widget-removed`. */
export interface WidgetRemovedDetail {
  id: string;
}
/** `autoui-text`: a piece of streamed assistant text. */
export interface TextDetail {
  delta: string;
}
/** `autoui-message`: a complete message. */
export interface MessageDetail {
  role: 'assistant' | 'user';
  text: string;
}
/** `autoui-run-start`. */
export interface RunStartDetail {
  question: string;
}
/** `autoui-run-end`. */
export interface RunEndDetail {
  result: AgentResult;
}
/** `autoui-error`: `code` is a stable string (`PROVIDER_HTTP`, `MCP_CONNECT`, `BROWSER_KEY_REFUSED`, ...). */
export interface ErrorDetail {
  code: string;
  message: string;
}
/**
 * `autoui-tool-approval` (cancelable): a call waits for a person's yes. A page that calls
 * `preventDefault()` answers in its own UI with `respond('allow' | 'allow-always' | 'deny',
 * reason?)`, whenever it likes; otherwise the transcript shows a card. The first valid answer
 * counts; a second, late or unknown one is ignored with a console warning.
 */
export interface ToolApprovalDetail extends ApprovalRequest {
  respond: ApprovalResponder;
}
/** `autoui-server-ready`. */
export interface ServerReadyDetail {
  name: string;
  /** Names of the tools the server offers (after the `tools` allow-list). */
  tools: string[];
  /** The MCP revision it speaks: `2026-07-28` (stateless), or the 2025 lifecycle's (`2025-11-25`, …). */
  protocol: string;
}

/**
 * `autoui-sign-in` (cancelable): an MCP server asks the person to sign in, as a question starts.
 * Not canceled, the transcript shows a **Sign in** card. A page that runs the sign-in itself calls
 * `preventDefault()`, opens `authorizationUrl` and calls `respond(query)` with the query of the
 * redirect back (`code`, `state`, `iss`, or `error`), or `respond('later')`. The question waits.
 */
export interface SignInDetail {
  /** The server's name. */
  server: string;
  /** The MCP server's URL (without credentials). */
  url: string;
  /** The authorization server, when known. */
  issuer?: string;
  /** The page where the person signs in (it carries this sign-in's `state`: do not log it). */
  authorizationUrl: string;
  respond(answer: URLSearchParams | string | 'later'): void;
}

/**
 * `autoui-elicitation` (cancelable): an MCP server asks the person something: a form
 * (`schema`, a flat JSON Schema of primitives) or a URL to visit. Not canceled, the transcript
 * shows a card. A page that asks in its own UI calls `preventDefault()`, then
 * `respond({action: 'accept' | 'decline' | 'cancel', content?})`. Every text in it came from the server.
 */
export interface ElicitationDetail {
  server: string;
  mode: 'form' | 'url';
  message: string;
  schema?: Record<string, unknown>;
  url?: string;
  respond(answer: {action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown>}): void;
}
/** `autoui-server-error`. */
export interface ServerErrorDetail {
  name: string;
  code: string;
  message: string;
}

/** `autoui-restored`: a snapshot, a share link or the stored copy replaced the canvas. */
export interface RestoredDetail {
  /** `snapshot` (the page's call or attribute), `share` (a share link), `local` (the stored copy, `persist`). */
  source: 'snapshot' | 'share' | 'local';
  /** The widgets now on the canvas: `{id, type, params}`. */
  widgets: Array<{id: string; type: string; params: unknown}>;
  /** What was left out: `{part, type?, reason}`. */
  dropped: Array<{part: string; type?: string; reason: string}>;
  /** True when the conversation came back too: the next question continues it. */
  conversation: boolean;
}

/** `autoui-file-attached` / `autoui-file-removed`: a local file (its name is the visitor's: untrusted text), its bytes, and its rows and columns (summed over its tables). */
export interface AutouiFileDetail {
  name: string;
  size: number;
  rows: number;
  columns: number;
}

/**
 * `autoui-suggestion` (cancelable): the person picked a starter question (a click, Enter or
 * Space on it). Not canceled, the element asks it. A page that answers otherwise (a recorded
 * demo, its own flow) calls `preventDefault()`. `server` and `recipe` name the recipe a
 * `recipe` question came from; its text is the server's (untrusted).
 */
export interface SuggestionDetail {
  question: string;
  /** `page`: the page's `suggestions` or an element it slotted in `suggestions`; `recipe`: a server's recipe. */
  source: 'page' | 'recipe';
  server?: string;
  recipe?: string;
}

/**
 * `autoui-model-download`: a model that runs in the browser is downloading, after the person
 * agreed. `loaded` of `total` (the browser's built-in model reports fractions: `total` is 1).
 */
export interface ModelDownloadDetail {
  provider: 'browser' | 'local';
  model: string;
  loaded: number;
  total: number;
}

/** `autoui-agent-state`: the site's own agent (`agent`) changed its state (also the `agentState` property). */
export interface AgentStateDetail {
  /** The agent's state as its last STATE_SNAPSHOT or STATE_DELTA left it: the agent's JSON, untrusted. */
  state: unknown;
}

/** Every public event name with its detail type. */
export interface AutouiEventMap {
  'autoui-widget-create': WidgetCreateDetail;
  'autoui-widget-created': WidgetCreatedDetail;
  'autoui-widget-updated': WidgetUpdatedDetail;
  'autoui-widget-removed': WidgetRemovedDetail;
  'autoui-tool-call': ToolCallDetail;
  'autoui-tool-approval': ToolApprovalDetail;
  'autoui-text': TextDetail;
  'autoui-message': MessageDetail;
  'autoui-run-start': RunStartDetail;
  'autoui-run-end': RunEndDetail;
  'autoui-error': ErrorDetail;
  'autoui-server-ready': ServerReadyDetail;
  'autoui-server-error': ServerErrorDetail;
  'autoui-sign-in': SignInDetail;
  'autoui-elicitation': ElicitationDetail;
  'autoui-restored': RestoredDetail;
  'autoui-file-attached': AutouiFileDetail;
  'autoui-file-removed': AutouiFileDetail;
  'autoui-suggestion': SuggestionDetail;
  'autoui-model-download': ModelDownloadDetail;
  'autoui-agent-state': AgentStateDetail;
}

/** Each public event name with its `CustomEvent` type, as the DOM's event maps hold them. */
export type AutouiDomEventMap = {[K in keyof AutouiEventMap]: CustomEvent<AutouiEventMap[K]>};

// The events bubble and cross shadow roots up to the document and the window: listeners on any
// of them get typed details.
declare global {
  interface HTMLElementEventMap extends AutouiDomEventMap {}
  interface DocumentEventMap extends AutouiDomEventMap {}
  interface WindowEventMap extends AutouiDomEventMap {}
}

/**
 * Dispatches a public event from `host`. Returns false when a cancelable event was canceled.
 * A listener that throws does not reach the caller (the browser reports it), so a page's
 * handler can never break a run.
 */
export function emit<K extends keyof AutouiEventMap>(host: HTMLElement, name: K, detail: AutouiEventMap[K], cancelable = false): boolean {
  return host.dispatchEvent(new CustomEvent(name, {detail, bubbles: true, composed: true, cancelable}));
}

/**
 * Dispatches from `host` the DOM event a session event stands for, and returns false when the
 * page canceled it. A cancelled `autoui-widget-create` vetoes the widget; a cancelled
 * `autoui-tool-approval` means the page answers it (the caller shows a card otherwise). `widget-created` has none here: `autoui-widget-created`
 * fires once the canvas has rendered the widget, with its element. Notices, steps and `cleared`
 * only change what the element shows (the transcript, the canvas's status line).
 */
export function emitSessionEvent(host: HTMLElement, event: SessionEvent): boolean {
  switch (event.type) {
    case 'approval':
      return emit(host, 'autoui-tool-approval', {...event.request, respond: event.respond}, true);
    case 'sign-in': {
      const {server, serverUrl, issuer, url} = event.request;
      // A query string, the whole callback URL, or URLSearchParams.
      const query = (answer: URLSearchParams | string) => (typeof answer === 'string' && answer.includes('?') ? answer.slice(answer.indexOf('?') + 1) : answer);
      const respond = (answer: URLSearchParams | string) => event.respond(answer === 'later' ? 'later' : new URLSearchParams(query(answer)));
      return emit(host, 'autoui-sign-in', {server, url: serverUrl, ...(issuer ? {issuer} : {}), authorizationUrl: url, respond}, true);
    }
    case 'elicitation': {
      const {id: _id, ...request} = event.request;
      return emit(host, 'autoui-elicitation', {...request, respond: event.respond}, true);
    }
    case 'run-start':
      emit(host, 'autoui-run-start', {question: event.question});
      break;
    case 'text':
      emit(host, 'autoui-text', {delta: event.delta});
      break;
    case 'message':
      emit(host, 'autoui-message', {role: event.role, text: event.text});
      break;
    case 'tool-call':
      emit(host, 'autoui-tool-call', toolCallDetail(event.call));
      break;
    case 'widget-create':
      if (!emit(host, 'autoui-widget-create', {type: event.widget.type, params: event.widget.params}, true)) event.veto();
      break;
    case 'widget-updated':
      emit(host, 'autoui-widget-updated', {id: event.widget.id, type: event.widget.type, params: event.widget.params});
      break;
    case 'widget-removed':
      emit(host, 'autoui-widget-removed', {id: event.id});
      break;
    case 'error':
      emit(host, 'autoui-error', event.error);
      break;
    case 'server-ready':
      emit(host, 'autoui-server-ready', {name: event.name, tools: event.tools, protocol: event.protocol});
      break;
    case 'server-error':
      emit(host, 'autoui-server-error', {name: event.name, code: event.code, message: event.message});
      break;
    case 'run-end':
      emit(host, 'autoui-run-end', {result: event.result});
      break;
    case 'agent-state':
      emit(host, 'autoui-agent-state', {state: event.state});
      break;
    case 'restored':
      emit(host, 'autoui-restored', {
        source: event.source,
        widgets: event.widgets.map(({id, type, params}) => ({id, type, params})),
        dropped: event.dropped,
        conversation: event.conversation,
      });
      break;
  }
  return true;
}

/** A call as `autoui-tool-call` gives it: every field of the call, and its name in a person's words. */
function toolCallDetail(call: ToolCall): ToolCallDetail {
  const {alias} = toolCallName(call);
  return {...call, label: toolCallLabel(call), ...(alias ? {alias} : {})};
}
