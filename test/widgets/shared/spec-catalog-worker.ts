/**
 * Runs the built-in catalogue's DOM-free half inside a Web Worker, where there is no DOM: the
 * `autoui` layer over `builtinWidgetCatalog()` validates `widget_display` calls and shows widgets on
 * a store. Posts what happened back to the page.
 */
import {builtinWidgetCatalog, builtinWidgetSpecs} from '../../../src/widgets/builtin-specs.js';
import {createAutouiLayer} from '../../../src/webmcp/autoui-layer.js';
import {WidgetStore} from '../../../src/session/widget-store.js';

const store = new WidgetStore();
const layer = createAutouiLayer({catalog: builtinWidgetCatalog(), imageHosts: () => []});
const context = {signal: new AbortController().signal, callId: 'c1', reportProgress() {}, widgets: store};
const shown = await layer.execute!('widget_display', {name: 'stat', params: {label: 'Answer', value: 42}}, context);
const refused = await layer.execute!('widget_display', {name: 'stat', params: {value: 'no label'}}, context);
const hostOnly = await layer.execute!('widget_display', {name: 'mcp-app', params: {server: 's', channel: 'c', tool: 't', resourceUri: 'ui://x'}}, context);
postMessage({
  hasDocument: typeof (globalThis as {document?: unknown}).document !== 'undefined',
  types: builtinWidgetSpecs().map((s) => s.type),
  shown: !shown.isError,
  refused: refused.isError === true,
  hostOnly: hostOnly.isError === true,
  widgets: store.list().map(({type, params}) => ({type, params})),
});
