/**
 * What `<autoui-agent>` adds to its session, loaded as one lazy chunk after the element's first
 * render (or by the first question): the widget catalogue with its validators and recipes, the
 * `autoui` layer over it, and the approval cards (a person is only asked during a question). The session loads the loop and the providers on its own
 * (session/run-engine.ts); the MCP client, chart.js, leaflet and the markdown renderer are further
 * chunks, loaded on their first use. Keeping all of them out of the element's module keeps the
 * first load of a page small.
 */
export {createAutouiLayer} from '../webmcp/autoui-layer.js';
export {createDefaultRegistry} from '../widgets/catalog.js';
export {approvalView} from './approvals/approval-card.js';
export {ApprovalCards} from './approvals/approval-cards.js';
export {sessionSettings} from './session-settings.js';
