/**
 * The body of the chart's screen-reader table, built once as plain DOM instead of a Lit template
 * per row. Lit keeps a template instance, its parts and their marker comments alive for every row it
 * renders: for the 500 rows of a long series that was about 0.8 MB of JavaScript heap, most of what
 * the chart widget held beyond chart.js's own data. These rows never change in place (new params
 * build a new body), so nothing here needs Lit's updates. Text only: every cell is `textContent`.
 */

/** One row: its first value heads the row (`<th scope="row">`), the others are cells. */
export type TableRowValues = ReadonlyArray<string | number | null>;

/** A `<tbody>` holding `rows`, each value written by `format` as text. */
export function tableBody(rows: readonly TableRowValues[], format: (value: string | number | null) => string): HTMLTableSectionElement {
  const body = document.createElement('tbody');
  for (const [first, ...rest] of rows) {
    const tr = body.insertRow();
    const head = document.createElement('th');
    head.scope = 'row';
    head.textContent = format(first ?? null);
    tr.append(head);
    for (const value of rest) tr.insertCell().textContent = format(value);
  }
  return body;
}
