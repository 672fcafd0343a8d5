/**
 * What one conversation holds and tells: the history the model sees, the result buffer behind
 * `recall`, the visible transcript, and the subscribers who hear every change as a session event.
 * The session decides when things happen (its rules); this keeps the record of them, so each
 * collaborator (restores, approvals, sign-ins, servers' questions) writes the transcript and
 * tells the subscribers the same way.
 */
import type {AgentCallbacks, AgentResult} from '../agent/agent-loop.js';
import type {ResultBuffer} from '../agent/result-buffer.js';
import type {NewWidget} from '../agent/widget-sink.js';
import {AutouiError, type AutouiErrorCode} from '../errors.js';
import type {ModelMessage} from '../providers/model-messages.js';
import type {SessionEvent, SessionListener} from './session-events.js';
import {appendAssistantText, appendAssistantThinking, endAssistantText, settleEntry, signLastAnswer, type CardEntry, type Notice, type TranscriptEntry} from './transcript.js';
import type {WidgetChange} from './widget-store.js';

/** A conversation's content, as a restore puts it in place. */
export interface ConversationContent {
  history: ModelMessage[];
  /** The results behind `recall`; none until a question or a restored conversation needs one. */
  buffer?: ResultBuffer;
  transcript: readonly TranscriptEntry[];
}

/** How a view tells the transcript of what happened outside the session (`session.notices`). */
export interface SessionNoticesApi {
  /** Adds a notice to the transcript (and its `notice` event), e.g. a view's storage that failed. */
  report(notice: Notice): void;
  /** A failure outside the session (a widget's code that did not load): an `error` event and a notice. */
  reportError(code: AutouiErrorCode, message: string): void;
}

/** One conversation's record and its subscribers. See the module comment. */
export class Conversation {
  /** What views may tell (`session.notices`). */
  readonly notices: SessionNoticesApi = {
    report: (notice) => this.notice(notice),
    reportError: (code, message) => this.fail(code, message),
  };
  /** The conversation as the model will read it with the next question (a failed question is not in it). */
  history: ModelMessage[] = [];
  /** The tool results behind `recall`; made by the first question, or by a restored conversation. */
  buffer?: ResultBuffer;
  #transcript: readonly TranscriptEntry[] = [];
  readonly #listeners = new Set<SessionListener>();

  /** What the transcript shows, oldest first (a new array after each change). */
  get transcript(): readonly TranscriptEntry[] {
    return this.#transcript;
  }

  /** Calls `listener` with every event; returns the unsubscribe function. */
  subscribe(listener: SessionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Tells every subscriber; one that throws is reported on the console and skipped. */
  emit(event: SessionEvent): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error('autoui-agent: a session listener threw', error);
      }
    }
  }

  /** A question starts: the person's line (or a view's, with `from`). */
  asked(entry: Extract<TranscriptEntry, {kind: 'user'}>): void {
    this.#transcript = [...this.#transcript, entry];
  }

  /** The answer being streamed, if any, is complete. */
  endText(): void {
    this.#transcript = endAssistantText(this.#transcript);
  }

  /** What the loop tells of a live question: streamed text, messages, tool calls, steps. `live` false drops them (a cleared run). */
  loopCallbacks(live: () => boolean): AgentCallbacks {
    // One notice a question for a conversation too long for the model: later turns that leave out more update it.
    let trimmed: Extract<TranscriptEntry, {kind: 'notice'}> | undefined;
    return {
      onText: (delta) => {
        if (!live()) return;
        this.#transcript = appendAssistantText(this.#transcript, delta);
        this.emit({type: 'text', delta});
      },
      onReasoning: (delta) => {
        if (!live()) return;
        this.#transcript = appendAssistantThinking(this.#transcript, delta);
        this.emit({type: 'reasoning', delta});
      },
      onContextTrimmed: ({dropped, contextWindow}) => {
        if (!live() || (trimmed?.trimmed && trimmed.trimmed.dropped >= dropped)) return;
        const notice: Notice = {reason: 'trimmed', level: 'info', trimmed: {dropped, contextWindow}};
        const index = trimmed ? this.#transcript.indexOf(trimmed) : -1;
        trimmed = {kind: 'notice', ...notice};
        if (index < 0) this.#transcript = [...this.#transcript, trimmed];
        else this.#transcript = this.#transcript.map((entry, i) => (i === index ? trimmed! : entry));
        this.emit({type: 'notice', notice});
      },
      onMessage: ({text}) => {
        if (!live()) return;
        this.endText();
        this.emit({type: 'message', role: 'assistant', text});
      },
      onToolCall: (call) => {
        if (!live()) return;
        this.#transcript = [...endAssistantText(this.#transcript), {kind: 'tool', call}];
        this.emit({type: 'tool-call', call});
      },
      onStep: (step) => {
        if (live()) this.emit({type: 'step', step});
      },
    };
  }

  /** A notice in the transcript, and its `notice` event. */
  notice(notice: Notice): void {
    // The answer being streamed, if any, goes on streaming above it (see appendAssistantText).
    this.#transcript = [...this.#transcript, {kind: 'notice', ...notice}];
    this.emit({type: 'notice', notice});
  }

  /** A failure: an `error` event, and a notice in the transcript. */
  fail(code: string, message: string): void {
    this.emit({type: 'error', error: {code, message}});
    this.notice({reason: 'error', level: 'error', code, message});
  }

  /** Something refused at once: an `error` event (no notice), and the error to throw. */
  refuse(code: AutouiErrorCode, message: string): AutouiError {
    this.emit({type: 'error', error: {code, message}});
    return new AutouiError(code, message);
  }

  /** How a question ended, when it did not simply answer: a failure, a stop, a budget reached. */
  ended(result: AgentResult): void {
    // A model on the device says its name under its answer: its answers may read unlike a large model's.
    if (result.model && (result.model.provider === 'browser' || result.model.provider === 'local')) this.#transcript = signLastAnswer(this.#transcript, result.model);
    if (result.stopReason === 'error' && result.error) this.fail(result.error.code, result.error.message);
    else if (result.stopReason === 'aborted' || result.stopReason === 'max_iterations' || result.stopReason === 'max_tokens') {
      this.notice({reason: result.stopReason, level: 'info'});
    }
  }

  /** A card waits for the person (approval, sign-in, elicitation): returns false when nobody can hear it. */
  cardAsked(entry: CardEntry, event: SessionEvent): boolean {
    this.#transcript = [...endAssistantText(this.#transcript), entry];
    const heard = this.#listeners.size > 0;
    this.emit(event);
    return heard;
  }

  /** A card was answered or retracted: `entry` is it in its new state. */
  cardSettled(entry: CardEntry, event: SessionEvent): void {
    this.#transcript = settleEntry(this.#transcript, entry);
    this.emit(event);
  }

  /** The page's veto: a new widget is first offered to the subscribers (`widget-create`); false keeps it off the canvas. */
  readonly offer = (widget: NewWidget): boolean => {
    let allowed = true;
    this.emit({type: 'widget-create', widget, veto: () => (allowed = false)});
    return allowed;
  };

  /** Tells the subscribers of a change on the canvas. */
  widgetChanged(change: WidgetChange): void {
    if (change.kind === 'added' && change.instance) this.emit({type: 'widget-created', widget: change.instance});
    else if (change.kind === 'updated' && change.instance) this.emit({type: 'widget-updated', widget: change.instance});
    else if (change.kind === 'removed' && change.id) this.emit({type: 'widget-removed', id: change.id});
    else if (change.kind === 'cleared') for (const id of change.removed ?? []) this.emit({type: 'widget-removed', id});
  }

  /**
   * The agent rewrote the conversation (AG-UI's MESSAGES_SNAPSHOT): its history and its
   * transcript replace ours. The canvas is not the conversation's: it stays. A card still waiting
   * for the person stays too, at the end, so it can still be answered.
   */
  rewritten(history: ModelMessage[], transcript: readonly TranscriptEntry[]): void {
    this.history = history;
    const waiting = this.#transcript.filter((entry) => 'state' in entry && entry.state === 'pending');
    this.#transcript = [...transcript, ...waiting];
  }

  /** Puts `content` in place of the conversation (a restore). */
  replace(content: ConversationContent): void {
    this.history = content.history;
    this.buffer = content.buffer;
    this.#transcript = content.transcript;
  }
}
