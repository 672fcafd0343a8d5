import type {WidgetDefinition} from '../widget-definition.js';
import {fromStandaloneValidator} from '../../schema/validator.js';
import {defineElement} from '../../define-element.js';
import {schema, validate} from '../../generated/map.validator.js';
import recipe from './map.recipe.md?raw';
import type {MapProps} from './map-data.js';

/** The `map` widget (Leaflet). Its element, Leaflet and its CSS arrive as a lazy chunk on first use. */
export const mapWidget: WidgetDefinition<MapProps> = {
  type: 'map',
  tagName: 'autoui-map',
  description: 'Markers, circles, GeoJSON or choropleths on a map.',
  schema,
  validator: fromStandaloneValidator<MapProps>(validate, schema),
  recipe,
  async load() {
    const {AutouiMapWidget} = await import('./map.js');
    defineElement('autoui-map', AutouiMapWidget);
  },
};
