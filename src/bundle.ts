/**
 * Entry of `dist/autoui-agent.js`, the ES build a page loads with one `<script type="module">`:
 * defines the elements and exports their classes. It stays small on purpose: the agent core,
 * providers and widgets arrive in lazy chunks after the element's first render, the MCP client,
 * chart.js, leaflet and the markdown renderer with their first use. The core's API is the
 * `autoui-agent/core` entry (`dist/core.js`); its types, and those of the element's events, are
 * exported here too, so a bundler user imports every type from one place.
 */
import './define.js';

export {AutouiAgent} from './element/autoui-agent.js';
export {AutouiServer} from './element/servers/autoui-server.js';
export {defineElement} from './define-element.js';
// Every tag with its class, also merged into HTMLElementTagNameMap.
export type {AutouiTagNameMap} from './tag-names.js';
export type {
  AutouiDomEventMap,
  AutouiEventMap,
  AutouiFileDetail,
  ErrorDetail,
  MessageDetail,
  ModelDownloadDetail,
  RestoredDetail,
  RunEndDetail,
  RunStartDetail,
  ServerErrorDetail,
  ServerReadyDetail,
  SignInDetail,
  ElicitationDetail,
  SuggestionDetail,
  TextDetail,
  ToolApprovalDetail,
  ToolCallDetail,
  WidgetCreateDetail,
  WidgetCreatedDetail,
  WidgetRemovedDetail,
  WidgetUpdatedDetail,
} from './element/events.js';
// Every type of autoui-agent/core and autoui-agent/widgets, their classes included (their values
// come from those entries).
export type * from './core.js';
export type * from './widgets-entry.js';
