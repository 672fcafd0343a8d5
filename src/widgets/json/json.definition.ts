import {defineElement} from '../../define-element.js';
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/json.validator.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiJsonWidget, type JsonParams} from './json.js';
import recipe from './json.recipe.md?raw';

/** The `json` widget: a collapsible viewer for raw JSON data. */
export const jsonWidget: WidgetDefinition<JsonParams> = {
  type: 'json',
  tagName: 'autoui-json',
  description: 'Raw JSON, collapsible.',
  schema,
  validator: fromStandaloneValidator<JsonParams>(validate, schema),
  recipe,
  load: async () => defineElement('autoui-json', AutouiJsonWidget),
};
