import {css, html} from 'lit';
import {AutouiWidgetElement} from '../widget-element.js';
import {widgetStyles} from '../styles/widget-styles.js';
import type {KvParams} from './kv.spec.js';

export type {KvParams};

/**
 * Key-value pairs as a description list: the facts of one record.
 *
 * @tagname autoui-kv
 * @summary Key-value pairs.
 * @csspart body - The widget's root.
 * @csspart title - The title.
 * @csspart list - The description list.
 * @csspart key - Each key.
 * @csspart value - Each value.
 * @cssproperty --autoui-kv-key-width - Width of the key column.
 */
export class AutouiKvWidget extends AutouiWidgetElement<KvParams> {
  static override styles = css`
    ${widgetStyles}
    :host { --_key-width: var(--autoui-kv-key-width, minmax(6em, max-content)); }
    dl { display: grid; grid-template-columns: var(--_key-width) 1fr; gap: var(--_space-s) var(--_space-m); margin: 0; }
    dt { color: var(--_color-muted); font-weight: 600; }
    dd { margin: 0; }
  `;

  #format(value: string | number | boolean | null): string {
    if (typeof value === 'number') return this.formatNumber(value);
    if (value === null) return '—';
    return String(value);
  }

  override render() {
    const {title, items} = this.params;
    return html`<div part="body">
      ${title ? html`<h3 part="title" class="title">${title}</h3>` : ''}
      <dl part="list">
        ${items.map((item) => html`<dt part="key">${item.key}</dt><dd part="value">${this.#format(item.value)}</dd>`)}
      </dl>
    </div>`;
  }
}
