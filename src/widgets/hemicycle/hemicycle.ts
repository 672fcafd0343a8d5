import {css, html, nothing, svg} from 'lit';
import {styleMap} from 'lit/directives/style-map.js';
import {AutouiWidgetElement} from '../widget-element.js';
import {clip, colorFor} from '../common/safe-values.js';
import {pickTexts} from '../../policy/language.js';
import {textTable} from '../../policy/text-table.js';
import {angleAfter, hemicycleLayout} from './hemicycle-layout.js';
import {widgetStyles} from '../common/widget-styles.js';
import type {HemicycleGroup, HemicycleProps} from './hemicycle.contract.js';

export type {HemicycleGroup, HemicycleProps};

/** Beyond this many seats the dots would be too small to read; only the legend is shown. */
const MAX_DRAWN_SEATS = 5000;
const VACANT_COLOR = '#d1d5db';

const STRINGS = textTable(
  {
    summary: (total: string, parts: string) => `Hemicycle of ${total} seats: ${parts}.`,
    vacant: 'Vacant',
    majority: (n: string) => `Majority: ${n} seats`,
    seats: (n: string) => `${n} seats`,
  },
  {
    summary: (total: string, parts: string) => `Hémicycle de ${total} sièges : ${parts}.`,
    vacant: 'Vacants',
    majority: (n: string) => `Majorité : ${n} sièges`,
    seats: (n: string) => `${n} sièges`,
  },
);

/**
 * @tagname autoui-hemicycle
 * @summary A parliament hemicycle: seats as dots in half rings, coloured by group, with a legend
 * and an optional majority line.
 *
 * Groups fill the hemicycle from left to right in the order given. The drawing is an SVG image
 * whose label sums up the seats; the legend lists each group with its seats and share.
 *
 * @csspart title - The title.
 * @csspart chart - The SVG drawing.
 * @csspart majority - The majority line and its label.
 * @csspart legend - The list of groups.
 * @csspart legend-item - One group of the legend.
 *
 * @cssproperty --autoui-hemicycle-majority-color - Colour of the majority line.
 */
export class AutouiHemicycleWidget extends AutouiWidgetElement<HemicycleProps> {
  static override styles = css`
    ${widgetStyles}
    :host {
      --_majority: var(--autoui-hemicycle-majority-color, currentColor);
    }
    svg {
      display: block;
      width: 100%;
      max-width: 640px;
      height: auto;
      margin-inline: auto;
    }
    .majority-line {
      stroke: var(--_majority);
      stroke-dasharray: 0.03 0.02;
      stroke-width: 0.008;
    }
    .majority-label {
      text-align: center;
      font-size: 0.8125rem;
      margin: 2px 0 0;
    }
    ul {
      display: flex;
      flex-wrap: wrap;
      justify-content: center;
      gap: 4px 12px;
      list-style: none;
      margin: var(--_space-s) 0 0;
      padding: 0;
      font-size: 0.875rem;
    }
    li {
      display: flex;
      align-items: center;
      gap: 6px;
      font-variant-numeric: tabular-nums;
      overflow-wrap: anywhere;
    }
    .swatch {
      flex: none;
      width: 12px;
      height: 12px;
      border-radius: 50%;
    }
    .count {
      font-weight: 600;
    }
  `;

  override render() {
    if (!this.params) return nothing;
    const t = pickTexts(this.environment.language, STRINGS);
    const groups = this.params.groups.map((g, i) => ({name: clip(g.name, 200), seats: Math.max(0, Math.floor(g.seats)), color: colorFor(i, g.color)}));
    const filled = groups.reduce((n, g) => n + g.seats, 0);
    const total = Math.max(filled, this.params.totalSeats ?? 0);
    if (total > filled) groups.push({name: t.vacant, seats: total - filled, color: VACANT_COLOR});
    const shown = groups.filter((g) => g.seats > 0);
    const majority = this.params.majority === true ? Math.floor(total / 2) + 1 : typeof this.params.majority === 'number' ? this.params.majority : undefined;
    const pct = (n: number) => this.formatNumber(total ? n / total : 0, {style: 'percent', maximumFractionDigits: 1});
    const label = t.summary(this.formatNumber(total), shown.map((g) => `${g.name} ${this.formatNumber(g.seats)}`).join(', '));
    const title = this.params.title ? clip(this.params.title, 300) : undefined;
    return html`
      ${title ? html`<h3 part="title" class="title">${title}</h3>` : nothing}
      ${total <= MAX_DRAWN_SEATS ? this.renderSeats(shown, total, majority, title ? `${title}. ${label}` : label) : nothing}
      ${majority !== undefined ? html`<p part="majority" class="majority-label">${t.majority(this.formatNumber(majority))}</p>` : nothing}
      <ul part="legend">
        ${shown.map((g) => html`<li part="legend-item">
          <span class="swatch" style=${styleMap({background: g.color})}></span>
          <span>${g.name}</span> <span class="count">${this.formatNumber(g.seats)}</span> <span>(${pct(g.seats)})</span>
        </li>`)}
      </ul>
    `;
  }

  private renderSeats(groups: Array<{name: string; seats: number; color: string}>, total: number, majority: number | undefined, label: string) {
    const layout = hemicycleLayout(total);
    const r = layout.seatRadius;
    let next = 0;
    const line = majority !== undefined ? angleAfter(layout, majority) : undefined;
    const inner = layout.innerRadius - 2 * r;
    const outer = 1 + 2 * r;
    return html`<svg part="chart" viewBox="${-1 - 2 * r} ${-1 - 2 * r} ${2 + 4 * r} ${1 + 4 * r}" role="img" aria-label=${label}>
      <title>${label}</title>
      ${groups.map((g) => {
        const seats = layout.seats.slice(next, (next += g.seats));
        return svg`<g fill=${g.color}><title>${g.name}: ${this.formatNumber(g.seats)}</title>${seats.map((s) => svg`<circle cx=${s.x.toFixed(4)} cy=${s.y.toFixed(4)} r=${r.toFixed(4)}></circle>`)}</g>`;
      })}
      ${line !== undefined
        ? svg`<line part="majority" class="majority-line" x1=${(inner * Math.cos(line)).toFixed(4)} y1=${(-inner * Math.sin(line)).toFixed(4)} x2=${(outer * Math.cos(line)).toFixed(4)} y2=${(-outer * Math.sin(line)).toFixed(4)}></line>`
        : nothing}
    </svg>`;
  }
}
