import {css, html, nothing, type PropertyValues} from 'lit';
import {state} from 'lit/decorators.js';
import {styleMap} from 'lit/directives/style-map.js';
import {AutouiWidgetElement} from '../widget-element.js';
import {clip} from '../common/safe-values.js';
import {pickTexts} from '../../policy/language.js';
import {textTable, type TextsOf} from '../../policy/text-table.js';
import {safeHref} from '../../policy/url-rules.js';
import {cellValue, resolveColumns, sortOrder, toNumber, type ResolvedColumn, type SortDirection, type TableProps, type TableRow} from './table-data.js';
import {csvFileName, toCsv} from './table-csv.js';
import {tableStyles} from './table.styles.js';
import {cellRefusal, ShownRowChecks, type RefusedCell} from './table-urls.js';
import {widgetStyles} from '../common/widget-styles.js';

/** Height of one row in pixels; windowing relies on every row having exactly this height. */
export const ROW_HEIGHT = 36;
/** Rows rendered above and below the visible ones, so fast scrolling shows no gap. */
const OVERSCAN = 8;

/** Runs `task` once the browser is idle (soon after, where it cannot say). */
const whenIdle = (task: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, {timeout: 500});
  else setTimeout(task, 50);
};

const STRINGS = textTable(
  {rows: (n: string) => `${n} rows`, export: 'Download CSV', empty: 'No rows.', yes: 'yes', no: 'no', sortBy: 'Sort by'},
  {rows: (n: string) => `${n} lignes`, export: 'Télécharger en CSV', empty: 'Aucune ligne.', yes: 'oui', no: 'non', sortBy: 'Trier par'},
);

/**
 * @tagname autoui-table
 * @summary A data table: sortable typed columns, smooth scrolling through thousands of rows
 * (only the visible rows are in the DOM) and CSV export.
 *
 * Columns are sorted by clicking (or pressing Enter/Space on) their header; numbers are
 * right-aligned and formatted in the element's language, dates formatted, URLs shown as safe
 * links (http(s) only). A row's URLs are checked when the row is first drawn, and a refused one is
 * shown as an empty cell and listed in `droppedUrls`. The CSV export keeps the current order and neutralises spreadsheet formulas.
 *
 * @csspart header - The line above the table (title, row count, export button).
 * @csspart title - The table title.
 * @csspart export-button - The CSV download button.
 * @csspart table - The scrolling table (`role="table"`).
 * @csspart column-header - Each column header cell.
 * @csspart row - Each rendered body row.
 * @csspart cell - Each body cell.
 *
 * @cssproperty --autoui-table-border-color - Borders and row separators.
 * @cssproperty --autoui-table-header-background - Background of the column headers.
 * @cssproperty --autoui-table-stripe-background - Background of every other row.
 * @cssproperty --autoui-table-max-height - Height after which the table scrolls (default 24rem).
 * @cssproperty --autoui-color-border - Global border colour, used when no table colour is set.
 * @cssproperty --autoui-color-surface-variant - Global secondary background.
 */
export class AutouiTableWidget extends AutouiWidgetElement<TableProps> {
  static override styles = css`${widgetStyles}${tableStyles}`;

  @state() private sortKey?: string;
  @state() private sortDirection: SortDirection = 'ascending';
  /** Index (in display order) of the first row rendered. */
  @state() private firstRow = 0;
  /**
   * How many rows fit in the viewport, measured on scroll and resize. Until then, what the
   * default height (24rem at 16px: 384 px) shows, so a table at that height is drawn once, with
   * no rows the first measure would take away.
   */
  @state() private visibleRows = 11;
  /**
   * Rows rendered beyond the visible ones: none on the first render, so the rows a person sees
   * come first (nearly half the cells less), then {@link OVERSCAN} once the browser is idle or
   * the table scrolls.
   */
  @state() private overscan = 0;

  private columns: ResolvedColumn[] = [];
  private order: number[] = [];
  private resizeObserver?: ResizeObserver;
  private readonly urlChecks = new ShownRowChecks();

  /**
   * The cells refused so far, `{path, reason}` as `widget_display`'s `dropped_urls` names them
   * (`/rows/9999/site`): only rows drawn so far are checked, so this grows as the table scrolls.
   */
  get droppedUrls(): readonly RefusedCell[] {
    return this.urlChecks.refused;
  }

  /** Rows in display order (after sorting), as row indices into `params.rows`. */
  get displayOrder(): readonly number[] {
    return this.order;
  }

  protected override willUpdate(changed: PropertyValues): void {
    const rows = this.params?.rows ?? [];
    if (changed.has('params')) {
      this.urlChecks.reset();
      this.columns = resolveColumns({...this.params, rows});
      if (this.sortKey && !this.columns.some((c) => c.key === this.sortKey)) this.sortKey = undefined;
    }
    if (changed.has('params') || changed.has('sortKey') || changed.has('sortDirection') || changed.has('environment')) {
      const column = this.columns.find((c) => c.key === this.sortKey);
      this.order = sortOrder(rows, column, this.sortDirection, this.environment.locale);
    }
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.resizeObserver = new ResizeObserver(() => this.measure());
    if (this.hasUpdated) this.observeViewport();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver?.disconnect();
  }

  protected override firstUpdated(): void {
    this.observeViewport();
    whenIdle(() => (this.overscan = OVERSCAN));
  }

  /** Only the title wraps: cells and headers stay on one line, clipped (see the base class). */
  protected override wrappingText(): unknown {
    return this.params?.title;
  }

  private observeViewport(): void {
    const viewport = this.renderRoot.querySelector('.viewport');
    if (viewport) this.resizeObserver?.observe(viewport);
  }

  /** Recomputes the window from the viewport's scroll position and height. */
  private measure = (): void => {
    const viewport = this.renderRoot.querySelector<HTMLElement>('.viewport');
    if (!viewport) return;
    // The sticky header scrolls with the content, so body row k starts at (k + 1) * ROW_HEIGHT.
    this.firstRow = Math.max(0, Math.floor(viewport.scrollTop / ROW_HEIGHT) - 1);
    this.visibleRows = Math.max(1, Math.ceil(viewport.clientHeight / ROW_HEIGHT));
    if (viewport.scrollTop > 0) this.overscan = OVERSCAN;
  };

  private toggleSort(column: ResolvedColumn): void {
    if (this.sortKey === column.key) this.sortDirection = this.sortDirection === 'ascending' ? 'descending' : 'ascending';
    else {
      this.sortKey = column.key;
      this.sortDirection = 'ascending';
    }
  }

  /** Downloads the table (all rows, current order) as a CSV file. */
  exportCsv(): void {
    // The BOM makes spreadsheet programs read accented text as UTF-8.
    const blob = new Blob(['\uFEFF', toCsv(this.columns, this.params.rows, this.order)], {type: 'text/csv;charset=utf-8'});
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = csvFileName(this.params.title);
    link.hidden = true;
    this.renderRoot.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  override render() {
    const t = pickTexts(this.environment.language, STRINGS);
    const rows = this.params?.rows ?? [];
    const title = this.params?.title;
    const start = Math.max(0, this.firstRow - this.overscan);
    const end = Math.min(rows.length, this.firstRow + this.visibleRows + this.overscan);
    const gridColumns = {'--_columns': `repeat(${Math.max(1, this.columns.length)}, minmax(7rem, 1fr))`};
    return html`
      <div part="header" class="header">
        ${title ? html`<h3 part="title" class="title">${clip(title, 300)}</h3>` : html`<span class="title"></span>`}
        <span class="count" dir="auto">${t.rows(this.formatNumber(rows.length))}</span>
        <button part="export-button" class="export" type="button" @click=${this.exportCsv} ?disabled=${!rows.length}>${t.export}</button>
      </div>
      <div part="table" class="viewport" role="table" tabindex="0" aria-label=${title ? clip(title, 300) : nothing}
        aria-rowcount=${rows.length + 1} style=${styleMap(gridColumns)} @scroll=${this.measure}>
        <div role="rowgroup" class="head">
          <div role="row" class="row" aria-rowindex="1">${this.columns.map((c) => this.renderHeader(c, t.sortBy))}</div>
        </div>
        <div role="rowgroup" class="body" style=${styleMap({height: `${rows.length * ROW_HEIGHT}px`})}>
          ${this.order.slice(start, end).map((rowIndex, k) => this.renderRow(rows[rowIndex], rowIndex, start + k, t))}
        </div>
      </div>
      ${rows.length ? nothing : html`<p class="empty">${t.empty}</p>`}
    `;
  }

  private renderHeader(column: ResolvedColumn, sortBy: string) {
    const sorted = this.sortKey === column.key ? this.sortDirection : undefined;
    const arrow = sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕';
    return html`<div part="column-header" role="columnheader" class="cell ${column.type === 'number' ? 'end' : ''}" aria-sort=${sorted ?? 'none'}>
      <button class="sort" type="button" title="${sortBy} ${clip(column.label, 100)}" @click=${() => this.toggleSort(column)}>
        <span>${clip(column.label, 200)}</span><span class="arrow" aria-hidden="true">${arrow}</span>
      </button>
    </div>`;
  }

  private renderRow(row: TableRow, rowIndex: number, position: number, t: TextsOf<typeof STRINGS>) {
    this.urlChecks.see(row, rowIndex, this.columns);
    const style = styleMap({top: `${position * ROW_HEIGHT}px`});
    return html`<div part="row" role="row" class=${position % 2 ? 'row odd' : 'row'} aria-rowindex=${position + 2} style=${style}>${this.columns.map((c) =>
      this.renderCell(cellValue(row, c), c, t),
    )}</div>`;
  }

  /** One cell, one template: a cell is drawn for every visible row and column, so each template counts. */
  private renderCell(value: unknown, column: ResolvedColumn, t: TextsOf<typeof STRINGS>) {
    // A refused URL is left out, as widget_display leaves out what its rules refuse.
    const empty = value === null || value === undefined || value === '' || cellRefusal(value, column) !== undefined;
    const href = column.type === 'url' && !empty ? safeHref(value) : undefined;
    if (href) {
      return html`<div part="cell" role="cell" class="cell"><a href=${href} target="_blank" rel="noopener noreferrer">${clip(cellText(value), 200)}</a></div>`;
    }
    const text = empty ? '' : this.shownText(value, column, t);
    const title = !empty && column.type === 'string' && text.length > 40 ? clip(cellText(value), 1000) : undefined;
    return html`<div part="cell" role="cell" class=${column.type === 'number' ? 'cell end' : 'cell'}><span title=${title ?? nothing}>${text}</span></div>`;
  }

  /** The text of a non-empty cell as shown: formatted in the element's language for its column's type, clipped. */
  private shownText(value: unknown, column: ResolvedColumn, t: TextsOf<typeof STRINGS>): string {
    switch (column.type) {
      case 'number': {
        const n = toNumber(value);
        return n === undefined ? clip(cellText(value)) : this.formatNumber(n);
      }
      case 'date':
        return clip(typeof value === 'string' || typeof value === 'number' ? this.formatDate(value) : cellText(value));
      case 'boolean':
        return value === true || value === 'true' ? t.yes : value === false || value === 'false' ? t.no : clip(cellText(value));
      default:
        return clip(cellText(value));
    }
  }
}

/** A cell's raw value as text (objects as JSON). */
const cellText = (value: unknown): string => (typeof value === 'object' ? JSON.stringify(value) : String(value));
