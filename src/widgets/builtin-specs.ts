/**
 * The built-in catalogue without its elements: for each built-in widget, its type, JSON Schema,
 * validator, recipe and layout, and for the host-only ones their type and layout. DOM-free: no
 * Lit, no element class, no DOM is reachable from here, so a Web Worker can import it to validate
 * `widget_display` calls (`createAutouiLayer({catalog: builtinWidgetCatalog(), ...})`). The
 * elements are bound in catalog.ts (`createDefaultRegistry`), for the page.
 */
import type {WidgetCatalog, WidgetSpec} from '../schema/widget-spec.js';
import {offeredToModel, type HostWidgetSpec, type WidgetTypeSpec} from './widget-definition.js';
import {statSpec} from './stat/stat.contract.js';
import {statCardSpec} from './stat-card/stat-card.contract.js';
import {kvSpec} from './kv/kv.contract.js';
import {listSpec} from './list/list.contract.js';
import {tableSpec} from './table/table.contract.js';
import {chartSpec} from './chart/chart.contract.js';
import {mapSpec} from './map/map.contract.js';
import {gallerySpec} from './gallery/gallery.contract.js';
import {markdownSpec} from './markdown/markdown.contract.js';
import {alertSpec} from './alert/alert.contract.js';
import {codeSpec} from './code/code.contract.js';
import {jsonSpec} from './json/json.contract.js';
import {timelineSpec} from './timeline/timeline.contract.js';
import {profileSpec} from './profile/profile.contract.js';
import {cardsSpec} from './cards/cards.contract.js';
import {tagsSpec} from './tags/tags.contract.js';
import {hemicycleSpec} from './hemicycle/hemicycle.contract.js';
import {mcpAppSpec} from './mcp-app/mcp-app.contract.js';

/** In the order the model sees them (catalog.ts binds them in the same order). */
const MODEL_SPECS = [
  statSpec,
  statCardSpec,
  kvSpec,
  listSpec,
  tableSpec,
  chartSpec,
  mapSpec,
  gallerySpec,
  markdownSpec,
  alertSpec,
  codeSpec,
  jsonSpec,
  timelineSpec,
  profileSpec,
  cardsSpec,
  tagsSpec,
  hemicycleSpec,
] as readonly WidgetTypeSpec<unknown>[] as readonly WidgetTypeSpec[];

const HOST_SPECS: readonly HostWidgetSpec[] = [mcpAppSpec];

/** Every built-in widget the model may show, in the order it sees them: specs without elements. */
export function builtinWidgetSpecs(): readonly WidgetTypeSpec[] {
  return MODEL_SPECS;
}

/** The built-in widgets only the host shows (an MCP App view): their type and layout. */
export function builtinHostWidgetSpecs(): readonly HostWidgetSpec[] {
  return HOST_SPECS;
}

/**
 * A catalogue over `specs`, as the `autoui` layer reads one (`createAutouiLayer({catalog})`): found
 * by type, listed in order, host-only specs left out (like a widget registry's).
 */
export function specCatalog(specs: readonly WidgetTypeSpec[]): WidgetCatalog {
  const offered = specs.filter(offeredToModel);
  const byType = new Map<string, WidgetSpec>(offered.map((spec) => [spec.type, spec]));
  return {get: (type) => byType.get(type), list: () => offered};
}

/** The built-in widgets as a catalogue, for a layer that validates calls away from the page (a Worker). */
export function builtinWidgetCatalog(): WidgetCatalog {
  return specCatalog(MODEL_SPECS);
}
