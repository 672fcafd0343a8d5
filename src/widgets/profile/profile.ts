import {css, html} from 'lit';
import {AutouiWidgetElement} from '../widget-element.js';
import {widgetStyles} from '../common/widget-styles.js';
import {safeHref} from '../../policy/url-rules.js';
import {ImageGate} from './image-gate.js';
import type {ProfileParams} from './profile.contract.js';

export type {ProfileParams};

/**
 * A person or an organisation: photo, name, role, a few facts and links. The photo loads only
 * from an allowed host; otherwise a button names the host and loads it on request.
 *
 * @tagname autoui-profile
 * @summary A person or organisation card.
 * @csspart body - The widget's root.
 * @csspart avatar - The photo (or the button that reveals it: `avatar-blocked`).
 * @csspart name - The name.
 * @csspart subtitle - The role line.
 * @csspart fields - The facts.
 * @csspart links - The links.
 * @cssproperty --autoui-profile-avatar-size - Size of the photo.
 */
export class AutouiProfileWidget extends AutouiWidgetElement<ProfileParams> {
  static override styles = css`
    ${widgetStyles}
    :host { --_avatar: var(--autoui-profile-avatar-size, 72px); }
    .head { display: flex; gap: var(--_space-m); align-items: center; }
    img { width: var(--_avatar); height: var(--_avatar); border-radius: 50%; object-fit: cover; }
    .image-blocked { font: inherit; font-size: 0.75rem; color: inherit; background: var(--_color-subtle); border: 1px dashed var(--_color-border); border-radius: var(--_radius); padding: var(--_space-s); max-width: 10em; cursor: pointer; }
    h3 { margin: 0; font-size: 1.125rem; }
    .subtitle { color: var(--_color-muted); }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px var(--_space-m); margin: var(--_space-m) 0 0; }
    dt { color: var(--_color-muted); }
    dd { margin: 0; }
    ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: var(--_space-m); margin-top: var(--_space-m); }
    a { color: var(--_color-accent); }
    p { margin: var(--_space-m) 0 0; }
  `;

  readonly #images = new ImageGate(this);

  override render() {
    const {name, subtitle, avatar, description, fields, links} = this.params;
    const safeLinks = (links ?? []).map((l) => ({...l, href: safeHref(l.url)})).filter((l) => l.href);
    return html`<div part="body">
      <div class="head">
        ${this.#images.render(avatar, name, this.environment.imageHosts, this.environment.language, 'avatar')}
        <div>
          <h3 part="name">${name}</h3>
          ${subtitle ? html`<div part="subtitle" class="subtitle">${subtitle}</div>` : ''}
        </div>
      </div>
      ${description ? html`<p>${description}</p>` : ''}
      ${fields?.length
        ? html`<dl part="fields">${fields.map((f) => html`<dt>${f.label}</dt><dd>${typeof f.value === 'number' ? this.formatNumber(f.value) : f.value}</dd>`)}</dl>`
        : ''}
      ${safeLinks.length
        ? html`<ul part="links">${safeLinks.map((l) => html`<li><a href=${l.href!} target="_blank" rel="noopener noreferrer">${l.label}</a></li>`)}</ul>`
        : ''}
    </div>`;
  }
}
