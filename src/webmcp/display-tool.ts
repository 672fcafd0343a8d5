/**
 * `widget_display({name, params})` (design.md 5.6): resolve the widget → repair common mistakes →
 * validate → URL rules → the page's veto → add to the canvas store → `{widget, id}`. Every
 * failure is a result the model can act on: the validation details with the expected schema, the
 * list of known widgets, or the page's refusal.
 */
import type {ToolOutput} from '../agent/types.js';
import type {CanvasStore} from '../canvas/canvas-store.js';
import type {WidgetRegistry} from '../widgets/widget-registry.js';
import {repairCall} from './repair-params.js';
import {checkWidgetParams} from './widget-params.js';
import type {BlockedImagePolicy} from './url-policy.js';
import type {WebMcpToolSpec} from './webmcp-server.js';

/** What the display and canvas tools act on. */
export interface DisplayTarget {
  registry: WidgetRegistry;
  store: CanvasStore;
  /** Hosts images may come from, read at each call (the page may change them). */
  imageHosts: () => readonly string[];
  /** Asked before a widget is added; `false` vetoes it (the element's cancelable `autoui-widget-create`). Must not throw. */
  beforeCreate?: (type: string, params: Record<string, unknown>) => boolean;
  /**
   * Images from hosts the page did not allow: `gate` (default) keeps them and the widget shows a
   * button naming the host, loading nothing until a person clicks; `drop` removes them.
   */
  blockedImages?: BlockedImagePolicy;
}

const fail = (value: Record<string, unknown>): ToolOutput => ({text: JSON.stringify(value), isError: true});

/** Executes one `widget_display` call. */
export function displayWidget(target: DisplayTarget, args: Record<string, unknown>): ToolOutput {
  const {name, params, repairs} = repairCall(args ?? {});
  const known = target.registry.list().map((d) => d.type);
  if (typeof name !== 'string' || !name) {
    return fail({error: 'widget_display needs "name", the widget type', known_widgets: known});
  }
  const definition = target.registry.get(name) ?? target.registry.get(name.trim().toLowerCase().replace(/[\s_]+/g, '-'));
  if (!definition) {
    return fail({error: `Unknown widget "${name}". Use one of: ${known.join(', ')}`, known_widgets: known});
  }
  if (definition.type !== name) repairs.push(`the widget name "${name}" was read as "${definition.type}"`);
  const checked = checkWidgetParams(params, definition.validator, target.imageHosts(), repairs, target.blockedImages);
  if (!checked.ok) return checked.output;
  if (target.beforeCreate && target.beforeCreate(definition.type, checked.params) === false) {
    return fail({error: `The ${definition.type} widget was vetoed by the page (autoui-widget-create was cancelled). Do not retry it; tell the user in words instead.`});
  }
  const instance = target.store.add({type: definition.type, params: checked.params});
  const text = {
    widget: definition.type,
    id: instance.id,
    ...(checked.repairs.length ? {repaired: checked.repairs} : {}),
    ...(checked.dropped.length ? {dropped_urls: checked.dropped} : {}),
    ...(checked.gated.length ? {images_behind_a_click: checked.gated} : {}),
  };
  return {text: JSON.stringify(text), data: {widget: definition.type, id: instance.id, params: checked.params}};
}

/** The `widget_display` tool of a layer, describing the registry's current widgets. */
export function displayToolSpec(target: DisplayTarget): WebMcpToolSpec {
  return {
    name: 'widget_display',
    get description() {
      const list = target.registry
        .list()
        .map((d) => `${d.type}: ${d.description}`)
        .join('; ');
      return `Show a widget on the canvas. Read its recipe first (get_recipe) for the params. Widgets: ${list}. Returns {widget, id}; keep the id to update it later with canvas.`;
    },
    inputSchema: {
      type: 'object',
      properties: {
        name: {type: 'string', description: 'Widget type, e.g. "stat-card"'},
        params: {type: 'object', description: "The widget's params, an object valid against its schema"},
      },
      required: ['name', 'params'],
    },
    execute: (args) => displayWidget(target, args),
  };
}
