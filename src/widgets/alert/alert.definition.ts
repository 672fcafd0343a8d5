import {defineElement} from '../../define-element.js';
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/alert.validator.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiAlertWidget, type AlertParams} from './alert.js';
import recipe from './alert.recipe.md?raw';

/** The `alert` widget: a notice: information, success, warning or error message. */
export const alertWidget: WidgetDefinition<AlertParams> = {
  type: 'alert',
  tagName: 'autoui-alert',
  description: 'A notice: info, success, warning or error.',
  schema,
  validator: fromStandaloneValidator<AlertParams>(validate, schema),
  recipe,
  load: async () => defineElement('autoui-alert', AutouiAlertWidget),
};
