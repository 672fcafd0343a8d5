/**
 * What one run shows on the canvas. The loop wraps the canvas it was given (`widgets` option) so
 * that it sees every widget a tool shows, whatever the tool is called, and so that a run that has
 * ended (stopped, or its conversation cleared) can show nothing more. Each call gets its own view
 * of it: the first widget a call shows finishes that call's draft, if it had one. Every widget the
 * run shows after a tool result that read local files says which (`source: {files}`), so the
 * canvas can say "From sales.csv" and a snapshot keeps it; the record is the run's alone.
 */
import {toolSide} from './forward-sink.js';
import {showsDrafts, type NewWidget, type WidgetDraft, type WidgetInstance, type WidgetSink} from './widget-sink.js';

/** A widget shown during a run. */
export interface WidgetRecord {
  id: string;
  type: string;
  params: unknown;
}

/** The canvas as one run's tools see it. */
export class RunWidgets {
  /** Widgets shown by this run, in order. */
  readonly shown: WidgetRecord[] = [];
  readonly #canvas?: WidgetSink;
  readonly #signal: AbortSignal;
  /** The local files the run's tool results read so far, in the order first read. */
  readonly #files = new Set<string>();
  #since = 0;

  constructor(canvas: WidgetSink | undefined, signal: AbortSignal) {
    this.#canvas = canvas;
    this.#signal = signal;
  }

  /** Notes the local files a finished call's result read (its `ToolCall.sources`): the widgets shown after it name them. */
  readFrom(files: readonly string[] | undefined): void {
    for (const name of files ?? []) this.#files.add(name);
  }

  /** True when drafts can be shown: the canvas shows them and the run goes on. */
  get showsDrafts(): boolean {
    return showsDrafts(this.#canvas) && !this.#signal.aborted;
  }

  /** Shows or refreshes a draft (nothing once the run has ended). */
  draft(draft: WidgetDraft): void {
    if (showsDrafts(this.#canvas) && !this.#signal.aborted) this.#canvas.draft(draft);
  }

  /** Removes a draft; also after the run ended, so no draft outlives its run. */
  dropDraft(key: string): void {
    if (showsDrafts(this.#canvas)) this.#canvas.dropDraft(key);
  }

  /**
   * The canvas as one call's tool sees it (undefined when the run has no canvas), without the
   * draft methods: the first widget it shows finishes `draft` (the key of the call's draft, if it
   * has one), so the view keeps the draft's element, and `taken(draft)` is told at once.
   */
  forCall(draft?: string, taken?: (draft: string) => void): WidgetSink | undefined {
    const canvas = this.#canvas;
    if (!canvas) return undefined;
    const signal = this.#signal;
    const shown = this.shown;
    const files = this.#files;
    let pending = draft;
    // One rule for every change: a tool still finishing after Stop or clear() changes nothing
    // (reads still answer), so an ended run cannot bring a widget back or move one.
    return toolSide(canvas, {
      create(widget: NewWidget): WidgetInstance | undefined {
        if (signal.aborted) return undefined;
        const finishes = pending;
        pending = undefined;
        const options = {...(finishes === undefined ? {} : {draft: finishes}), ...(files.size ? {source: {files: [...files]}} : {})};
        const instance = canvas.create(widget, Object.keys(options).length ? options : undefined);
        if (instance && finishes !== undefined) taken?.(finishes);
        if (instance) shown.push({id: instance.id, type: instance.type, params: instance.params});
        return instance;
      },
      update: (id, params) => (signal.aborted ? undefined : canvas.update(id, params)),
      move: (id, x, y) => (signal.aborted ? undefined : canvas.move(id, x, y)),
      resize: (id, width, height) => (signal.aborted ? undefined : canvas.resize(id, width, height)),
      style: (id, styles) => (signal.aborted ? undefined : canvas.style(id, styles)),
      remove: (id) => !signal.aborted && canvas.remove(id),
      clear: () => {
        if (!signal.aborted) canvas.clear();
      },
    });
  }

  /** True when a widget was shown since the last call (the no-render guard counts iterations without one). */
  takeShown(): boolean {
    const any = this.shown.length > this.#since;
    this.#since = this.shown.length;
    return any;
  }
}
