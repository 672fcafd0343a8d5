/**
 * The canvas as a session hands it to tools: the session's widget store, except that a new widget
 * is first offered to the page (`widget-create`, which it may veto), so every way a tool shows a
 * widget meets the same veto. Drafts pass straight through: the finished call is what is offered.
 */
import {forwardSink} from '../agent/forward-sink.js';
import type {NewWidget, WidgetDraftSink} from '../agent/widget-sink.js';

/** `store`, with `allow(widget)` asked before each `create`; `false` keeps the widget off the canvas. */
export function vetoableCanvas(store: WidgetDraftSink, allow: (widget: NewWidget) => boolean): WidgetDraftSink {
  return forwardSink(store, {create: (widget, options) => (allow(widget) ? store.create(widget, options) : undefined)});
}
