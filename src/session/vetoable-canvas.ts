/**
 * The canvas as a session hands it to tools: the session's widget store, except that a new widget
 * is first offered to the page (`widget-create`, which it may veto), so every way a tool shows a
 * widget meets the same veto. Drafts pass straight through: the finished call is what is offered.
 */
import type {NewWidget, WidgetDraftSink, WidgetInstance} from '../agent/widget-sink.js';

/** `store`, with `allow(widget)` asked before each `create`; `false` keeps the widget off the canvas. */
export function vetoableCanvas(store: WidgetDraftSink, allow: (widget: NewWidget) => boolean): WidgetDraftSink {
  return {
    create: (widget, options): WidgetInstance | undefined => (allow(widget) ? store.create(widget, options) : undefined),
    get: (id) => store.get(id),
    list: () => store.list(),
    update: (id, params) => store.update(id, params),
    move: (id, x, y) => store.move(id, x, y),
    resize: (id, width, height) => store.resize(id, width, height),
    style: (id, styles) => store.style(id, styles),
    remove: (id) => store.remove(id),
    clear: () => store.clear(),
    draft: (draft) => store.draft(draft),
    dropDraft: (key) => store.dropDraft(key),
  };
}
