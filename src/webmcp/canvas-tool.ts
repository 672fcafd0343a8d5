/**
 * `canvas({action, id?, params?})`: the model's hands on widgets already shown, on the canvas of
 * the call (`ToolExecutionContext.widgets`).
 * `update` merges params and validates them like `widget_display`; `move`/`resize` take numbers
 * (top-level or inside `params`); `style` accepts a small allow-list of visual properties; `list`
 * summarises what is on the canvas. An unknown id is answered with the ids that exist.
 */
import type {ToolOutput} from '../agent/types.js';
import type {WidgetInstance, WidgetSink} from '../agent/widget-sink.js';
import type {TraceSpan} from '../telemetry/agent-tracer.js';
import {coerceToSchema} from './repair-params.js';
import {checkStyles, STYLE_PROPERTIES} from './style-policy.js';
import {checkWidgetParams, checkedWhenShownNote, endValidation, startValidation} from './widget-params.js';
import {NO_CANVAS, type DisplayRules} from './display-tool.js';
import type {WebMcpToolSpec} from './webmcp-server.js';

/** The actions of the `canvas` tool. */
export const CANVAS_ACTIONS = ['list', 'update', 'move', 'resize', 'style', 'remove', 'clear'] as const;

const ok = (value: Record<string, unknown>, data?: unknown): ToolOutput => ({text: JSON.stringify(value), ...(data === undefined ? {} : {data})});
const fail = (value: Record<string, unknown>): ToolOutput => ({text: JSON.stringify(value), isError: true});
/** The widget was there a moment ago but the canvas took no change: the run has ended. */
const notChanged = (id: string) => fail({error: `The widget ${id} was not changed: the run is over.`});
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A one-line view of params for `list`: enough to recognise a widget, short enough for many. */
export function summarizeParams(params: Record<string, unknown>, max = 120): string {
  const text = JSON.stringify(params) ?? '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Reads a number from the args or their `params`, accepting numeric strings. */
function numberArg(args: Record<string, unknown>, key: string): number | undefined {
  const raw = args[key] ?? (isObject(args.params) ? args.params[key] : undefined);
  const value = coerceToSchema(raw, {type: 'number'}, []);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Executes one `canvas` call on `store`; `trace`: the call's span, when traced (an update's check is a `validate_widget` child). */
export function canvasAction(rules: DisplayRules, args: Record<string, unknown>, store: WidgetSink | undefined, trace?: TraceSpan): ToolOutput {
  if (!store) return NO_CANVAS;
  const action = String(args.action ?? '').toLowerCase();
  if (action === 'list') {
    const widgets = store.list().map((w) => ({id: w.id, type: w.type, params: summarizeParams(w.params), ...(w.position ? {position: w.position} : {}), ...(w.size ? {size: w.size} : {})}));
    return ok({widgets});
  }
  if (action === 'clear') {
    const count = store.list().length;
    store.clear();
    return ok({cleared: count});
  }
  if (!(CANVAS_ACTIONS as readonly string[]).includes(action)) {
    return fail({error: `Unknown canvas action "${args.action}". Use one of: ${CANVAS_ACTIONS.join(', ')}`});
  }
  const id = typeof args.id === 'string' ? args.id : '';
  const current: WidgetInstance | undefined = store.get(id);
  if (!current) {
    const ids = store.list().map((w) => `${w.id} (${w.type})`);
    return fail({error: `No widget with id "${id}" on the canvas.`, ids: ids.length ? ids : 'the canvas is empty'});
  }
  switch (action) {
    case 'remove':
      store.remove(id);
      return ok({removed: id});
    case 'move': {
      const x = numberArg(args, 'x');
      const y = numberArg(args, 'y');
      if (x === undefined || y === undefined) return fail({error: 'move needs numbers x and y (pixels from the canvas corner)'});
      const moved = store.move(id, x, y);
      return moved ? ok({moved: id, position: moved.position}) : notChanged(id);
    }
    case 'resize': {
      const width = numberArg(args, 'width');
      const height = numberArg(args, 'height');
      if (width === undefined || height === undefined) return fail({error: 'resize needs numbers width and height (pixels)'});
      const resized = store.resize(id, width, height);
      return resized ? ok({resized: id, size: resized.size}) : notChanged(id);
    }
    case 'style': {
      const input = isObject(args.style) ? args.style : isObject(args.params) ? args.params : {};
      const {styles, refused} = checkStyles(input);
      if (!Object.keys(styles).length) {
        return fail({error: `style needs properties among ${STYLE_PROPERTIES.join(', ')} in "params"`, ...(refused.length ? {refused} : {})});
      }
      const styled = store.style(id, styles);
      if (!styled) return notChanged(id);
      return ok({styled: id, style: styled.style ?? {}, ...(refused.length ? {refused} : {})});
    }
    default: {
      // update
      const definition = rules.catalog.get(current.type);
      if (!definition) return fail({error: `The widget type "${current.type}" is no longer registered; remove the widget instead.`});
      let patch: unknown = args.params;
      if (typeof patch === 'string') {
        try {
          patch = JSON.parse(patch);
        } catch {
          // Reported below as not an object.
        }
      }
      if (!isObject(patch)) return fail({error: 'update needs "params", an object with the params to change (null removes one)'});
      const merged: Record<string, unknown> = {...current.params, ...patch};
      for (const [key, value] of Object.entries(patch)) if (value === null) delete merged[key];
      const span = startValidation(trace, current.type);
      const checked = checkWidgetParams(merged, definition.validator, rules.imageHosts(), [], rules.blockedImages, definition.checkedWhenShown);
      endValidation(span, checked);
      if (!checked.ok) return checked.output;
      if (!store.update(id, checked.params)) return notChanged(id);
      return ok(
        {updated: id, widget: current.type, ...(checked.repairs.length ? {repaired: checked.repairs} : {}), ...(checked.dropped.length ? {dropped_urls: checked.dropped} : {}), ...checkedWhenShownNote(checked.later)},
        {id, widget: current.type, params: checked.params},
      );
    }
  }
}

/** The `canvas` tool of a layer. */
export function canvasToolSpec(rules: DisplayRules): WebMcpToolSpec {
  return {
    name: 'canvas',
    description:
      'Change widgets shown: list, update (params merged; null removes one), move, resize, ' +
      `style (params: ${STYLE_PROPERTIES.join(', ')}), remove, clear. All but list and clear need the id from widget_display.`,
    inputSchema: {
      type: 'object',
      properties: {
        action: {type: 'string', enum: [...CANVAS_ACTIONS]},
        id: {type: 'string'},
        params: {type: 'object'},
        x: {type: 'number'},
        y: {type: 'number'},
        width: {type: 'number'},
        height: {type: 'number'},
      },
      required: ['action'],
    },
    displays: true,
    execute: (args, context) => canvasAction(rules, args, context.widgets, context.trace),
  };
}
