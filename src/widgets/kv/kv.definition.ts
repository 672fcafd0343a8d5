import {defineElement} from '../../define-element.js';
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/kv.validator.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiKvWidget, type KvParams} from './kv.js';
import recipe from './kv.recipe.md?raw';

/** The `kv` widget: key-value pairs: the facts of one thing (a record, a person, a place). */
export const kvWidget: WidgetDefinition<KvParams> = {
  type: 'kv',
  tagName: 'autoui-kv',
  description: 'The facts of one thing, as key-value pairs.',
  schema,
  validator: fromStandaloneValidator<KvParams>(validate, schema),
  recipe,
  load: async () => defineElement('autoui-kv', AutouiKvWidget),
};
