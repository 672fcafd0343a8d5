/**
 * The contract of a widget type: what is validated and what the model reads (the spec), plus
 * how the element is defined. A definition module is small and static; the element itself may be
 * loaded lazily by `load()` (chart.js and leaflet only arrive with the first chart or map).
 */
import type {WidgetSpec} from '../schema/widget-spec.js';

/** One widget type. */
export interface WidgetDefinition<P = Record<string, unknown>> extends WidgetSpec<P> {
  /** Custom element tag, e.g. `autoui-stat-card`. */
  tagName: string;
  /** Defines the element if it is not defined yet (a dynamic import for heavy widgets). */
  load(): Promise<void>;
}
