import {html, nothing, type ReactiveElement} from 'lit';
import type {UiLanguage} from '../../policy/language.js';
import {checkImage} from '../../policy/url-rules.js';
import {widgetText} from '../common/widget-texts.js';

/**
 * Images from data: only http(s), shown directly when the host is allowed, else behind a button
 * naming the host, so nothing is fetched from an unknown server until a person asks. Used by
 * `profile` and `cards`; one gate per element remembers what was revealed.
 */
export class ImageGate {
  readonly #host: ReactiveElement;
  readonly #revealed = new Set<string>();

  constructor(host: ReactiveElement) {
    this.#host = host;
  }

  /** The `<img>`, the button that reveals it, or nothing for a URL that is not http(s). */
  render(src: string | undefined, alt: string, hosts: readonly string[], language: UiLanguage, part = 'image') {
    const verdict = checkImage(src, hosts);
    if (verdict.kind === 'refused') return nothing;
    const {url} = verdict;
    if (verdict.kind === 'allowed' || this.#revealed.has(url)) return html`<img part=${part} src=${url} alt=${alt} loading="lazy" referrerpolicy="no-referrer" />`;
    return html`<button part="${part}-blocked" type="button" class="image-blocked" @click=${() => this.#reveal(url)}>${widgetText(language, 'showImage')} ${verdict.host}</button>`;
  }

  #reveal(url: string) {
    this.#revealed.add(url);
    this.#host.requestUpdate();
  }
}
