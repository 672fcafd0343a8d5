import {css, html} from 'lit';
import {state} from 'lit/decorators.js';
import {AutouiWidgetElement} from '../widget-element.js';
import {widgetStyles} from '../common/widget-styles.js';
import {widgetText} from '../common/widget-texts.js';
import {FIRST_PART, MORE_STEP, partEnd, showMoreButton} from '../common/long-text.js';
import type {CodeParams} from './code.contract.js';

export type {CodeParams};

/**
 * A block of code shown as text (never executed, never highlighted through HTML), with a copy
 * button that copies all of it. A long block shows its first 20,000 characters (cut at a line
 * end), then 100,000 more per "show more": laying out megabytes at once would block the page.
 *
 * @tagname autoui-code
 * @summary Code or query text with a copy button.
 * @csspart body - The widget's root.
 * @csspart header - The title, language and copy button row.
 * @csspart copy - The copy button.
 * @csspart code - The `pre` block.
 * @csspart more - The "show more" button under a long block.
 * @cssproperty --autoui-font-mono - Monospace font.
 */
export class AutouiCodeWidget extends AutouiWidgetElement<CodeParams> {
  static override styles = css`
    ${widgetStyles}
    .header { display: flex; align-items: center; gap: var(--_space-s); margin-bottom: var(--_space-s); }
    .header .title, .spacer { margin: 0; flex: 1; }
    .lang { color: var(--_color-muted); font-size: 0.75rem; text-transform: uppercase; }
    button { font: inherit; font-size: 0.8125rem; color: inherit; background: transparent; border: 1px solid var(--_color-border); border-radius: 4px; padding: 2px 8px; cursor: pointer; }
    pre { margin: 0; padding: var(--_space-m); background: var(--_color-subtle); border-radius: var(--_radius); overflow: auto; max-height: 480px; font-family: var(--_mono); font-size: 0.8125rem; }
  `;

  @state() private copied = false;
  /** Characters the person asked to see (grows with each "show more"). */
  @state() private wanted = FIRST_PART;

  async #copy() {
    try {
      await navigator.clipboard.writeText(this.params.code);
      this.copied = true;
    } catch {
      // Clipboard refused (permissions, insecure page): the text stays selectable.
    }
  }

  override render() {
    const {code, language, title} = this.params;
    const lang = this.environment.language;
    const end = partEnd(code, 0, this.wanted, 'line');
    return html`<div part="body">
      <div part="header" class="header">
        ${title ? html`<h3 class="title">${title}</h3>` : html`<span class="spacer"></span>`}
        ${language ? html`<span class="lang">${language}</span>` : ''}
        <button part="copy" type="button" @click=${this.#copy}>${widgetText(lang, this.copied ? 'copied' : 'copy')}</button>
      </div>
      <pre part="code" tabindex="0" aria-label=${title ?? language ?? 'code'}><code>${end < code.length ? code.slice(0, end) : code}</code></pre>
      ${end < code.length ? showMoreButton(lang, code.length - end, this.environment.locale, () => (this.wanted = end + MORE_STEP)) : ''}
    </div>`;
  }
}
