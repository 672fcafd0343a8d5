/**
 * The widget types one `<autoui-agent>` can show, looked up by type to build the model's tools
 * and recipes and to render calls. Created per element, never global, so two agents on one page
 * can carry different widget sets. It holds the host-only widgets too (an MCP App view), which
 * only its canvas sees ({@link WidgetRegistry.binding}): as a catalogue (`get`, `list`, what the
 * `autoui` layer reads), it leaves them out.
 */
import {AutouiError, ErrorCodes} from '../errors.js';
import type {JsonSchema} from '../schema/json-schema.js';
import {createRuntimeValidator} from '../schema/validator.js';
import {offeredToModel, type BoundWidget, type HostWidgetDefinition, type WidgetDefinition} from './widget-definition.js';

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
  readonly #definitions = new Map<string, WidgetDefinition | HostWidgetDefinition>();

  /**
   * Adds a definition; a later one with the same type replaces the earlier (a page may override a
   * built-in). A host-only one (`hostOnly: true`) needs no validator: the model never writes it.
   * Throws `INVALID_ARGUMENT` for a malformed definition.
   */
  register<P>(definition: WidgetDefinition<P> | HostWidgetDefinition): this {
    if (!definition || typeof definition.type !== 'string' || !TYPE_PATTERN.test(definition.type)) {
      throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, `registerWidget: type must match ${TYPE_PATTERN} (got ${JSON.stringify(definition?.type)}).`);
    }
    if (typeof definition.tagName !== 'string' || !definition.tagName.includes('-')) {
      throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, `registerWidget(${definition.type}): tagName must be a custom element name with a dash.`);
    }
    if ((!('validator' in definition && definition.validator) && offeredToModel(definition)) || typeof definition.load !== 'function') {
      throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, `registerWidget(${definition.type}): a validator and a load() function are required.`);
    }
    // Stored without its params type: callers validate before they trust params.
    this.#definitions.set(definition.type, definition as unknown as WidgetDefinition | HostWidgetDefinition);
    return this;
  }

  /** The definition of `type`, if registered and offered to the model (not host-only). */
  get(type: string): WidgetDefinition | undefined {
    const definition = this.#definitions.get(type);
    return definition && offeredToModel(definition) ? (definition as WidgetDefinition) : undefined;
  }

  /** True when `type` is registered and offered to the model. */
  has(type: string): boolean {
    return this.get(type) !== undefined;
  }

  /** Every definition offered to the model (host-only ones left out), in registration order. */
  list(): WidgetDefinition[] {
    return [...this.#definitions.values()].filter((d): d is WidgetDefinition => offeredToModel(d));
  }

  /** What shows `type` on a canvas (its element, its layout), host-only widgets included. */
  binding(type: string): BoundWidget | undefined {
    return this.#definitions.get(type);
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

  /** Removes `type`, host-only or not; returns whether it was there. */
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
