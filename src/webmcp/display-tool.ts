/**
 * `widget_display({name, params})`: resolve the widget → repair common mistakes → validate → URL
 * rules → show it on the canvas of the call (the session's sink, which asks the page first) →
 * `{widget, id}`. Every failure is a result the model can act on: the validation details with the
 * expected schema, the list of known widgets, or the page's refusal.
 */
import type {ToolExecutionContext, ToolOutput} from '../agent/types.js';
import type {WidgetSink} from '../agent/widget-sink.js';
import type {TraceSpan} from '../telemetry/agent-tracer.js';
import {repairCall} from './repair-params.js';
import {findWidget} from './find-widget.js';
import {checkWidgetParams, checkedWhenShownNote, endValidation, startValidation} from './widget-params.js';
import {previewWidget} from './widget-preview.js';
import {restoreWidget} from './restore-widget.js';
import type {DisplayRules} from './display-rules.js';
import type {WebMcpToolSpec} from './webmcp-server.js';
import {inlineLocalRefs} from '../schema/inline-refs.js';

export type {DisplayRules} from './display-rules.js';

const fail = (value: Record<string, unknown>): ToolOutput => ({text: JSON.stringify(value), isError: true});

/** The answer when a run has no canvas to show anything on (the loop was run without `widgets`). */
export const NO_CANVAS: ToolOutput = fail({error: 'There is no canvas on this page to show widgets on. Answer in words instead.'});

/** Executes one `widget_display` call on `canvas`; `trace`: the call's span, when traced (its check is a `validate_widget` child). */
export function displayWidget(rules: DisplayRules, args: Record<string, unknown>, canvas: WidgetSink | undefined, trace?: TraceSpan): ToolOutput {
  const {name, params, repairs} = repairCall(args ?? {});
  const known = rules.catalog.list().map((d) => d.type);
  if (typeof name !== 'string' || !name) {
    return fail({error: 'widget_display needs "name", the widget type', known_widgets: known});
  }
  const definition = findWidget(rules.catalog, name);
  if (!definition) {
    return fail({error: `Unknown widget "${name}". Use one of: ${known.join(', ')}`, known_widgets: known});
  }
  if (definition.type !== name) repairs.push(`the widget name "${name}" was read as "${definition.type}"`);
  const span = startValidation(trace, definition.type);
  const checked = checkWidgetParams(params, definition.validator, rules.imageHosts(), repairs, rules.blockedImages, definition.checkedWhenShown);
  endValidation(span, checked);
  if (!checked.ok) return checked.output;
  if (!canvas) return NO_CANVAS;
  const instance = canvas.create({type: definition.type, params: checked.params});
  // Not shown: the page vetoed it (a run that has ended also shows nothing, but no model reads that).
  if (!instance) {
    return fail({error: `The ${definition.type} widget was vetoed by the page (autoui-widget-create was cancelled). Do not retry it; tell the user in words instead.`});
  }
  const text = {
    widget: definition.type,
    id: instance.id,
    ...(checked.repairs.length ? {repaired: checked.repairs} : {}),
    ...(checked.dropped.length ? {dropped_urls: checked.dropped} : {}),
    ...checkedWhenShownNote(checked.later),
    ...(checked.gated.length ? {images_behind_a_click: checked.gated} : {}),
  };
  return {text: JSON.stringify(text), data: {widget: definition.type, id: instance.id, params: checked.params}};
}

/** The `widget_display` tool of a layer, describing the catalog's current widgets. */
export function displayToolSpec(rules: DisplayRules): WebMcpToolSpec {
  return {
    name: 'widget_display',
    get description() {
      const list = rules.catalog
        .list()
        .map((d) => `${d.type}: ${d.description}`)
        .join(' ');
      // Terse: this list goes with every request; each widget's recipe has its params and when to use it.
      return `Show a widget on the canvas; read its recipe (get_recipe) for the params. Widgets: ${list}`;
    },
    inputSchema: {
      type: 'object',
      properties: {
        name: {type: 'string', description: 'Widget type'},
        params: {type: 'object'},
      },
      required: ['name', 'params'],
    },
    // For a model a grammar holds to this schema: one branch per widget type the model may write,
    // with its params' own schema, so every call it makes validates (data bindings left out).
    get strictInputSchema() {
      const branches = rules.catalog
        .list()
        .filter((d) => d.schema)
        .map((d) => ({type: 'object', properties: {name: {type: 'string', enum: [d.type]}, params: inlineLocalRefs(d.schema)}, required: ['name', 'params'], additionalProperties: false}));
      return {anyOf: branches};
    },
    displays: true,
    execute: (args, context: ToolExecutionContext) => displayWidget(rules, args, context.widgets, context.trace),
    preview: (args, finished) => previewWidget(rules, args, finished),
    restore: (widget) => restoreWidget(rules, widget),
  };
}
