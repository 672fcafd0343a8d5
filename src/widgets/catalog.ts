/**
 * The built-in catalogue with its elements: every widget `<autoui-agent>` can show out of the box.
 * Only the definitions (spec, tag, a `load()`) are imported here; chart.js, leaflet and marked come
 * with their widget's element, on first use. Its DOM-free half (the specs alone, for a Worker) is
 * builtin-specs.ts.
 */
import type {WidgetDefinition} from './widget-definition.js';
import {WidgetRegistry} from './widget-registry.js';
import {statWidget} from './stat/stat.definition.js';
import {statCardWidget} from './stat-card/stat-card.definition.js';
import {kvWidget} from './kv/kv.definition.js';
import {listWidget} from './list/list.definition.js';
import {tableWidget} from './table/table.definition.js';
import {chartWidget} from './chart/chart.definition.js';
import {mapWidget} from './map/map.definition.js';
import {galleryWidget} from './gallery/gallery.definition.js';
import {markdownWidget} from './markdown/markdown.definition.js';
import {alertWidget} from './alert/alert.definition.js';
import {codeWidget} from './code/code.definition.js';
import {jsonWidget} from './json/json.definition.js';
import {timelineWidget} from './timeline/timeline.definition.js';
import {profileWidget} from './profile/profile.definition.js';
import {cardsWidget} from './cards/cards.definition.js';
import {tagsWidget} from './tags/tags.definition.js';
import {hemicycleWidget} from './hemicycle/hemicycle.definition.js';
import {mcpAppWidget} from './mcp-app/mcp-app.definition.js';

/** Every built-in widget definition, in the order the model sees them. */
export const builtinWidgets = [
  statWidget,
  statCardWidget,
  kvWidget,
  listWidget,
  tableWidget,
  chartWidget,
  mapWidget,
  galleryWidget,
  markdownWidget,
  alertWidget,
  codeWidget,
  jsonWidget,
  timelineWidget,
  profileWidget,
  cardsWidget,
  tagsWidget,
  hemicycleWidget,
] as const;

/** The built-in widgets only the host shows: an MCP App view. */
const hostWidgets = [mcpAppWidget] as const;

/**
 * A new registry holding every built-in widget, the host-only ones too (one per agent element;
 * pages may add their own).
 */
export function createDefaultRegistry(): WidgetRegistry {
  const registry = new WidgetRegistry();
  for (const definition of builtinWidgets) registry.register(definition as WidgetDefinition<unknown>);
  for (const definition of hostWidgets) registry.register(definition);
  return registry;
}
