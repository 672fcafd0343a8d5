/**
 * What an `AgentSession` tells its subscribers, as one typed union on `type`: the run (start,
 * its steps, streamed text, messages, tool calls, end), the canvas (a widget about to be shown, shown,
 * changed, removed), the servers (ready, failed), notices and errors. `<autoui-agent>` turns each
 * into its DOM event in one switch; a page with its own UI reads them directly.
 */
import type {AgentResult} from '../agent/agent-loop.js';
import type {ApprovalRequest} from '../agent/approval.js';
import type {ApprovalResponder, ApprovalState} from './session-approvals.js';
import type {ToolCall} from '../agent/dispatcher.js';
import type {RunStep} from '../agent/run-step.js';
import type {NewWidget, WidgetInstance} from '../agent/widget-sink.js';
import type {Usage} from '../providers/language-model.js';
import type {SpanRecord} from '../telemetry/span-record.js';
import type {DroppedPart} from './snapshot/read-snapshot.js';
import type {Notice, RestoreSource} from './transcript.js';
import type {ElicitationPrompt, ElicitationResponder, ElicitationState} from './session-elicitations.js';
import type {SignInRequest, SignInResponder, SignInState} from './session-sign-ins.js';
import type {SnapshotFile} from './snapshot/snapshot-format.js';

/** A failure, with its stable code (`PROVIDER_HTTP`, `MCP_CONNECT`, ...). */
export interface SessionError {
  code: string;
  message: string;
}

/** One event of a session. */
export type SessionEvent =
  | {type: 'run-start'; question: string}
  | {type: 'text'; delta: string}
  /** A piece of the model's thinking (a small model's `<think>`): shown apart, never the answer. */
  | {type: 'reasoning'; delta: string}
  | {type: 'message'; role: 'assistant'; text: string}
  | {type: 'tool-call'; call: ToolCall}
  /** The run is on a new step (thinking, searching, calling a server, drawing a widget): what a view says it is doing. */
  | {type: 'step'; step: RunStep}
  /**
   * A call waits for a person's decision: answer with `respond('allow' | 'allow-always' | 'deny',
   * reason?)`, at any time; the first valid answer counts. A subscriber that is told must answer
   * (or the call waits until Stop), unless the session's `askApproval` hook answers.
   */
  | {type: 'approval'; request: ApprovalRequest; respond: ApprovalResponder}
  /** The call's approval was settled: answered, or retracted because the run stopped. */
  | {type: 'approval-settled'; id: string; request: ApprovalRequest; state: Exclude<ApprovalState, 'pending'>}
  /** A widget is about to be shown; `veto()` keeps it off the canvas (the model is told). Synchronous. */
  | {type: 'widget-create'; widget: NewWidget; veto(): void}
  | {type: 'widget-created'; widget: WidgetInstance}
  | {type: 'widget-updated'; widget: WidgetInstance}
  | {type: 'widget-removed'; id: string}
  | {type: 'notice'; notice: Notice}
  | {type: 'error'; error: SessionError}
  | {type: 'run-end'; question: string; result: AgentResult}
  | {type: 'server-ready'; name: string; tools: string[]; protocol: string}
  /**
   * A server asks the person to sign in (shown when a question starts): open `request.url` on
   * the person's click and answer with the redirect's query, or `'later'`. The question waits.
   */
  | {type: 'sign-in'; request: SignInRequest; respond: SignInResponder}
  | {type: 'sign-in-settled'; id: string; request: SignInRequest; state: Exclude<SignInState, 'pending'>}
  /** A server asks the person something (a form, or a URL to visit): answer with `respond`. */
  | {type: 'elicitation'; request: ElicitationPrompt; respond: ElicitationResponder}
  | {type: 'elicitation-settled'; id: string; request: ElicitationPrompt; state: Exclude<ElicitationState, 'pending'>}
  | {type: 'server-error'; name: string; code: string; message: string}
  /** The site's own agent (`agent`) changed its state (also `session.agentState`). */
  | {type: 'agent-state'; state: unknown}
  /** `clear()` forgot the conversation, the transcript and the canvas. */
  | {type: 'cleared'}
  /** A traced question ended: its spans, as the debug console draws them (also `session.lastTrace`). */
  | {type: 'trace'; spans: readonly SpanRecord[]}
  /**
   * A snapshot replaced the canvas and the transcript (and the conversation, when `conversation`):
   * the widgets now shown, and what was left out. The widgets' own events came before it.
   */
  | {type: 'restored'; source: RestoreSource; widgets: WidgetInstance[]; dropped: DroppedPart[]; conversation: boolean; files?: SnapshotFile[]};

/** A subscriber. Contract: should not throw (a throw is reported on the console and skipped). */
export type SessionListener = (event: SessionEvent) => void;

/** One question as the debug console shows it: its tool calls, then its usage and stop reason. */
export interface RunRecord {
  question: string;
  calls: ToolCall[];
  usage?: Usage;
  stopReason?: string;
}
