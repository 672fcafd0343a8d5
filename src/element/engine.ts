/**
 * What `<autoui-agent>` needs to answer a question, loaded as one lazy chunk after the element's
 * first render (or by the first question): the agent core, the providers, the `autoui` layer and
 * the widget catalogue with its validators and recipes. Keeping them out of the element's own
 * module keeps the first load of a page small; the MCP client, chart.js, leaflet and the markdown
 * renderer are further chunks, loaded on their first use.
 */
export {runAgentLoop} from '../agent/agent-loop.js';
export {ResultBuffer} from '../agent/result-buffer.js';
export {createProvider} from '../providers/index.js';
export {createAutouiLayer} from '../webmcp/index.js';
export {createDefaultRegistry} from '../widgets/catalog.js';
