/**
 * The public DOM events of `<autoui-agent>` (design.md section 2): names, typed `detail`s and the
 * one helper that dispatches them. Every event is a `CustomEvent` that bubbles and crosses shadow
 * roots. This is the only place the agent world meets the DOM world's event names.
 */
import type {AgentResult} from '../agent/agent-loop.js';
import type {ToolCall} from '../agent/dispatcher.js';

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
/** `autoui-server-ready`. */
export interface ServerReadyDetail {
  name: string;
  /** Names of the tools the server offers (after the `tools` allow-list). */
  tools: string[];
}
/** `autoui-server-error`. */
export interface ServerErrorDetail {
  name: string;
  code: string;
  message: string;
}

/** Every public event name with its detail type. */
export interface AutouiEventMap {
  'autoui-widget-create': WidgetCreateDetail;
  'autoui-widget-created': WidgetCreatedDetail;
  'autoui-widget-updated': WidgetUpdatedDetail;
  'autoui-widget-removed': WidgetRemovedDetail;
  'autoui-tool-call': ToolCall;
  'autoui-text': TextDetail;
  'autoui-message': MessageDetail;
  'autoui-run-start': RunStartDetail;
  'autoui-run-end': RunEndDetail;
  'autoui-error': ErrorDetail;
  'autoui-server-ready': ServerReadyDetail;
  'autoui-server-error': ServerErrorDetail;
}

declare global {
  interface HTMLElementEventMap {
    'autoui-widget-create': CustomEvent<WidgetCreateDetail>;
    'autoui-widget-created': CustomEvent<WidgetCreatedDetail>;
    'autoui-widget-updated': CustomEvent<WidgetUpdatedDetail>;
    'autoui-widget-removed': CustomEvent<WidgetRemovedDetail>;
    'autoui-tool-call': CustomEvent<ToolCall>;
    'autoui-text': CustomEvent<TextDetail>;
    'autoui-message': CustomEvent<MessageDetail>;
    'autoui-run-start': CustomEvent<RunStartDetail>;
    'autoui-run-end': CustomEvent<RunEndDetail>;
    'autoui-error': CustomEvent<ErrorDetail>;
    'autoui-server-ready': CustomEvent<ServerReadyDetail>;
    'autoui-server-error': CustomEvent<ServerErrorDetail>;
  }
}

/**
 * Dispatches a public event from `host`. Returns false when a cancelable event was canceled.
 * A listener that throws does not reach the caller (the browser reports it), so a page's
 * handler can never break a run.
 */
export function emit<K extends keyof AutouiEventMap>(host: HTMLElement, name: K, detail: AutouiEventMap[K], cancelable = false): boolean {
  return host.dispatchEvent(new CustomEvent(name, {detail, bubbles: true, composed: true, cancelable}));
}
