/**
 * Entry of `dist/autoui-agent.js`, the ES build a page loads with one `<script type="module">`:
 * defines the elements and exports their classes. It stays small on purpose: the agent core,
 * providers and widgets arrive in a lazy chunk after the element's first render, the MCP client,
 * chart.js, leaflet and the markdown renderer with their first use. The core's API is the
 * `autoui-agent/core` entry (`dist/core.js`); every type is exported here too.
 */
import './define.js';

export {AutouiAgent} from './element/autoui-agent.js';
export {AutouiServer} from './element/autoui-server.js';
export {defineElement} from './define-element.js';
export type * from './index.js';
