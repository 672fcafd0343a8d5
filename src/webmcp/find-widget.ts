/** Which widget a `widget_display` call names, for the finished call and for its draft alike. */
import type {WidgetCatalog} from '../schema/widget-spec.js';

/** The widget `name` names: its exact type, or the type it was obviously meant to be (`Stat Card` is `stat-card`). */
export function findWidget(catalog: WidgetCatalog, name: string) {
  return catalog.get(name) ?? catalog.get(name.trim().toLowerCase().replace(/[\s_]+/g, '-'));
}
