import {css, html, type PropertyValues} from 'lit';
import {unsafeHTML} from 'lit/directives/unsafe-html.js';
import {FIRST_PART, MORE_STEP, partEnd, showMoreButton} from '../common/long-text.js';
import {AutouiWidgetElement} from '../widget-element.js';
import {widgetStyles} from '../common/widget-styles.js';
import {markdownToSafeHtml} from './sanitize-markdown.js';
import type {MarkdownParams} from './markdown.contract.js';

export type {MarkdownParams};

/** One rendered part of a long markdown text: its source and its sanitised HTML. */
interface Part {
  source: string;
  html: string;
}

/**
 * Formatted text. The markdown is rendered by marked and cleaned by DOMPurify before it reaches
 * the shadow root: the only `unsafeHTML` of the catalogue, on sanitised HTML only. Loaded lazily.
 * A long text is rendered a part at a time (20,000 characters, cut between blocks, then 100,000
 * more per "show more"), so megabytes of markdown never block the page; each part is rendered on
 * its own, so a reference-style link defined in a later part shows as text.
 *
 * @tagname autoui-markdown
 * @summary Markdown text, sanitised.
 * @csspart body - The widget's root.
 * @csspart title - The title.
 * @csspart content - The rendered markdown.
 * @csspart more - The "show more" button under a long text.
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

  #parts: Part[] = [];
  /** Characters of the content the parts hold. */
  #shown = 0;
  /** Length of the content when the parts were last checked. */
  #seen = 0;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('params') && !changed.has('environment')) return;
    const content = this.params.content;
    // A draft that grows past the first part, or the same text again, keeps what is rendered:
    // rendering and sanitising are the costly steps, and the visible part did not change.
    // Parts that stopped short of the text's end are cut on boundaries more text cannot move.
    const kept = !changed.has('environment') && this.#shown < this.#seen && this.#startsWithParts(content);
    this.#seen = content.length;
    if (!kept) {
      this.#parts = [];
      this.#shown = 0;
      this.#renderNext(FIRST_PART);
    }
  }

  #startsWithParts(content: string): boolean {
    let at = 0;
    for (const part of this.#parts) {
      if (!content.startsWith(part.source, at)) return false;
      at += part.source.length;
    }
    return true;
  }

  #renderNext(size: number): void {
    const content = this.params.content;
    const end = partEnd(content, this.#shown, size, 'block');
    const source = content.slice(this.#shown, end);
    this.#parts = [...this.#parts, {source, html: markdownToSafeHtml(source, this.environment.imageHosts)}];
    this.#shown = end;
  }

  #more = () => {
    this.#renderNext(MORE_STEP);
    this.requestUpdate();
  };

  override render() {
    const {title} = this.params;
    return html`<div part="body">
      ${title ? html`<h3 part="title" class="title">${title}</h3>` : ''}
      <div part="content" class="content">${this.#parts.map((part) => unsafeHTML(part.html))}</div>
      ${this.#shown < this.params.content.length
        ? showMoreButton(this.environment.language, this.params.content.length - this.#shown, this.environment.locale, this.#more)
        : ''}
    </div>`;
  }
}
