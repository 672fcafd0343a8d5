import {css, html} from 'lit';
import {AutouiWidgetElement} from '../widget-element.js';
import {widgetStyles} from '../common/widget-styles.js';
import type {StatParams} from './stat.contract.js';

export type {StatParams};

/** Number format options for a stat value: `decimals` fixed, else up to 2 digits. */
export function statDigits(decimals?: number): Intl.NumberFormatOptions {
  return decimals === undefined ? {maximumFractionDigits: 2} : {minimumFractionDigits: decimals, maximumFractionDigits: decimals};
}

/**
 * One key number with its label: the plainest way to answer "how many".
 *
 * @tagname autoui-stat
 * @summary A single figure with a label, an optional unit and caption.
 * @csspart body - The widget's root.
 * @csspart label - The label.
 * @csspart value - The number and its unit.
 * @csspart caption - The caption line.
 * @cssproperty --autoui-stat-value-color - Colour of the value (default: the accent colour).
 * @cssproperty --autoui-stat-value-size - Font size of the value.
 */
export class AutouiStatWidget extends AutouiWidgetElement<StatParams> {
  static override styles = css`
    ${widgetStyles}
    :host {
      --_value-color: var(--autoui-stat-value-color, var(--_color-accent));
      --_value-size: var(--autoui-stat-value-size, 2rem);
    }
    .label {
      color: var(--_color-muted);
      font-size: 0.875rem;
    }
    .value {
      color: var(--_value-color);
      font-size: var(--_value-size);
      font-weight: 700;
      line-height: 1.2;
      font-variant-numeric: tabular-nums;
    }
    .unit {
      font-size: 0.6em;
      font-weight: 600;
      margin-inline-start: 0.2em;
    }
    .caption {
      color: var(--_color-muted);
      font-size: 0.8125rem;
    }
  `;

  override render() {
    const {label, value, unit, caption, decimals} = this.params;
    return html`<div part="body" role="group" aria-label=${label}>
      <div part="label" class="label">${label}</div>
      <div part="value" class="value">${typeof value === 'number' ? this.formatNumber(value, statDigits(decimals)) : value}${unit ? html`<span class="unit">${unit}</span>` : ''}</div>
      ${caption ? html`<div part="caption" class="caption">${caption}</div>` : ''}
    </div>`;
  }
}
