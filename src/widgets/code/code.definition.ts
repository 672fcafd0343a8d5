import {defineElement} from '../../define-element.js';
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/code.validator.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiCodeWidget, type CodeParams} from './code.js';
import recipe from './code.recipe.md?raw';

/** The `code` widget: a block of code or query text (SQL, JSON, shell) with a copy button. */
export const codeWidget: WidgetDefinition<CodeParams> = {
  type: 'code',
  tagName: 'autoui-code',
  description: 'Code or query text, copyable.',
  schema,
  validator: fromStandaloneValidator<CodeParams>(validate, schema),
  recipe,
  load: async () => defineElement('autoui-code', AutouiCodeWidget),
};
