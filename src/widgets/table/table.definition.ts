import {defineElement} from '../../define-element.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {tableSpec} from './table.contract.js';
import type {TableProps} from './table-data.js';

/** The `table` widget with its element, `<autoui-table>` (loaded on first use). */
export const tableWidget: WidgetDefinition<TableProps> = {
  ...tableSpec,
  tagName: 'autoui-table',
  async load() {
    const {AutouiTableWidget} = await import('./table.js');
    defineElement('autoui-table', AutouiTableWidget);
  },
};
