/**
 * The widget types one `<autoui-agent>` can show, looked up by type to build the model's tools
 * and recipes and to render calls. Created per element, never global, so two agents on one page
 * can carry different widget sets.
 */
import {AutouiError, ErrorCodes} from '../errors.js';
import type {JsonSchema} from '../schema/json-schema.js';
import {createRuntimeValidator} from '../schema/validator.js';
import type {WidgetDefinition} from './widget-definition.js';

/** What a page gives to register its own, already defined, widget element. */
export interface PageWidgetSpec {
  /** Name the model uses, e.g. `product-card`. */
  type: string;
  /** Tag of the element the page has defined (or will define), e.g. `shop-product-card`. */
  tagName: string;
  /** JSON Schema of the element's `params`. */
  schema: JsonSchema;
  /** One line for the model. */
  description: string;
  /** Markdown recipe; a minimal one is written from the description when absent. */
  recipe?: string;
}

const TYPE_PATTERN = /^[a-z][a-z0-9-]*$/;

/** A map of widget definitions by type. */
export class WidgetRegistry {
  readonly #definitions = new Map<string, WidgetDefinition>();

  /**
   * Adds a definition; a later one with the same type replaces the earlier (a page may override a
   * built-in). Throws `INVALID_ARGUMENT` for a malformed definition.
   */
  register<P>(definition: WidgetDefinition<P>): this {
    if (!definition || typeof definition.type !== 'string' || !TYPE_PATTERN.test(definition.type)) {
      throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, `registerWidget: type must match ${TYPE_PATTERN} (got ${JSON.stringify(definition?.type)}).`);
    }
    if (typeof definition.tagName !== 'string' || !definition.tagName.includes('-')) {
      throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, `registerWidget(${definition.type}): tagName must be a custom element name with a dash.`);
    }
    if (!definition.validator || typeof definition.load !== 'function') {
      throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, `registerWidget(${definition.type}): a validator and a load() function are required.`);
    }
    // Stored without its params type: callers validate before they trust params.
    this.#definitions.set(definition.type, definition as unknown as WidgetDefinition);
    return this;
  }

  /** The definition of `type`, if registered. */
  get(type: string): WidgetDefinition | undefined {
    return this.#definitions.get(type);
  }

  /** True when `type` is registered. */
  has(type: string): boolean {
    return this.#definitions.has(type);
  }

  /** Every definition, in registration order. */
  list(): WidgetDefinition[] {
    return [...this.#definitions.values()];
  }

  /**
   * Registers a page's own element (see {@link pageWidgetDefinition}): validated at run time by the
   * eval-free validator, element defined by the page.
   */
  registerPageWidget(spec: PageWidgetSpec): WidgetDefinition {
    const definition = pageWidgetDefinition(spec);
    this.register(definition);
    return definition;
  }

  /** Removes `type`; returns whether it was there. */
  unregister(type: string): boolean {
    return this.#definitions.delete(type);
  }
}

/**
 * Builds a definition for an element the page defines itself: its schema is validated at run time
 * by the eval-free validator (strict-CSP pages work), and `load()` only waits for the tag to be
 * defined.
 */
export function pageWidgetDefinition(spec: PageWidgetSpec): WidgetDefinition {
  if (!spec || typeof spec.schema !== 'object' || spec.schema === null) {
    throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, 'registerWidget: a JSON Schema object is required in `schema`.');
  }
  const recipe =
    spec.recipe ??
    `---\nwidget: ${spec.type}\ndescription: ${spec.description}\n---\n\n${spec.description}\n\nCall \`widget_display({"name": "${spec.type}", "params": {...}})\` with params that follow the widget's schema.\n`;
  return {
    type: spec.type,
    tagName: spec.tagName,
    description: spec.description,
    schema: spec.schema,
    validator: createRuntimeValidator(spec.schema),
    recipe,
    load: () => customElements.whenDefined(spec.tagName).then(() => undefined),
  };
}
