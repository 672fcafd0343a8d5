/**
 * The contract of a widget type, in two halves. Its spec ({@link WidgetTypeSpec}): what is
 * validated and what the model reads, plus how the canvas lays it out; DOM-free, so a Web Worker
 * can validate calls with it. Its binding ({@link WidgetBinding}): the element that shows it, often
 * loaded lazily by `load()` (chart.js and leaflet only arrive with the first chart or map). A
 * definition is both; each widget declares them in its own folder (`<type>.contract.ts`, the
 * spec; `<type>.definition.ts`, both).
 */
import type {WidgetSpec} from '../schema/widget-spec.js';

/**
 * Where the canvas puts a widget in its flow: `column`, one column of the grid (the default);
 * `wide`, a whole row (tables, maps, charts, long text).
 */
export type WidgetLayout = 'column' | 'wide';

/** How a widget type is shown and offered, beside what it validates. */
export interface WidgetTraits {
  /** Its place in the canvas's flow (default `column`). */
  layout?: WidgetLayout;
  /**
   * Shown by the host only (an MCP App view, which a call of an app tool shows): never in the
   * catalogue the model reads, nor one it may display.
   */
  hostOnly?: boolean;
}

/** The DOM-free half of a widget type the model may show: its spec and its traits. */
export interface WidgetTypeSpec<P = Record<string, unknown>> extends WidgetSpec<P>, WidgetTraits {}

/** The DOM-free half of a widget type only the host shows: no schema nor recipe, the model never writes one. */
export interface HostWidgetSpec extends WidgetTraits {
  type: string;
  hostOnly: true;
}

/** The element that shows a widget type. */
export interface WidgetBinding {
  /** Custom element tag, e.g. `autoui-stat-card`. */
  tagName: string;
  /** Defines the element if it is not defined yet (a dynamic import for heavy widgets). */
  load(): Promise<void>;
}

/** One widget type: its spec and its element. */
export interface WidgetDefinition<P = Record<string, unknown>> extends WidgetTypeSpec<P>, WidgetBinding {}

/** One widget type only the host shows, with its element. */
export interface HostWidgetDefinition extends HostWidgetSpec, WidgetBinding {}

/** What a canvas needs to show a widget type, host-only or not: its element and its traits. */
export type BoundWidget = WidgetBinding & WidgetTraits & {type: string};

/** True when the model may be offered `spec` (it is not host-only): what keeps host widgets out of its catalogue. */
export function offeredToModel(spec: WidgetTraits): boolean {
  return spec.hostOnly !== true;
}
