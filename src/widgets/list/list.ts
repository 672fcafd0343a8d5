import {css, html} from 'lit';
import {AutouiWidgetElement} from '../widget-element.js';
import {widgetStyles} from '../common/widget-styles.js';
import {safeHref} from '../../policy/url-rules.js';
import type {ListItem, ListParams} from './list.contract.js';

export type {ListItem, ListParams};

/**
 * A bulleted or numbered list of short items; an item may link out (http(s) only, new tab).
 *
 * @tagname autoui-list
 * @summary A list of items.
 * @csspart body - The widget's root.
 * @csspart title - The title.
 * @csspart list - The `ul` or `ol`.
 * @csspart item - Each item.
 * @csspart link - An item's link.
 * @cssproperty --autoui-color-accent - Link colour.
 */
export class AutouiListWidget extends AutouiWidgetElement<ListParams> {
  static override styles = css`
    ${widgetStyles}
    li + li { margin-top: var(--_space-s); }
    a { color: var(--_color-accent); }
    .secondary { display: block; color: var(--_color-muted); font-size: 0.875rem; }
  `;

  #item(item: ListItem) {
    if (typeof item === 'string') return html`<li part="item">${item}</li>`;
    const href = safeHref(item.url);
    return html`<li part="item">
      ${href ? html`<a part="link" href=${href} target="_blank" rel="noopener noreferrer">${item.text}</a>` : item.text}
      ${item.secondary ? html`<span class="secondary">${item.secondary}</span>` : ''}
    </li>`;
  }

  override render() {
    const {title, ordered, items} = this.params;
    const children = items.map((item) => this.#item(item));
    return html`<div part="body">
      ${title ? html`<h3 part="title" class="title">${title}</h3>` : ''}
      ${ordered ? html`<ol part="list">${children}</ol>` : html`<ul part="list">${children}</ul>`}
    </div>`;
  }
}
