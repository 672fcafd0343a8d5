/**
 * What every widget type declares so that params can be checked and the model can learn it: its
 * name, its JSON Schema with a validator, and what the model reads (a description, a recipe).
 * The widgets add their element (tag and loader); the tools that show widgets need only this.
 */
import type {JsonSchema} from './json-schema.js';
import type {Validator} from './validator.js';

/** The checkable, describable side of one widget type. */
export interface WidgetSpec<P = Record<string, unknown>> {
  /** Name the model uses in `widget_display({name})`, e.g. `stat-card`. */
  type: string;
  /** One line for the model: what the widget shows. */
  description: string;
  /** JSON Schema of `params`. */
  schema: JsonSchema;
  /** Validates `params` (ajv standalone for ours, the eval-free runtime validator for a page's). */
  validator: Validator<P>;
  /** Markdown recipe with frontmatter (`widget`, `description`, `when`, an example call). */
  recipe: string;
  /**
   * Top-level params whose URLs the widget checks itself as it draws them (a table's `rows`: of
   * 100,000 rows a person may see 20), so `widget_display` does not walk them all first. Such a
   * widget must apply the URL rules to each value before it reaches the DOM.
   */
  checkedWhenShown?: readonly string[];
}

/** The widget types a display tool can show: the element's registry, seen from the tools. */
export interface WidgetCatalog {
  get(type: string): WidgetSpec | undefined;
  list(): readonly WidgetSpec[];
}
