import {defineElement} from '../../define-element.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {mapSpec} from './map.contract.js';
import type {MapProps} from './map-data.js';

/** The `map` widget with its element, `<autoui-map>`: the element, Leaflet and its CSS arrive as a lazy chunk on first use. */
export const mapWidget: WidgetDefinition<MapProps> = {
  ...mapSpec,
  tagName: 'autoui-map',
  async load() {
    const {AutouiMapWidget} = await import('./map.js');
    defineElement('autoui-map', AutouiMapWidget);
  },
};
