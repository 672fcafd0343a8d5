import {css, html} from 'lit';
import {state} from 'lit/decorators.js';
import {FIRST_VALUE_PART, firstPart, MORE_STEP, showMoreButton} from '../common/long-text.js';
import {AutouiWidgetElement} from '../widget-element.js';
import {widgetStyles} from '../common/widget-styles.js';
import type {KvParams} from './kv.contract.js';

export type {KvParams};

/**
 * Key-value pairs as a description list: the facts of one record. A very long value shows its
 * first 2,000 characters and a "show more" (100,000 more per press).
 *
 * @tagname autoui-kv
 * @summary Key-value pairs.
 * @csspart body - The widget's root.
 * @csspart title - The title.
 * @csspart list - The description list.
 * @csspart key - Each key.
 * @csspart value - Each value.
 * @csspart more - The "show more" button of a long value.
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

  /** Characters shown of each long value, by item index, once the person asked for more. */
  @state() private shown = new Map<number, number>();

  #value(value: string | number | boolean | null, index: number) {
    const text = this.#format(value);
    const {text: part, remaining} = firstPart(text, this.shown.get(index) ?? FIRST_VALUE_PART);
    if (!remaining) return text;
    const more = () => (this.shown = new Map(this.shown).set(index, part.length + MORE_STEP));
    return html`${part}…${showMoreButton(this.environment.language, remaining, this.environment.locale, more)}`;
  }

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
        ${items.map((item, i) => html`<dt part="key">${item.key}</dt><dd part="value">${this.#value(item.value, i)}</dd>`)}
      </dl>
    </div>`;
  }
}
