/**
 * Entry of `autoui-agent/widgets` (`dist/widgets.js` for script tags): the widgets with their
 * elements, for a page that drives an `AgentSession` from `autoui-agent/core` with its own UI and
 * shows the session's widgets itself: `<autoui-canvas>`, the catalogue bound to its elements
 * (`createDefaultRegistry`), the registry for a page's own widget elements, and the base class of
 * the widget elements. Lit classes live here and in `autoui-agent`, never in the DOM-free core.
 * Importing it defines nothing; `defineCanvasElements()` does.
 */
export {AutouiCanvas, defineCanvasElements} from './canvas/autoui-canvas.js';
export type {RunRetryDetail, WidgetFailedDetail, WidgetRenderedDetail} from './canvas/autoui-canvas.js';
export {createDefaultRegistry, builtinWidgets} from './widgets/catalog.js';
export {WidgetRegistry, pageWidgetDefinition} from './widgets/widget-registry.js';
export type {PageWidgetSpec} from './widgets/widget-registry.js';
export type {HostWidgetDefinition, WidgetBinding, WidgetDefinition} from './widgets/widget-definition.js';
export {AutouiWidgetElement} from './widgets/widget-element.js';
export type {WidgetEnvironment} from './widgets/widget-context.js';
