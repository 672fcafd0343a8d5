/**
 * The contract of a widget type (conventions.md F): what the `autoui` layer validates against,
 * what the model reads (description, recipe) and how the element is defined. A definition module
 * is small and static; the element itself may be loaded lazily by `load()` (chart.js and leaflet
 * only arrive with the first chart or map).
 */
import type {JsonSchema} from '../agent/types.js';
import type {Validator} from '../schema/validator.js';

/** One widget type. */
export interface WidgetDefinition<P = Record<string, unknown>> {
  /** Name the model uses in `widget_display({name})`, e.g. `stat-card`. */
  type: string;
  /** Custom element tag, e.g. `autoui-stat-card`. */
  tagName: string;
  /** One line for the model: what the widget shows. */
  description: string;
  /** JSON Schema of `params`. */
  schema: JsonSchema;
  /** Validates `params` (ajv standalone for ours, the eval-free runtime validator for a page's). */
  validator: Validator<P>;
  /** Markdown recipe with frontmatter (`widget`, `description`, `when`, an example call). */
  recipe: string;
  /** Defines the element if it is not defined yet (a dynamic import for heavy widgets). */
  load(): Promise<void>;
}
