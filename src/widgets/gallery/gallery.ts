import {css, html, nothing} from 'lit';
import {state} from 'lit/decorators.js';
import {AutouiWidgetElement} from '../widget-element.js';
import {clip} from '../common/safe-values.js';
import {pickTexts} from '../../policy/language.js';
import {textTable, type TextsOf} from '../../policy/text-table.js';
import {checkImage} from '../../policy/url-rules.js';
import {widgetStyles} from '../common/widget-styles.js';
import type {GalleryImage, GalleryProps} from './gallery.contract.js';

export type {GalleryImage, GalleryProps};

const STRINGS = textTable(
  {show: (host: string) => `Show image from ${host}`, refused: 'Image not shown (not an http(s) address)'},
  {show: (host: string) => `Afficher l’image de ${host}`, refused: 'Image non affichée (adresse non http(s))'},
);

/**
 * @tagname autoui-gallery
 * @summary A grid of images with alt text and optional captions.
 *
 * Images load only from the hosts the page allows (`environment.imageHosts`); any other host is
 * shown as a button "Show image from <host>" that loads that image once the person clicks it.
 * Non-http(s) addresses are never loaded. Images load lazily and send no referrer.
 *
 * @csspart title - The gallery title.
 * @csspart grid - The grid of images.
 * @csspart figure - Each image with its caption.
 * @csspart image - Each `<img>`.
 * @csspart caption - Each caption.
 * @csspart reveal-button - The button that loads an image from a host the page did not allow.
 *
 * @cssproperty --autoui-gallery-min-size - Smallest width of a grid cell (default 160px).
 */
export class AutouiGalleryWidget extends AutouiWidgetElement<GalleryProps> {
  static override styles = css`
    ${widgetStyles}
    :host {
      --_min-size: var(--autoui-gallery-min-size, 160px);
    }
    .grid {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(var(--_min-size), 1fr));
      gap: var(--_space-s);
      margin: 0;
      padding: 0;
      list-style: none;
    }
    figure {
      margin: 0;
      min-width: 0;
    }
    img,
    .placeholder {
      display: block;
      width: 100%;
      aspect-ratio: 4 / 3;
      object-fit: cover;
      border-radius: var(--_radius);
      background: var(--_color-surface-variant);
    }
    .placeholder {
      display: flex;
      flex-direction: column;
      align-items: center;
      justify-content: center;
      gap: 4px;
      box-sizing: border-box;
      padding: var(--_space-s);
      border: 1px dashed var(--_color-border);
      font-size: 0.8125rem;
      text-align: center;
      overflow: hidden;
      overflow-wrap: anywhere;
    }
    button {
      font: inherit;
      color: var(--_color-accent);
      background: none;
      border: 1px solid currentColor;
      border-radius: var(--_radius);
      padding: 2px var(--_space-s);
      cursor: pointer;
      max-width: 100%;
      overflow-wrap: anywhere;
    }
    button:focus-visible {
      outline: 2px solid var(--_color-accent);
      outline-offset: 1px;
    }
    figcaption {
      margin-block-start: 2px;
      font-size: 0.8125rem;
      overflow-wrap: anywhere;
    }
  `;

  /** URLs the person chose to load although their host is not allowed. */
  @state() private revealed = new Set<string>();

  override render() {
    if (!this.params) return nothing;
    const t = pickTexts(this.environment.language, STRINGS);
    const {title, images} = this.params;
    return html`
      ${title ? html`<h3 part="title" class="title">${clip(title, 300)}</h3>` : nothing}
      <ul part="grid" class="grid">
        ${images.map((image) => html`<li>
          <figure part="figure">
            ${this.renderImage(image, t)}
            ${image.caption ? html`<figcaption part="caption">${clip(image.caption, 500)}</figcaption>` : nothing}
          </figure>
        </li>`)}
      </ul>
    `;
  }

  private renderImage(image: GalleryImage, t: TextsOf<typeof STRINGS>) {
    const check = checkImage(image.src, this.environment.imageHosts);
    const alt = clip(image.alt, 500);
    if (check.kind === 'refused') return html`<div class="placeholder" role="img" aria-label=${alt}><span>${t.refused}</span></div>`;
    if (check.kind === 'ask' && !this.revealed.has(check.url)) {
      return html`<div class="placeholder">
        <span>${alt}</span>
        <button part="reveal-button" type="button" @click=${() => this.reveal(check.url)}>${t.show(check.host)}</button>
      </div>`;
    }
    return html`<img part="image" src=${check.url} alt=${alt} loading="lazy" decoding="async" referrerpolicy="no-referrer" />`;
  }

  private reveal(url: string): void {
    this.revealed = new Set(this.revealed).add(url);
  }
}
