/**
 * What one run shows on the canvas. The loop wraps the canvas it was given (`widgets` option) so
 * that it sees every widget a tool shows, whatever the tool is called, and so that a run that has
 * ended (stopped, or its conversation cleared) can show nothing more.
 */
import type {NewWidget, WidgetInstance, WidgetSink} from './widget-sink.js';

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
  /** The sink handed to this run's tools, or undefined when the run has no canvas. */
  readonly sink?: WidgetSink;
  #since = 0;

  constructor(canvas: WidgetSink | undefined, signal: AbortSignal) {
    if (!canvas) return;
    const shown = this.shown;
    this.sink = {
      create(widget: NewWidget): WidgetInstance | undefined {
        // A tool still finishing after Stop or clear() must not bring a widget back.
        if (signal.aborted) return undefined;
        const instance = canvas.create(widget);
        if (instance) shown.push({id: instance.id, type: instance.type, params: instance.params});
        return instance;
      },
      get: (id) => canvas.get(id),
      list: () => canvas.list(),
      update: (id, params) => (signal.aborted ? undefined : canvas.update(id, params)),
      move: (id, x, y) => (signal.aborted ? undefined : canvas.move(id, x, y)),
      resize: (id, width, height) => (signal.aborted ? undefined : canvas.resize(id, width, height)),
      style: (id, styles) => (signal.aborted ? undefined : canvas.style(id, styles)),
      remove: (id) => !signal.aborted && canvas.remove(id),
      clear: () => {
        if (!signal.aborted) canvas.clear();
      },
    };
  }

  /** True when a widget was shown since the last call (the no-render guard counts iterations without one). */
  takeShown(): boolean {
    const any = this.shown.length > this.#since;
    this.#since = this.shown.length;
    return any;
  }
}
