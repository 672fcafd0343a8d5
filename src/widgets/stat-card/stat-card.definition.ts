import {defineElement} from '../../define-element.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiStatCardWidget} from './stat-card.js';
import {statCardSpec, type StatCardParams} from './stat-card.contract.js';

/** The `stat-card` widget with its element, `<autoui-stat-card>`. */
export const statCardWidget: WidgetDefinition<StatCardParams> = {
  ...statCardSpec,
  tagName: 'autoui-stat-card',
  load: async () => defineElement('autoui-stat-card', AutouiStatCardWidget),
};
