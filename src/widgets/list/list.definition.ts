import {defineElement} from '../../define-element.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiListWidget} from './list.js';
import {listSpec, type ListParams} from './list.contract.js';

/** The `list` widget with its element, `<autoui-list>`. */
export const listWidget: WidgetDefinition<ListParams> = {
  ...listSpec,
  tagName: 'autoui-list',
  load: async () => defineElement('autoui-list', AutouiListWidget),
};
