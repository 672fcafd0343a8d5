import {defineElement} from '../../define-element.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiHemicycleWidget} from './hemicycle.js';
import {hemicycleSpec, type HemicycleProps} from './hemicycle.contract.js';

/** The `hemicycle` widget with its element, `<autoui-hemicycle>`. */
export const hemicycleWidget: WidgetDefinition<HemicycleProps> = {
  ...hemicycleSpec,
  tagName: 'autoui-hemicycle',
  async load() {
    defineElement('autoui-hemicycle', AutouiHemicycleWidget);
  },
};
