import {css, html, nothing, type PropertyValues} from 'lit';
import {state} from 'lit/decorators.js';
import {styleMap} from 'lit/directives/style-map.js';
import type {ChartConfiguration} from 'chart.js';
import {AutouiWidgetElement} from '../widget-element.js';
import {ChartController} from './chart-controller.js';
import {clip} from '../common/safe-values.js';
import {pickTexts} from '../../policy/language.js';
import {textTable} from '../../policy/text-table.js';
import {chartConfig} from './chart-config.js';
import {widgetStyles} from '../common/widget-styles.js';
import {chartTable, type ChartProps} from './chart-data.js';
import {tableBody} from './chart-table-body.js';

const STRINGS = textTable(
  {
    kinds: {bar: 'Bar chart', line: 'Line chart', area: 'Area chart', pie: 'Pie chart', doughnut: 'Doughnut chart', scatter: 'Scatter plot', bubble: 'Bubble chart', radar: 'Radar chart', polarArea: 'Polar area chart'},
    summary: (series: number, points: number) => `${series} series, ${points} values. The data table follows.`,
    draftSummary: (series: number, points: number) => `${series} series, ${points} values so far.`,
    data: 'Chart data',
    firstRows: (shown: number, total: number) => `Chart data: the first ${shown} of ${total} rows`,
  },
  {
    kinds: {bar: 'Diagramme en barres', line: 'Graphique en courbes', area: 'Graphique en aires', pie: 'Diagramme circulaire', doughnut: 'Diagramme en anneau', scatter: 'Nuage de points', bubble: 'Graphique à bulles', radar: 'Graphique radar', polarArea: 'Diagramme polaire'},
    summary: (series: number, points: number) => `${series} série(s), ${points} valeurs. Le tableau des données suit.`,
    draftSummary: (series: number, points: number) => `${series} série(s), ${points} valeurs pour l'instant.`,
    data: 'Données du graphique',
    firstRows: (shown: number, total: number) => `Données du graphique : les ${shown} premières lignes sur ${total}`,
  },
);

/** Rows of the screen-reader table; a longer series is summarised by its first rows. */
const MAX_TABLE_ROWS = 500;

/**
 * @tagname autoui-chart
 * @summary A chart drawn with chart.js: bar, line, area, pie, doughnut, scatter, bubble, radar,
 * polar area; several series, axis titles, and a data table for screen readers.
 *
 * The canvas is an image with a summary label; the same numbers are in a visually hidden table.
 * The chart updates in place when its params change, honours `prefers-reduced-motion`, and is
 * destroyed when the element leaves the page.
 *
 * @csspart title - The chart title.
 * @csspart chart - The box holding the canvas (its height is `params.height`, default 280px).
 * @csspart canvas - The chart canvas.
 * @csspart data-table - The visually hidden data table.
 *
 * @cssproperty --autoui-chart-height - Default height of the drawing area.
 */
export class AutouiChartWidget extends AutouiWidgetElement<ChartProps> {
  static override styles = css`
    ${widgetStyles}
    :host {
      --_height: var(--autoui-chart-height, 280px);
    }
    .chart {
      position: relative;
      width: 100%;
      height: var(--_height);
    }
    .sr-only {
      position: absolute;
      width: 1px;
      height: 1px;
      padding: 0;
      margin: -1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
      border: 0;
    }
  `;

  private configuration?: ChartConfiguration;
  private readonly controller = new ChartController(
    this,
    () => this.renderRoot.querySelector('canvas'),
    () => this.configuration,
  );

  /** The live chart.js instance (undefined before the first render and after removal). */
  get chart() {
    return this.controller.chart;
  }

  /** Set once the chart was a draft: a chart that grew before the reader's eyes needs no entry animation. */
  private grewAsDraft = false;
  /** The params (and text colour) of a draft's last configuration, as JSON: the finished call usually says the same. */
  private draftedParams?: string;
  /** True from the first idle moment after the chart (not a draft) was first drawn: see {@link render}. */
  @state() private tableReady = false;
  #tableScheduled = false;

  protected override willUpdate(changed: PropertyValues): void {
    if (this.draft) this.grewAsDraft = true;
    if (!this.draft && this.params && !this.#tableScheduled) {
      this.#tableScheduled = true;
      const ready = () => (this.tableReady = true);
      if (typeof requestIdleCallback === 'function') requestIdleCallback(ready, {timeout: 500});
      else setTimeout(ready, 50);
    }
    // A finished draft whose params are those it last drew keeps its configuration: no update of
    // the chart at all (chart.js would measure every tick label again for the same picture).
    // The text colour too: a page may style the draft's frame (::part(draft)) unlike the widget's.
    const json = this.draft || this.draftedParams !== undefined ? JSON.stringify([this.params, getComputedStyle(this).color]) : undefined;
    const drawn = this.draftedParams;
    this.draftedParams = this.draft ? json : undefined;
    if (changed.has('params') && !changed.has('environment') && this.configuration && drawn !== undefined && drawn === json) return;
    if (this.params && (changed.has('params') || changed.has('environment') || !this.configuration)) {
      this.configuration = chartConfig(this.params, {
        locale: this.environment.locale,
        textColor: getComputedStyle(this).color || '#1f2937',
        // A draft redraws as points arrive: animating each redraw would keep the main thread busy.
        reducedMotion: this.grewAsDraft || matchMedia('(prefers-reduced-motion: reduce)').matches,
      });
    }
  }

  override render() {
    if (!this.params) return nothing;
    const t = pickTexts(this.environment.language, STRINGS);
    const {title, type, datasets} = this.params;
    // The screen-reader table (up to 500 rows: more DOM than the chart) comes at the first idle
    // moment after the chart is drawn, so the chart shows without waiting for it; a draft (busy,
    // aria-busy) gets it once finished. Until then an empty, hidden table holds its place, so the
    // part is there when the canvas re-exports the widget's parts (::part(chart-data-table)).
    const withTable = !this.draft && this.tableReady;
    const table = withTable ? chartTable(this.params) : {head: [], rows: []};
    // A table of thousands of rows helps no one and costs more to lay out than the chart itself.
    const rows = table.rows.slice(0, MAX_TABLE_ROWS);
    const points = datasets.reduce((n, d) => n + d.data.length, 0);
    const label = `${title ? `${clip(title, 300)}. ` : ''}${t.kinds[type]}. ${(this.draft ? t.draftSummary : t.summary)(datasets.length, points)}`;
    const height = this.params.height ? {'--_height': `${this.params.height}px`} : {};
    return html`
      ${title ? html`<h3 part="title" class="title">${clip(title, 300)}</h3>` : nothing}
      <div part="chart" class="chart" style=${styleMap(height)}>
        <canvas part="canvas" role="img" aria-label=${label}></canvas>
      </div>
      ${withTable ? html`<div class="sr-only"><table part="data-table">
        <caption>${title ? clip(title, 300) : t.data}${rows.length < table.rows.length ? html`<br />${t.firstRows(rows.length, table.rows.length)}` : nothing}</caption>
        <thead><tr>${table.head.map((h, i) => (i === 0 ? html`<td>${clip(h, 200)}</td>` : html`<th scope="col">${clip(h, 200)}</th>`))}</tr></thead>
        ${this.dataBody(rows)}
      </table></div>` : this.draft ? nothing : html`<div class="sr-only"><table part="data-table" hidden></table></div>`}
    `;
  }

  /** The table's rows as DOM, kept while the params, language and locale stay those it was built for. */
  #body?: {rows: number; params: ChartProps; environment: unknown; element: HTMLTableSectionElement};

  private dataBody(rows: ReturnType<typeof chartTable>['rows']) {
    const kept = this.#body;
    if (kept && kept.params === this.params && kept.environment === this.environment && kept.rows === rows.length) return kept.element;
    const element = tableBody(rows, (value) => this.cell(value));
    this.#body = {rows: rows.length, params: this.params!, environment: this.environment, element};
    return element;
  }

  private cell(value: string | number | null) {
    return value === null ? '' : typeof value === 'number' ? this.formatNumber(value) : clip(value, 200);
  }
}
