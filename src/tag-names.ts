/**
 * Every tag autoui-agent defines, with its class: the element, its parts and the 17 widgets
 * (widgets are defined on first use, but their tags are known). Merged into the DOM's
 * `HTMLElementTagNameMap`, so `document.querySelector('autoui-agent')` and
 * `document.createElement('autoui-chart')` are typed in any TypeScript app importing
 * `autoui-agent`. Types only: nothing here reaches the built JavaScript.
 */
import type {AutouiAgent} from './element/autoui-agent.js';
import type {AutouiAlertWidget} from './widgets/alert/alert.js';
import type {AutouiCanvas} from './canvas/autoui-canvas.js';
import type {AutouiCardsWidget} from './widgets/cards/cards.js';
import type {AutouiChartWidget} from './widgets/chart/chart.js';
import type {AutouiCodeWidget} from './widgets/code/code.js';
import type {AutouiComposer} from './element/parts/autoui-composer.js';
import type {AutouiConsole} from './element/console/autoui-console.js';
import type {AutouiGalleryWidget} from './widgets/gallery/gallery.js';
import type {AutouiHemicycleWidget} from './widgets/hemicycle/hemicycle.js';
import type {AutouiJsonWidget} from './widgets/json/json.js';
import type {AutouiKvWidget} from './widgets/kv/kv.js';
import type {AutouiListWidget} from './widgets/list/list.js';
import type {AutouiMapWidget} from './widgets/map/map.js';
import type {AutouiMarkdownWidget} from './widgets/markdown/markdown.js';
import type {AutouiMcpAppWidget} from './widgets/mcp-app/autoui-mcp-app.js';
import type {AutouiProfileWidget} from './widgets/profile/profile.js';
import type {AutouiServer} from './element/servers/autoui-server.js';
import type {AutouiStatWidget} from './widgets/stat/stat.js';
import type {AutouiStatCardWidget} from './widgets/stat-card/stat-card.js';
import type {AutouiTableWidget} from './widgets/table/table.js';
import type {AutouiTagsWidget} from './widgets/tags/tags.js';
import type {AutouiTimelineWidget} from './widgets/timeline/timeline.js';
import type {AutouiTranscript} from './element/parts/autoui-transcript.js';

/** Each tag of autoui-agent and the class of its elements. */
export interface AutouiTagNameMap {
  'autoui-agent': AutouiAgent;
  'autoui-alert': AutouiAlertWidget;
  'autoui-canvas': AutouiCanvas;
  'autoui-cards': AutouiCardsWidget;
  'autoui-chart': AutouiChartWidget;
  'autoui-code': AutouiCodeWidget;
  'autoui-composer': AutouiComposer;
  'autoui-console': AutouiConsole;
  'autoui-gallery': AutouiGalleryWidget;
  'autoui-hemicycle': AutouiHemicycleWidget;
  'autoui-json': AutouiJsonWidget;
  'autoui-kv': AutouiKvWidget;
  'autoui-list': AutouiListWidget;
  'autoui-map': AutouiMapWidget;
  'autoui-markdown': AutouiMarkdownWidget;
  'autoui-mcp-app': AutouiMcpAppWidget;
  'autoui-profile': AutouiProfileWidget;
  'autoui-server': AutouiServer;
  'autoui-stat': AutouiStatWidget;
  'autoui-stat-card': AutouiStatCardWidget;
  'autoui-table': AutouiTableWidget;
  'autoui-tags': AutouiTagsWidget;
  'autoui-timeline': AutouiTimelineWidget;
  'autoui-transcript': AutouiTranscript;
}

declare global {
  interface HTMLElementTagNameMap extends AutouiTagNameMap {}
}
