/**
 * The canvas as tools see it: where a tool shows a widget, changes it and lists what is there.
 * Whoever runs the loop hands one to every tool execution (`ToolExecutionContext.widgets`); the
 * loop only watches what goes through it, so it never has to know a tool by its name to tell that
 * a widget was shown.
 */

/** A point on the canvas, in CSS pixels from its top-left (top-right in RTL) corner. */
export interface CanvasPosition {
  x: number;
  y: number;
}

/** A size in CSS pixels. */
export interface CanvasSize {
  width: number;
  height: number;
}

/** Where a widget's data came from, when the run that showed it read local files. */
export interface WidgetSource {
  /** The attached files (by name: untrusted text, shown as text) whose tables fed it. */
  files: string[];
}

/** One widget on the canvas. */
export interface WidgetInstance {
  /** `w_` followed by 6 random characters of `[a-z0-9]`. */
  id: string;
  /** The widget type, e.g. `stat-card`. */
  type: string;
  /** Validated params. */
  params: Record<string, unknown>;
  /** Set once the widget was moved: it leaves the flow layout and keeps this place. */
  position?: CanvasPosition;
  /** Set once the widget was resized: it keeps this size. */
  size?: CanvasSize;
  /** Allow-listed visual properties (the `canvas` tool checks them), CSS property → value. */
  style?: Record<string, string>;
  /**
   * The local files it was made from: set when a tool result earlier in the same run said it read
   * them (`ToolOutput.sources`, e.g. the `files` layer's query); the canvas names them under it.
   */
  source?: WidgetSource;
}

/** A widget a tool asks to show: its type and params, already checked by the tool. */
export interface NewWidget {
  type: string;
  params: Record<string, unknown>;
}

/** Options of {@link WidgetSink.create}. */
export interface CreateWidgetOptions {
  /**
   * The draft this widget finishes (see {@link WidgetDraftSink}): the draft leaves the canvas and
   * the widget takes its frame, so a view keeps the same element.
   */
  draft?: string;
  /** The files the widget's data came from (the run sets it; see {@link WidgetInstance.source}). */
  source?: WidgetSource;
}

/**
 * The widgets of one canvas, as tools act on them. Every method returns the widget after the
 * change (a copy), or undefined for an id that is not there.
 */
export interface WidgetSink {
  /**
   * Shows a widget. Returns it with its new id, or undefined when it was not shown: the page
   * vetoed it (the element's cancelable `autoui-widget-create`), or the run it came from is over.
   */
  create(widget: NewWidget, options?: CreateWidgetOptions): WidgetInstance | undefined;
  get(id: string): WidgetInstance | undefined;
  /** The widgets in display order. */
  list(): WidgetInstance[];
  /** Replaces the params of `id` (callers merge and validate first). */
  update(id: string, params: Record<string, unknown>): WidgetInstance | undefined;
  move(id: string, x: number, y: number): WidgetInstance | undefined;
  resize(id: string, width: number, height: number): WidgetInstance | undefined;
  /** Merges allow-listed style properties (callers check them); an empty value removes one. */
  style(id: string, styles: Record<string, string>): WidgetInstance | undefined;
  remove(id: string): boolean;
  clear(): void;
}

/**
 * A widget the model is still writing: its call's arguments stream, and what can be read of them
 * so far is shown, marked busy, until the call completes. Not a widget yet: no id, not in
 * `list()`, no veto asked (the finished call is checked like any other).
 */
export interface WidgetDraft {
  /** Stable while the draft lives; the widget that finishes it takes over its frame. */
  key: string;
  /** The widget type. */
  type: string;
  /** The params readable so far, already made safe to render; absent until enough has arrived. */
  params?: Record<string, unknown>;
}

/** A canvas that can also show drafts (the loop's side of it; tools never see these methods). */
export interface WidgetDraftSink extends WidgetSink {
  /** Shows or refreshes the draft `key`. */
  draft(draft: WidgetDraft): void;
  /** Removes the draft `key`, if it is still there (the call failed, was vetoed, or never finished). */
  dropDraft(key: string): void;
}

/** True when `sink` can show drafts. */
export const showsDrafts = (sink: WidgetSink | undefined): sink is WidgetDraftSink =>
  typeof (sink as Partial<WidgetDraftSink> | undefined)?.draft === 'function' && typeof (sink as Partial<WidgetDraftSink>).dropDraft === 'function';
