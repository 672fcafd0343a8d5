import {css, html} from 'lit';
import {AutouiWidgetElement} from '../widget-element.js';
import {widgetStyles} from '../common/widget-styles.js';
import {safeHref} from '../../policy/url-rules.js';
import {ImageGate} from '../profile/image-gate.js';
import type {CardItem, CardsParams} from './cards.contract.js';

export type {CardItem, CardsParams};

/**
 * A responsive grid of cards, each with a title, text, an optional image (allowed hosts only, alt
 * text required) and an optional link.
 *
 * @tagname autoui-cards
 * @summary A grid of cards.
 * @csspart body - The widget's root.
 * @csspart title - The title.
 * @csspart grid - The grid.
 * @csspart card - Each card.
 * @csspart image - A card's image (or the button that reveals it: `image-blocked`).
 * @cssproperty --autoui-cards-min-width - Narrowest a card gets before the grid wraps.
 */
export class AutouiCardsWidget extends AutouiWidgetElement<CardsParams> {
  static override styles = css`
    ${widgetStyles}
    :host { --_min: var(--autoui-cards-min-width, 180px); }
    .grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(var(--_min), 1fr)); gap: var(--_space-m); }
    .card { border: 1px solid var(--_color-border); border-radius: var(--_radius); padding: var(--_space-m); display: flex; flex-direction: column; gap: var(--_space-s); }
    img { width: 100%; aspect-ratio: 16 / 9; object-fit: cover; border-radius: calc(var(--_radius) / 2); }
    .image-blocked { font: inherit; font-size: 0.75rem; color: inherit; background: var(--_color-subtle); border: 1px dashed var(--_color-border); border-radius: var(--_radius); padding: var(--_space-s); cursor: pointer; }
    h4 { margin: 0; font-size: 1rem; }
    a { color: var(--_color-accent); }
    .subtitle { color: var(--_color-muted); font-size: 0.875rem; }
    p { margin: 0; }
    .tags { display: flex; flex-wrap: wrap; gap: 4px; font-size: 0.75rem; }
    .tags span { background: var(--_color-subtle); border-radius: 999px; padding: 0 8px; }
  `;

  readonly #images = new ImageGate(this);

  override render() {
    const {title, items} = this.params;
    const {imageHosts, language} = this.environment;
    return html`<div part="body">
      ${title ? html`<h3 part="title" class="title">${title}</h3>` : ''}
      <ul part="grid" class="grid">
        ${items.map((item) => {
          const href = safeHref(item.url);
          return html`<li part="card" class="card">
            ${item.image ? this.#images.render(item.image.src, item.image.alt, imageHosts, language) : ''}
            <h4>${href ? html`<a href=${href} target="_blank" rel="noopener noreferrer">${item.title}</a>` : item.title}</h4>
            ${item.subtitle ? html`<div class="subtitle">${item.subtitle}</div>` : ''}
            ${item.text ? html`<p>${item.text}</p>` : ''}
            ${item.tags?.length ? html`<div class="tags">${item.tags.map((t) => html`<span>${t}</span>`)}</div>` : ''}
          </li>`;
        })}
      </ul>
    </div>`;
  }
}
