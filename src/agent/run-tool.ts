/**
 * Runs one tool execution under the run's abort signal and a per-call timeout that progress
 * reports restart, up to a hard cap. Settles as soon as either fires, even if the executor
 * ignores its signal, so a stuck tool never holds the loop.
 */
import {AutouiError, ErrorCodes} from '../errors.js';
import type {ToolExecutionContext, ToolOutput} from './types.js';
import type {WidgetSink} from './widget-sink.js';
import type {TraceSpan} from '../telemetry/agent-tracer.js';

/** Default seconds a tool call may take without progress. */
export const DEFAULT_TOOL_TIMEOUT_MS = 60_000;
/** No call lasts longer than this, progress or not. */
export const MAX_TOOL_TIMEOUT_MS = 300_000;

/** Options of {@link runWithTimeout}. */
export interface RunWithTimeoutOptions {
  signal: AbortSignal;
  callId: string;
  toolName: string;
  timeoutMs?: number;
  capMs?: number;
  /** The run's canvas, passed on to the tool. */
  widgets?: WidgetSink;
  /** The call's span, passed on to the tool (absent: untraced). */
  trace?: TraceSpan;
}

/**
 * The calls in flight under each run's signal, each by how it stops. One listener on a run's
 * signal stops them all: a listener per call cost more than the rest of the dispatch (adding and
 * removing an event listener is slow, and this is on the path of every tool call).
 */
const callsByRun = new WeakMap<AbortSignal, Set<() => void>>();

/** The set of calls in flight under `signal`, listening to it from the first call on. */
function callsOf(signal: AbortSignal): Set<() => void> {
  let calls = callsByRun.get(signal);
  if (!calls) {
    const created = new Set<() => void>();
    signal.addEventListener('abort', () => [...created].forEach((stop) => stop()), {once: true});
    callsByRun.set(signal, created);
    calls = created;
  }
  return calls;
}

/**
 * Runs `execute` with a context whose signal aborts on run abort or timeout. Per call: one
 * controller and one timer, released as the call settles.
 */
export function runWithTimeout(execute: (context: ToolExecutionContext) => Promise<ToolOutput>, options: RunWithTimeoutOptions): Promise<ToolOutput> {
  const runSignal = options.signal;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  const capMs = Math.max(timeoutMs, options.capMs ?? MAX_TOOL_TIMEOUT_MS);
  const controller = new AbortController();
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settled = false;
  const runCalls = runSignal.aborted ? undefined : callsOf(runSignal);

  return new Promise<ToolOutput>((resolve, reject) => {
    const release = () => {
      settled = true;
      clearTimeout(timer);
      runCalls?.delete(onRunAbort);
    };
    // Rejects at once, whatever the executor does with its signal: a stuck tool never holds the loop.
    const stop = (reason: AutouiError) => {
      if (settled) return;
      release();
      controller.abort(reason);
      reject(reason);
    };
    const onRunAbort = () => stop(new AutouiError(ErrorCodes.ABORTED, 'The run was aborted.'));
    const onTimeout = () => {
      const seconds = Math.round((Date.now() - started) / 1000);
      stop(new AutouiError(ErrorCodes.TOOL_TIMEOUT, `Tool ${options.toolName} did not answer within ${seconds} s and was cancelled.`));
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(onTimeout, Math.max(0, Math.min(timeoutMs, capMs - (Date.now() - started))));
    };
    if (!runCalls) return onRunAbort();
    runCalls.add(onRunAbort);
    arm();
    let result: Promise<ToolOutput>;
    try {
      result = Promise.resolve(
        execute({
          signal: controller.signal,
          callId: options.callId,
          // Progress after the call settled (a late notification) must not start a timer again.
          reportProgress: () => {
            if (!settled) arm();
          },
          ...(options.widgets ? {widgets: options.widgets} : {}),
          ...(options.trace ? {trace: options.trace} : {}),
        }),
      );
    } catch (error) {
      result = Promise.reject(error);
    }
    result.then(
      (output) => {
        if (settled) return;
        release();
        resolve(output);
      },
      (error: unknown) => {
        if (settled) return;
        release();
        reject(error);
      },
    );
  });
}

/**
 * Accepts what page code may return from a tool (a string, a `ToolOutput`, any JSON value) and
 * gives the `ToolOutput` the loop works with.
 */
export function normalizeToolOutput(value: unknown): ToolOutput {
  if (typeof value === 'string') return {text: value};
  if (value && typeof value === 'object' && typeof (value as ToolOutput).text === 'string') return value as ToolOutput;
  if (value === undefined) return {text: ''};
  return {text: JSON.stringify(value), data: value};
}
