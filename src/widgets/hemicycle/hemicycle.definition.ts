import type {WidgetDefinition} from '../widget-definition.js';
import {fromStandaloneValidator} from '../../schema/validator.js';
import {defineElement} from '../../define-element.js';
import {schema, validate} from '../../generated/hemicycle.validator.js';
import recipe from './hemicycle.recipe.md?raw';
import {AutouiHemicycleWidget, type HemicycleProps} from './hemicycle.js';

/** The `hemicycle` widget: seats of an assembly by group, as an SVG half circle. */
export const hemicycleWidget: WidgetDefinition<HemicycleProps> = {
  type: 'hemicycle',
  tagName: 'autoui-hemicycle',
  description: 'Parliament seats by group.',
  schema,
  validator: fromStandaloneValidator<HemicycleProps>(validate, schema),
  recipe,
  async load() {
    defineElement('autoui-hemicycle', AutouiHemicycleWidget);
  },
};
