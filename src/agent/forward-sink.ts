/**
 * A widget crosses wrappers on its way to the canvas (the run's view, the page's veto), and each
 * changes one or a few methods. They share this forwarder so that each says only its rule, and so
 * that a method added to the sink has one place to be passed on instead of one per wrapper.
 */
import {showsDrafts, type WidgetDraftSink, type WidgetSink} from './widget-sink.js';

/** The methods a wrapper puts in place of the inner sink's; drafts always pass straight through. */
export type SinkRule = Partial<WidgetSink>;

/**
 * `sink` with `rule`'s methods in place of its own, every other call forwarded to `sink` as it
 * comes. The draft methods are there exactly when `sink` has them, so `showsDrafts` says the same
 * of the result as of `sink`: a wrapper never hides drafts from the loop, nor invents them.
 */
export function forwardSink(sink: WidgetDraftSink, rule: SinkRule): WidgetDraftSink;
export function forwardSink(sink: WidgetSink, rule: SinkRule): WidgetSink;
export function forwardSink(sink: WidgetSink, rule: SinkRule): WidgetSink {
  const forwarded: WidgetSink = {...widgetMethods(sink), ...rule};
  // Drafts are not widgets yet: no wrapper has a rule for them (a veto or a stamp applies to the
  // widget that finishes one), so they go to `sink` untouched.
  if (!showsDrafts(sink)) return forwarded;
  const drafting: WidgetDraftSink = {...forwarded, draft: (draft) => sink.draft(draft), dropDraft: (key) => sink.dropDraft(key)};
  return drafting;
}

/**
 * `sink` as a tool sees it, with `rule`'s methods in place of its own: the widget methods alone,
 * never the draft ones, even when `sink` has them. Drafts are the loop's side of the canvas, and a
 * page's own tools get this view too.
 */
export const toolSide = (sink: WidgetSink, rule: SinkRule = {}): WidgetSink => ({...widgetMethods(sink), ...rule});

/** Every `WidgetSink` method of `sink`, each calling it at call time (a wrapper holds no copy of its state). */
function widgetMethods(sink: WidgetSink): WidgetSink {
  return {
    create: (widget, options) => sink.create(widget, options),
    get: (id) => sink.get(id),
    list: () => sink.list(),
    update: (id, params) => sink.update(id, params),
    move: (id, x, y) => sink.move(id, x, y),
    resize: (id, width, height) => sink.resize(id, width, height),
    style: (id, styles) => sink.style(id, styles),
    remove: (id) => sink.remove(id),
    clear: () => sink.clear(),
  };
}
