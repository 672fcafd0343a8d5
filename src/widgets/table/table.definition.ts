import type {WidgetDefinition} from '../widget-definition.js';
import {fromStandaloneValidator} from '../../schema/validator.js';
import {defineElement} from '../../define-element.js';
import {schema, validate} from '../../generated/table.validator.js';
import recipe from './table.recipe.md?raw';
import type {TableProps} from './table-data.js';

/** The `table` widget: sortable typed columns, windowed rows, CSV export. The element loads on first use. */
export const tableWidget: WidgetDefinition<TableProps> = {
  type: 'table',
  tagName: 'autoui-table',
  description: 'Rows under sortable typed columns, thousands of them.',
  schema,
  validator: fromStandaloneValidator<TableProps>(validate, schema),
  recipe,
  async load() {
    const {AutouiTableWidget} = await import('./table.js');
    defineElement('autoui-table', AutouiTableWidget);
  },
};
