import {defineElement} from '../../define-element.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiCodeWidget} from './code.js';
import {codeSpec, type CodeParams} from './code.contract.js';

/** The `code` widget with its element, `<autoui-code>`. */
export const codeWidget: WidgetDefinition<CodeParams> = {
  ...codeSpec,
  tagName: 'autoui-code',
  load: async () => defineElement('autoui-code', AutouiCodeWidget),
};
