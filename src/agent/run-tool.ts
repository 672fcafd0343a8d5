/**
 * Runs one tool execution under the run's abort signal and a per-call timeout that progress
 * reports restart, up to a hard cap. Settles as soon as either fires, even if the executor
 * ignores its signal, so a stuck tool never holds the loop.
 */
import {AutouiError, ErrorCodes} from '../errors.js';
import type {ToolExecutionContext, ToolOutput} from './types.js';
import type {WidgetSink} from './widget-sink.js';

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
}

/** Runs `execute` with a context whose signal aborts on run abort or timeout. */
export function runWithTimeout(execute: (context: ToolExecutionContext) => Promise<ToolOutput>, options: RunWithTimeoutOptions): Promise<ToolOutput> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  const capMs = Math.max(timeoutMs, options.capMs ?? MAX_TOOL_TIMEOUT_MS);
  const controller = new AbortController();
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;

  return new Promise<ToolOutput>((resolve, reject) => {
    const onRunAbort = () => controller.abort(new AutouiError(ErrorCodes.ABORTED, 'The run was aborted.'));
    const cleanup = () => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onRunAbort);
    };
    const arm = () => {
      clearTimeout(timer);
      const remaining = Math.min(timeoutMs, capMs - (Date.now() - started));
      timer = setTimeout(() => {
        const seconds = Math.round((Date.now() - started) / 1000);
        controller.abort(new AutouiError(ErrorCodes.TOOL_TIMEOUT, `Tool ${options.toolName} did not answer within ${seconds} s and was cancelled.`));
      }, Math.max(0, remaining));
    };
    controller.signal.addEventListener(
      'abort',
      () => {
        cleanup();
        reject(controller.signal.reason);
      },
      {once: true},
    );
    if (options.signal.aborted) return onRunAbort();
    options.signal.addEventListener('abort', onRunAbort, {once: true});
    arm();
    let result: Promise<ToolOutput>;
    try {
      result = Promise.resolve(execute({
          signal: controller.signal,
          callId: options.callId,
          reportProgress: () => !controller.signal.aborted && arm(),
          ...(options.widgets ? {widgets: options.widgets} : {}),
        }));
    } catch (error) {
      result = Promise.reject(error);
    }
    result.then(
      (output) => {
        cleanup();
        resolve(output);
      },
      (error) => {
        cleanup();
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
