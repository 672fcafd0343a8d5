/**
 * The `table` widget without its element: what is validated and what the model reads. DOM-free (no
 * Lit, no element), like every widget's `*.contract.ts`: see ../builtin-specs.ts.
 */
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/table.validator.js';
import type {WidgetTypeSpec} from '../widget-definition.js';
import type {TableProps} from './table-data.js';
import recipe from './table.recipe.md?raw';

/** The `table` widget: sortable typed columns, windowed rows, CSV export. */
export const tableSpec: WidgetTypeSpec<TableProps> = {
  type: 'table',
  description: 'Rows under sortable typed columns, thousands of them.',
  schema,
  validator: fromStandaloneValidator<TableProps>(validate, schema),
  recipe,
  layout: 'wide',
  // The table checks a row's URL cells when it draws the row (table-urls.ts): only the rows shown.
  checkedWhenShown: ['rows'],
};
