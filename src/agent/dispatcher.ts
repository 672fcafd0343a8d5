/**
 * Dispatch of one tool call: its route in the catalog (the loop's own `recall`, a pseudo-tool
 * answered locally, or a layer's tool) → approval → the layer's `execute` → truncation. No
 * layer's tool is recognised by its name: a tool that shows a widget does so through the canvas
 * in its execution context. Every failure becomes an error result the model can act on; nothing
 * here throws.
 */
import {AutouiError, ErrorCodes, errorMessage, isAbortError, type AutouiErrorCode} from '../errors.js';
import {unflattenArgs} from '../schema/flatten.js';
import type {ApprovalAnswer, ApprovalGate} from './approval.js';
import {declinedText, needsApproval, stoppedBeforeApprovalText} from './approval-rules.js';
import {answerPseudoTool} from './pseudo-tools.js';
import {RepeatedCallGuard} from './guards.js';
import {ResultBuffer, truncateForModel} from './result-buffer.js';
import {normalizeToolOutput, runWithTimeout} from './run-tool.js';
import type {ToolCatalog, CatalogEntry} from './tool-catalog.js';
import type {ToolCallPart, ToolResultPart} from '../providers/model-messages.js';
import type {ToolOutput} from './types.js';
import {answerRecall} from './recall-tool.js';
import type {WidgetSink} from './widget-sink.js';
import {NO_TRACE, type TraceSpan} from '../telemetry/agent-tracer.js';

/** One tool call as recorded for metrics, the debug console and `onToolCall`. */
export interface ToolCall {
  /** The tool_use id. */
  id: string;
  /** The name the model used. */
  name: string;
  args: Record<string, unknown>;
  /** The full result text (before truncation for the model). */
  result: string;
  /** Set when the call failed: what went wrong, in words the model also read. */
  error?: string;
  /** Stable code of the failure, when there is one. */
  errorCode?: AutouiErrorCode;
  /** Milliseconds the call took (without the time it waited for a person's approval). */
  elapsed: number;
  /** True when a discovery tool (recipes, search_tools, list_tools) was called before it in the run. */
  guided: boolean;
  /** Prefix key of the server that answered, when the name resolved. */
  server?: string;
  /** The tool's real name on its server, when the name resolved. */
  tool?: string;
  /** The local files the result was read from (its `ToolOutput.sources`): the run names them under the widgets it shows next. */
  sources?: string[];
}

/** Options of {@link Dispatcher}. */
export interface DispatcherOptions {
  catalog: ToolCatalog;
  buffer: ResultBuffer;
  signal: AbortSignal;
  /** Milliseconds a call may take without progress. */
  toolTimeoutMs?: number;
  /** The canvas handed to each execution (by call id: a call may finish its own draft), if the run has one. */
  widgets?: (callId: string) => WidgetSink | undefined;
  /** Asks a person before risky calls; absent, nothing asks. */
  approval?: ApprovalGate;
  /** Characters of a result the model gets at once (the rest by recall). Default 10,000. */
  maxResultLength?: number;
}

/** What one dispatched call produced. */
export interface DispatchOutcome {
  part: ToolResultPart;
  call: ToolCall;
  /** Catalog entries the model should be offered from the next turn (pseudo-tool answers). */
  surfaced: CatalogEntry[];
  /** The layer's tool the call was routed to (its server is now in contact), whether it then ran or not. */
  routedTo?: CatalogEntry;
}

const failure = (code: AutouiErrorCode, text: string): ToolOutput & {code: AutouiErrorCode} => ({text, isError: true, code});

/** Routes the model's tool calls for one run. Holds that run's guard state. */
export class Dispatcher {
  readonly #options: DispatcherOptions;
  readonly #repeats = new RepeatedCallGuard();
  #discoveryUsed = false;

  constructor(options: DispatcherOptions) {
    this.#options = options;
  }

  /**
   * Dispatches one call of iteration `iteration`, as an `execute_tool` child of `trace` (the
   * question's span). Never throws.
   */
  async dispatch(call: ToolCallPart & {inputError?: string}, iteration: number, trace: TraceSpan = NO_TRACE): Promise<DispatchOutcome> {
    const {catalog, buffer} = this.#options;
    const span = startExecuteTool(trace, call);
    const started = Date.now();
    const guided = this.#discoveryUsed;
    let surfaced: CatalogEntry[] = [];
    let output: ToolOutput & {code?: AutouiErrorCode};
    let entry: CatalogEntry | undefined;
    let server: string | undefined;
    let waited = 0;

    const route = catalog.route(call.name);
    if (call.inputError) {
      output = failure(ErrorCodes.TOOL_INPUT_INVALID, `The arguments of ${call.name} could not be used: ${call.inputError}. Nothing was executed; send the call again with a JSON object.`);
    } else if (route.kind === 'recall') {
      output = answerRecall(buffer, call.input, this.#options.maxResultLength);
    } else if (route.kind === 'unknown') {
      output = failure(ErrorCodes.TOOL_UNKNOWN, route.message);
    } else if (!this.#repeats.allow(route.kind === 'tool' ? route.entry.name : call.name, call.input)) {
      output = failure(ErrorCodes.TOOL_FAILED, `Repeated call: ${call.name} was already called twice with these same arguments in this run. Use the results you have, or change the arguments.`);
    } else if (route.kind === 'pseudo') {
      this.#discoveryUsed = true;
      const answer = answerPseudoTool(catalog, route, call.input);
      server = answer.server?.key;
      surfaced = answer.found;
      output = answer.invalid ? failure(ErrorCodes.TOOL_INPUT_INVALID, answer.text) : {text: answer.text};
    } else {
      entry = route.entry;
      server = entry.serverKey;
      if (entry.role) this.#discoveryUsed = true;
      ({output, waited} = await this.#execute(entry, call, span));
    }

    buffer.set(call.id, output.text, iteration);
    const part: ToolResultPart = {
      type: 'tool-result',
      toolCallId: call.id,
      toolName: call.name,
      // recall answers in parts no longer than the cap already; everything else is capped here.
      output: route.kind === 'recall' ? output.text : truncateForModel(output.text, call.id, this.#options.maxResultLength),
    };
    if (output.isError) part.isError = true;
    const record: ToolCall = {id: call.id, name: call.name, args: call.input, result: output.text, elapsed: Date.now() - started - waited, guided};
    if (!output.isError && output.sources?.length) record.sources = [...output.sources];
    if (output.isError) {
      record.error = output.text;
      record.errorCode = output.code ?? ErrorCodes.TOOL_FAILED;
    }
    if (server) record.server = server;
    if (entry) record.tool = entry.tool.name;
    endExecuteTool(span, record, output.isError ? record.errorCode : undefined, !!entry);
    return entry ? {surfaced, routedTo: entry, part, call: record} : {surfaced, part, call: record};
  }

  /** Runs the call, after a person's yes when it needs one; `waited` is how long that took. */
  async #execute(entry: CatalogEntry, call: ToolCallPart, span: TraceSpan): Promise<{output: ToolOutput & {code?: AutouiErrorCode}; waited: number}> {
    const {catalog, approval, signal, toolTimeoutMs, widgets} = this.#options;
    const layer = entry.layer;
    const execute = layer.execute;
    if (!execute) {
      warnOldExecutor(layer);
      return {output: failure(ErrorCodes.TOOL_FAILED, `Server ${entry.serverKey} is not connected, so ${call.name} cannot run. Try another server's tools or tell the user.`), waited: 0};
    }
    const args = unflattenArgs(call.input, catalog.flattenPaths(entry));
    let waited = 0;
    if (approval && needsApproval(approval.policyFor(layer), layer, entry.tool)) {
      // Asked before the timeout starts: a person may take their time.
      const asked = Date.now();
      const wait = span.child(`await_approval ${call.name}`);
      const refusal = await this.#approve(approval, entry, call, args);
      wait.set({'autoui.approval.decision': refusal ? (refusal.code === ErrorCodes.ABORTED ? 'stopped' : 'deny') : 'allow'});
      wait.end();
      waited = Date.now() - asked;
      if (refusal) return {output: refusal, waited};
    }
    try {
      const value = await runWithTimeout((context) => execute.call(layer, entry.tool.name, args, context), {
        signal,
        callId: call.id,
        toolName: call.name,
        timeoutMs: toolTimeoutMs,
        widgets: widgets?.(call.id),
        ...(span.recording ? {trace: span} : {}),
      });
      return {output: normalizeToolOutput(value), waited};
    } catch (error) {
      if (AutouiError.isInstance(error)) return {output: failure(error.code, error.message), waited};
      if (isAbortError(error)) return {output: failure(ErrorCodes.ABORTED, `${call.name} was cancelled.`), waited};
      return {output: failure(ErrorCodes.TOOL_FAILED, `${call.name} failed: ${errorMessage(error)}`), waited};
    }
  }

  /** Waits for a person's yes; returns the error result of a refusal. */
  async #approve(approval: ApprovalGate, entry: CatalogEntry, call: ToolCallPart, args: Record<string, unknown>): Promise<(ToolOutput & {code: AutouiErrorCode}) | undefined> {
    const {signal} = this.#options;
    const layer = entry.layer;
    const annotations = {...entry.tool.annotations};
    const request = {
      id: call.id,
      server: entry.serverKey,
      ...(layer.protocol === 'mcp' && layer.serverUrl ? {serverUrl: layer.serverUrl} : {}),
      tool: entry.tool.name,
      name: call.name,
      // MCP: a tool's own title wins over its annotations' title.
      title: entry.tool.title || (typeof annotations.title === 'string' && annotations.title) || entry.tool.name,
      args,
      annotations,
    };
    let answer: ApprovalAnswer | 'stopped';
    try {
      answer = await raceAbort(approval.ask(request, {signal, layer, tool: entry.tool}), signal);
    } catch {
      answer = {decision: 'deny'};
    }
    if (answer === 'stopped') return failure(ErrorCodes.ABORTED, stoppedBeforeApprovalText(call.name));
    if (answer.decision === 'allow' || answer.decision === 'allow-always') return undefined;
    return failure(ErrorCodes.TOOL_DENIED, declinedText(call.name, answer.reason));
  }
}

/** The call's `execute_tool {name}` span (GenAI conventions), its arguments only with content allowed. */
function startExecuteTool(trace: TraceSpan, call: ToolCallPart): TraceSpan {
  if (!trace.recording) return NO_TRACE;
  return trace.child(`execute_tool ${call.name}`, {
    attributes: {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': call.name,
      'gen_ai.tool.call.id': call.id,
      'gen_ai.tool.call.arguments': trace.content ? JSON.stringify(call.input) : undefined,
    },
  });
}

function endExecuteTool(span: TraceSpan, record: ToolCall, errorCode: string | undefined, layerTool: boolean): void {
  if (!span.recording) return;
  span.set({
    'gen_ai.tool.type': layerTool ? 'extension' : 'function',
    'autoui.tool.server': record.server,
    'autoui.tool.result_length': record.result.length,
    'gen_ai.tool.call.result': span.content ? record.result : undefined,
  });
  if (errorCode) span.fail(errorCode);
  span.end();
}

/** `promise`, or 'stopped' as soon as `signal` aborts (whichever comes first). */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | 'stopped'> {
  if (signal.aborted) return Promise.resolve('stopped');
  return new Promise<T | 'stopped'>((resolve, reject) => {
    const onAbort = () => resolve('stopped');
    signal.addEventListener('abort', onAbort, {once: true});
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Layers already told that their executor has the old name (once each, not at every call). */
const toldOldExecutor = new WeakSet<object>();

/**
 * A layer written for an earlier version names its executor `callTool` (MCP) or `executeTool`
 * (WebMCP); both are `execute` now. The model only hears that the server is not connected, so the
 * page's developer is told why, once.
 */
function warnOldExecutor(layer: object): void {
  const old = (['callTool', 'executeTool'] as const).find((name) => typeof (layer as Record<string, unknown>)[name] === 'function');
  if (!old || toldOldExecutor.has(layer)) return;
  toldOldExecutor.add(layer);
  console.warn(`autoui-agent: the layer ${(layer as {serverName?: string}).serverName ?? ''} has a \`${old}\` method but no \`execute\`: layers run their tools with \`execute(name, args, context)\` since the executor methods were merged; rename it.`);
}
