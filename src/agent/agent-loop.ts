/**
 * `runAgentLoop(question, options)`: the LLM tool-calling loop. Streams a turn, runs its tool
 * calls through the dispatcher, offers newly activated tools, compresses old results, applies the
 * guards, and repeats until the model stops, the iteration budget is spent, the run is aborted or
 * the model fails. It never throws for a tool or model failure: the result carries a stop reason.
 * No module-level state: every run has its own catalog, aliases and buffer.
 */
import type {ApprovalGate} from './approval.js';
import {CallDrafts} from './call-drafts.js';
import {OfferedTools} from './discovery.js';
import {Dispatcher, type ToolCall} from './dispatcher.js';
import {guardCallbacks} from './guard-callbacks.js';
import {NoRenderGuard, nudgeText} from './guards.js';
import {closeCalls, streamTurn} from './model-turn.js';
import type {LanguageModel, Usage} from '../providers/language-model.js';
import type {ModelMessage, ToolResultPart} from '../providers/model-messages.js';
import {ResultBuffer, adoptHistory, compressOldResults} from './result-buffer.js';
import {RunWidgets, type WidgetRecord} from './run-widgets.js';
import {THINKING, runStepOf, type RunStep} from './run-step.js';
import {buildSystemPrompt, type PromptLanguage} from './system-prompt.js';
import {ToolCatalog, type ToolCatalogOptions} from './tool-catalog.js';
import type {ToolLayer} from './types.js';
import type {WidgetSink} from './widget-sink.js';
import type {TraceSpan} from '../telemetry/agent-tracer.js';
import {LARGE_MODEL, SMALL_MODEL} from './small-model.js';

/** Why a run ended. */
export type StopReason = 'end_turn' | 'max_iterations' | 'max_tokens' | 'aborted' | 'error';

/**
 * Callbacks of a run. Contract for all of them: must not throw (a throw is caught and ignored,
 * so a page's handler can never break the loop).
 */
export interface AgentCallbacks {
  /** A piece of streamed assistant text. */
  onText?(delta: string): void;
  /** A piece of the model's thinking, for a view that shows it apart (never the answer). */
  onReasoning?(delta: string): void;
  /** The model read only the latest part of the conversation this turn: `dropped` oldest messages did not fit its context window. */
  onContextTrimmed?(info: {dropped: number; contextWindow: number}): void;
  /** A complete assistant message (its text), at the end of each turn that had text. */
  onMessage?(message: {role: 'assistant'; text: string}): void;
  /** A tool call finished (successfully or not). */
  onToolCall?(call: ToolCall): void;
  /**
   * The run is on a new step (see {@link RunStep}): before each turn, when the model starts
   * writing a call, when a drafted widget's type is known, and before each call runs (also before
   * one that waits for a person's approval). The same step may be told twice in a row.
   */
  onStep?(step: RunStep): void;
  /** A turn is about to be requested; `tools` are the names offered. */
  onIteration?(info: {iteration: number; tools: string[]}): void;
}

/** Every callback of {@link AgentCallbacks}: the loop calls each through {@link guardCallbacks}. */
const LOOP_CALLBACKS = ['onText', 'onReasoning', 'onContextTrimmed', 'onMessage', 'onToolCall', 'onIteration', 'onStep'] as const;

/** Options of {@link runAgentLoop}. */
export interface AgentLoopOptions extends Pick<ToolCatalogOptions, 'flatten' | 'onSchemaPatch'> {
  /** The model to talk to. */
  provider: LanguageModel;
  /** Every tool source of this run. */
  layers: readonly ToolLayer[];
  callbacks?: AgentCallbacks;
  /** Aborting ends the run with stop reason `aborted`. */
  signal?: AbortSignal;
  /** Language of the generated prompt and nudges. Default `en`. */
  lang?: PromptLanguage;
  /** Replaces the generated prompt: a string, or a function of the generated one. */
  systemPrompt?: string | ((generated: string) => string);
  /** LLM turns per question. Default 10. */
  maxIterations?: number;
  /** Milliseconds a tool call may take without progress. Default 60,000. */
  toolTimeoutMs?: number;
  /** Offer every tool from the start instead of lazy discovery. */
  eagerTools?: boolean;
  /**
   * Draft display calls while the model writes them (default true): the `widgets` canvas shows
   * what their arguments say so far, until each call has run. False: widgets appear complete.
   */
  drafts?: boolean;
  /** Output-token cap per turn. Default 4096 (1,024 for a small model on the device: small-model.ts). */
  maxTokens?: number;
  /** Earlier messages of the conversation (from a previous result's `messages`). */
  history?: readonly ModelMessage[];
  /** A buffer kept across questions, so recall hints of earlier runs still resolve. */
  resultBuffer?: ResultBuffer;
  /**
   * The canvas tools show widgets on (`ToolExecutionContext.widgets`). What they show there is
   * the result's `widgets`, and resets the guard that nudges a model that never displays anything.
   */
  widgets?: WidgetSink;
  /**
   * Asks a person before risky calls (see `approval.ts` for which). While a call waits no timeout
   * runs; a denied call reaches the model as an error result and nothing reaches its server.
   * Absent: nothing asks.
   */
  approval?: ApprovalGate;
  /**
   * The question's `invoke_agent` span, when the page traces questions: each turn is a `chat`
   * child, each call an `execute_tool` child (the caller ends it). Absent: nothing is traced.
   */
  trace?: TraceSpan;
}

/** What a run produced. */
export interface AgentResult {
  stopReason: StopReason;
  /** The assistant's text of the last turn (the answer). */
  text: string;
  /** LLM turns made. */
  iterations: number;
  toolCalls: ToolCall[];
  usage: Usage;
  widgets: WidgetRecord[];
  /** The conversation, including this run, ready to pass as `history` to the next question. */
  messages: ModelMessage[];
  /** Set when `stopReason` is `error`. */
  error?: {code: string; message: string};
  /**
   * The model that answered (the last turn's): with providers in an order of preference, the one
   * that was available; `id` is a wire model's name, `built-in`, or a local model's file URL.
   * Absent when the question never reached a model (settings refused, stopped before the loop).
   */
  model?: {provider: string; id: string};
}

const DEFAULT_MAX_ITERATIONS = 10;

/** Runs one question through the agent loop. See the module comment. */
export async function runAgentLoop(question: string, options: AgentLoopOptions): Promise<AgentResult> {
  const signal = options.signal ?? new AbortController().signal;
  const callbacks = guardCallbacks(options.callbacks, LOOP_CALLBACKS);
  const lang = options.lang ?? 'en';
  // A small model on the device reads less and writes simpler arguments (small-model.ts).
  const size = options.provider.small ? SMALL_MODEL : LARGE_MODEL;
  const catalog = new ToolCatalog(options.layers, {flatten: options.flatten ?? size.flatten, strict: size.strictSchemas, onSchemaPatch: options.onSchemaPatch});
  const buffer = options.resultBuffer ?? new ResultBuffer();
  const shown = new RunWidgets(options.widgets, signal);
  const drafts = new CallDrafts(catalog, shown, {enabled: options.drafts !== false, onType: (widget) => callbacks.onStep({kind: 'drawing', widget})});
  // A call's step is told as soon as the model starts writing it: "Drawing…" shows with its draft.
  const onCall = (name: string) => callbacks.onStep(runStepOf(catalog, name));
  const widgetsFor = (callId: string) => shown.forCall(drafts.keyOf(callId), (key) => drafts.taken(key));
  const dispatcher = new Dispatcher({catalog, buffer, signal, toolTimeoutMs: options.toolTimeoutMs, widgets: widgetsFor, approval: options.approval, maxResultLength: size.maxResultLength});
  const generated = buildSystemPrompt(catalog, {lang, eagerTools: options.eagerTools});
  const system =
    typeof options.systemPrompt === 'function' ? options.systemPrompt(generated) : (options.systemPrompt ?? generated);
  const maxIterations = options.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const noRender = new NoRenderGuard();
  const displayTools = new Set(catalog.entries.filter((e) => e.tool.displays).map((e) => e.name));
  const displayTool = displayTools.values().next().value;
  let answerNext = false;

  const messages: ModelMessage[] = [...(options.history ?? []), {role: 'user', content: question}];
  // recall comes with the first tool result there is (of this run, or of the history). With
  // every tool offered eagerly it comes from the start: a list that never changes keeps the
  // provider's prompt cache whole, which is the point of eager tools.
  const offered = new OfferedTools(catalog, {eagerTools: options.eagerTools, recall: options.eagerTools || messages.some((m) => m.role === 'tool')});
  // Results in a history the buffer has never seen are adopted, old already.
  const firstIteration = adoptHistory(messages, buffer);
  const result: AgentResult = {
    stopReason: 'end_turn',
    text: '',
    iterations: 0,
    toolCalls: [],
    usage: {inputTokens: 0, outputTokens: 0},
    widgets: shown.shown,
    messages,
    model: {provider: options.provider.provider, id: options.provider.modelId},
  };
  const finish = (stopReason: StopReason, error?: {code: string; message: string}) => {
    result.stopReason = stopReason;
    // Read at the end: a model chosen from an order of preference is known once a turn was answered.
    result.model = {provider: options.provider.provider, id: options.provider.modelId};
    if (error) result.error = error;
    return result;
  };

  try {
    for (let iteration = 1; iteration <= maxIterations; iteration++) {
      if (signal.aborted) return finish('aborted');
      const nudged = noRender.takeNudge(size.displayAfter);
      if (nudged) messages.push({role: 'user', content: nudgeText(lang, displayTool)});
      // A small model's nudge is also a constraint: this turn may only display (small-model.ts).
      const listed = offered.list(noRender.withdrawDiscovery);
      const displaying = nudged && size.displayAfter !== undefined ? listed.filter((t) => displayTools.has(t.name)) : [];
      const mustDisplay = displaying.length > 0;
      // After the display it was held to, the small model answers in words ("…then answer briefly").
      const tools = mustDisplay ? displaying : answerNext ? [] : listed;
      answerNext = mustDisplay;
      callbacks.onIteration({iteration, tools: tools.map((t) => t.name)});
      callbacks.onStep(THINKING);
      result.iterations = iteration;

      const mustCall = tools.length > 0 && (mustDisplay || (size.firstTurnMustCall && iteration === 1));
      const request = {system, messages, tools, maxTokens: options.maxTokens ?? size.maxTokens, ...(mustCall ? {toolChoice: 'required' as const} : {})};
      const turn = await streamTurn(options.provider, request, {signal, onText: callbacks.onText, onReasoning: callbacks.onReasoning, onContextTrimmed: callbacks.onContextTrimmed, onCall, drafts, usage: result.usage, trace: options.trace});
      if (turn.message) messages.push(turn.message);
      if (turn.text) {
        result.text = turn.text;
        callbacks.onMessage({role: 'assistant', text: turn.text});
      }

      if (signal.aborted) return finish('aborted');
      if (turn.error) return finish('error', {code: turn.error.code, message: turn.error.message});
      if (turn.toolCalls.length === 0) return finish(turn.finishReason === 'length' ? 'max_tokens' : 'end_turn');

      const results: ToolResultPart[] = [];
      for (const call of turn.toolCalls) {
        if (signal.aborted) break;
        callbacks.onStep(runStepOf(catalog, call.name, call.input));
        const outcome = await dispatcher.dispatch(call, firstIteration + iteration, options.trace);
        drafts.settle(call.id);
        shown.readFrom(outcome.call.sources);
        results.push(outcome.part);
        result.toolCalls.push(outcome.call);
        callbacks.onToolCall(outcome.call);
        offered.afterCall(outcome.routedTo, outcome.surfaced);
      }
      messages.push({role: 'tool', content: results});
      offered.offerRecall();
      if (signal.aborted) return finish('aborted');
      noRender.endIteration(shown.takeShown());
      compressOldResults(messages, buffer, firstIteration + iteration, size.keepRecentIterations);
    }
    return finish('max_iterations');
  } finally {
    // Whatever ended the run, no draft outlives it, and every call the model made has a result.
    drafts.settleAll();
    closeCalls(messages);
  }
}
