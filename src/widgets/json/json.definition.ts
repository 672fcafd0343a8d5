import {defineElement} from '../../define-element.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiJsonWidget} from './json.js';
import {jsonSpec, type JsonParams} from './json.contract.js';

/** The `json` widget with its element, `<autoui-json>`. */
export const jsonWidget: WidgetDefinition<JsonParams> = {
  ...jsonSpec,
  tagName: 'autoui-json',
  load: async () => defineElement('autoui-json', AutouiJsonWidget),
};
