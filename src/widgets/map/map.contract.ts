/**
 * The `map` widget without its element: what is validated and what the model reads. DOM-free (no
 * Lit, no element), like every widget's `*.contract.ts`: see ../builtin-specs.ts.
 */
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/map.validator.js';
import type {WidgetTypeSpec} from '../widget-definition.js';
import type {MapProps} from './map-data.js';
import recipe from './map.recipe.md?raw';

/** The `map` widget: markers, circles, GeoJSON or choropleths on a Leaflet map. */
export const mapSpec: WidgetTypeSpec<MapProps> = {
  type: 'map',
  description: 'Markers, circles, GeoJSON or choropleths on a map.',
  schema,
  validator: fromStandaloneValidator<MapProps>(validate, schema),
  recipe,
  layout: 'wide',
};
