import {css, html} from 'lit';
import {AutouiWidgetElement} from '../widget-element.js';
import {widgetStyles} from '../common/widget-styles.js';
import type {TagItem, TagsParams} from './tags.contract.js';

export type {TagItem, TagsParams};

/**
 * Labels shown as chips, with an optional count each.
 *
 * @tagname autoui-tags
 * @summary A set of labels as chips.
 * @csspart body - The widget's root.
 * @csspart title - The title.
 * @csspart list - The list of chips.
 * @csspart tag - Each chip.
 * @cssproperty --autoui-tags-background - Background of a default chip.
 */
export class AutouiTagsWidget extends AutouiWidgetElement<TagsParams> {
  static override styles = css`
    ${widgetStyles}
    :host { --_chip: var(--autoui-tags-background, var(--_color-subtle)); }
    ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: var(--_space-s); }
    li { background: var(--_chip); border: 1px solid var(--_color-border); border-radius: 999px; padding: 2px 10px; font-size: 0.875rem; }
    li.accent { border-color: var(--_color-accent); }
    li.success { border-color: var(--_color-success); }
    li.warning { border-color: var(--_color-warning); }
    li.danger { border-color: var(--_color-danger); }
    .count { font-weight: 600; margin-inline-start: 0.4em; font-variant-numeric: tabular-nums; }
  `;

  override render() {
    const {title, items} = this.params;
    return html`<div part="body">
      ${title ? html`<h3 part="title" class="title">${title}</h3>` : ''}
      <ul part="list">
        ${items.map((item) => {
          const tag = typeof item === 'string' ? {label: item} : item;
          return html`<li part="tag" class=${tag.variant ?? 'default'}>${tag.label}${tag.count !== undefined ? html`<span class="count">${this.formatNumber(tag.count)}</span>` : ''}</li>`;
        })}
      </ul>
    </div>`;
  }
}
