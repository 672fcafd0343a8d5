import {css, html, type PropertyValues} from 'lit';
import {unsafeHTML} from 'lit/directives/unsafe-html.js';
import {AutouiWidgetElement} from '../widget-element.js';
import {widgetStyles} from '../styles/widget-styles.js';
import {markdownToSafeHtml} from './sanitize-markdown.js';
import type {MarkdownParams} from './markdown.spec.js';

export type {MarkdownParams};

/**
 * Formatted text. The markdown is rendered by marked and cleaned by DOMPurify before it reaches
 * the shadow root: the only `unsafeHTML` of the catalogue, on sanitised HTML only. Loaded lazily.
 *
 * @tagname autoui-markdown
 * @summary Markdown text, sanitised.
 * @csspart body - The widget's root.
 * @csspart title - The title.
 * @csspart content - The rendered markdown.
 * @cssproperty --autoui-color-accent - Link colour.
 */
export class AutouiMarkdownWidget extends AutouiWidgetElement<MarkdownParams> {
  static override styles = css`
    ${widgetStyles}
    .content { line-height: 1.5; }
    .content > :first-child { margin-top: 0; }
    .content > :last-child { margin-bottom: 0; }
    a { color: var(--_color-accent); }
    img { max-width: 100%; height: auto; }
    pre, code { font-family: var(--_mono); background: var(--_color-subtle); border-radius: 4px; }
    pre { padding: var(--_space-s); overflow: auto; }
    table { border-collapse: collapse; }
    th, td { border: 1px solid var(--_color-border); padding: 2px var(--_space-s); }
    blockquote { margin-inline: 0; padding-inline-start: var(--_space-m); border-inline-start: 3px solid var(--_color-border); color: var(--_color-muted); }
  `;

  #html = '';

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Sanitising is the costly step: only when the text or the allowed hosts change.
    if (changed.has('params') || changed.has('environment')) this.#html = markdownToSafeHtml(this.params.content, this.environment.imageHosts);
  }

  override render() {
    const {title} = this.params;
    return html`<div part="body">
      ${title ? html`<h3 part="title" class="title">${title}</h3>` : ''}
      <div part="content" class="content">${unsafeHTML(this.#html)}</div>
    </div>`;
  }
}
