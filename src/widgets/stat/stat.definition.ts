import {defineElement} from '../../define-element.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiStatWidget} from './stat.js';
import {statSpec, type StatParams} from './stat.contract.js';

/** The `stat` widget with its element, `<autoui-stat>`. */
export const statWidget: WidgetDefinition<StatParams> = {
  ...statSpec,
  tagName: 'autoui-stat',
  load: async () => defineElement('autoui-stat', AutouiStatWidget),
};
