import {css, html} from 'lit';
import {AutouiWidgetElement} from '../widget-element.js';
import {widgetStyles} from '../common/widget-styles.js';
import {widgetText} from '../common/widget-texts.js';
import {statDigits} from '../stat/stat.js';
import type {StatCardParams} from './stat-card.contract.js';

export type {StatCardParams};

const ARROWS = {up: '▲', down: '▼', stable: '▶'} as const;

/**
 * A key figure on a card, with its trend and a variant colour: the building block of dashboards.
 * The trend arrow carries an accessible label ("Trend: up"), so it is not only a colour.
 *
 * @tagname autoui-stat-card
 * @summary A figure with label, unit, trend and variant.
 * @csspart body - The card.
 * @csspart label - The label.
 * @csspart value - The figure and its unit.
 * @csspart trend - The trend arrow and delta.
 * @csspart caption - The caption line.
 * @cssproperty --autoui-stat-card-edge-color - Colour of the card's edge (default: by variant).
 * @cssproperty --autoui-color-success - Colour of good news.
 * @cssproperty --autoui-color-warning - Colour of warnings.
 * @cssproperty --autoui-color-danger - Colour of bad news.
 */
export class AutouiStatCardWidget extends AutouiWidgetElement<StatCardParams> {
  static override styles = css`
    ${widgetStyles}
    :host {
      --_edge: var(--autoui-stat-card-edge-color, var(--_color-border));
    }
    .card {
      border-inline-start: 4px solid var(--_edge);
      padding-inline-start: var(--_space-m);
    }
    .card.success { --_edge: var(--autoui-stat-card-edge-color, var(--_color-success)); }
    .card.warning { --_edge: var(--autoui-stat-card-edge-color, var(--_color-warning)); }
    .card.danger { --_edge: var(--autoui-stat-card-edge-color, var(--_color-danger)); }
    .card.info { --_edge: var(--autoui-stat-card-edge-color, var(--_color-accent)); }
    .label { color: var(--_color-muted); font-size: 0.875rem; }
    .value { font-size: 1.75rem; font-weight: 700; line-height: 1.2; font-variant-numeric: tabular-nums; }
    .unit { font-size: 0.6em; margin-inline-start: 0.2em; }
    .trend { font-size: 0.875rem; font-weight: 600; }
    .trend.up { color: var(--_color-success); }
    .trend.down { color: var(--_color-danger); }
    .trend.stable { color: var(--_color-muted); }
    .caption { color: var(--_color-muted); font-size: 0.8125rem; }
  `;

  override render() {
    const {label, value, unit, trend, delta, caption, variant = 'default', decimals} = this.params;
    const lang = this.environment.language;
    return html`<div part="body" class="card ${variant}" role="group" aria-label=${label}>
      <div part="label" class="label">${label}</div>
      <div part="value" class="value">${typeof value === 'number' ? this.formatNumber(value, statDigits(decimals)) : value}${unit ? html`<span class="unit">${unit}</span>` : ''}</div>
      ${trend || delta
        ? html`<div part="trend" class="trend ${trend ?? ''}">
            ${trend ? html`<span role="img" aria-label="${widgetText(lang, 'trend')}: ${widgetText(lang, trend)}">${ARROWS[trend]}</span>` : ''}
            ${delta ?? ''}
          </div>`
        : ''}
      ${caption ? html`<div part="caption" class="caption">${caption}</div>` : ''}
    </div>`;
  }
}
