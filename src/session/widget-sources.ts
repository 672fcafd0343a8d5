/**
 * Which local files a run's widgets come from. A tool result that read attached files says so
 * (`ToolOutput.sources`, on its `ToolCall` as `sources`); every widget the run shows after it
 * carries `source: {files}`, so the canvas can say "From sales.csv" and a snapshot keeps it. The
 * record is the run's alone: the next question starts with none. Part of the run engine (a lazy
 * chunk): only a question needs it.
 */
import type {AgentCallbacks} from '../agent/agent-loop.js';
import {forwardSink} from '../agent/forward-sink.js';
import type {WidgetSink} from '../agent/widget-sink.js';

/** The files one run has read so far, and the run's callbacks and canvas that use them. */
export class RunSources {
  /** File names, in the order the run first read them. */
  readonly #files = new Set<string>();

  /** `callbacks`, noting the files each finished tool call read. */
  hearing(callbacks: AgentCallbacks): AgentCallbacks {
    return {
      ...callbacks,
      onToolCall: (call) => {
        for (const name of call.sources ?? []) this.#files.add(name);
        callbacks.onToolCall?.(call);
      },
    };
  }

  /** `canvas`, whose new widgets say which files the run had read when they were shown. */
  stamping(canvas: WidgetSink | undefined): WidgetSink | undefined {
    // Drafts pass straight through: a draft is no widget yet, and the one that finishes it is stamped.
    return canvas && forwardSink(canvas, {create: (widget, options) => canvas.create(widget, this.#files.size ? {...options, source: {files: [...this.#files]}} : options)});
  }
}
