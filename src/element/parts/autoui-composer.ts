import {LitElement, css, html} from 'lit';
import {COMPOSER_STRINGS, type ComposerStrings} from './composer-strings.js';
import {tokens} from '../../styles/tokens.js';

/** A paperclip drawn in the text colour: an emoji glyph is an empty box where no emoji font is installed. */
const clip = html`<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M20 11l-8 8a5 5 0 0 1-7-7l8-8a3.5 3.5 0 0 1 5 5l-8 8a1.7 1.7 0 0 1-2.5-2.5l7.5-7.5"/></svg>`;

/** Detail of `composer-submit`: the question typed. */
export interface ComposerSubmitDetail {
  text: string;
}

/** Detail of `composer-files`: the files picked or pasted. */
export interface ComposerFilesDetail {
  files: File[];
}

/** Most questions kept for the arrow-key history. */
const HISTORY_LIMIT = 50;

/**
 * The built-in composer of `<autoui-agent>`: a text box, Send, and Stop while a run is going.
 * Enter sends, Shift+Enter starts a new line, Arrow Up on the first line and Down on the last
 * walk the history of questions. The text box takes its direction from what is typed in it.
 * With `accept` set, a button picks local files and files pasted in the text box are taken (both
 * told as `composer-files`; a pasted file leaves the text as it was). Never runs anything itself.
 *
 * @fires {CustomEvent<ComposerSubmitDetail>} composer-submit - Send was pressed. detail: `{text}`.
 * @fires {Event} composer-stop - Stop was pressed.
 * @fires {CustomEvent<ComposerFilesDetail>} composer-files - Files were picked or pasted. detail: `{files}`.
 *
 * @csspart input - The text box.
 * @csspart send - The send button.
 * @csspart stop - The stop button.
 * @csspart attach - The button that picks files.
 *
 * @tagname autoui-composer
 */
export class AutouiComposer extends LitElement {
  static override styles = css`
    ${tokens}
    :host { display: block; }
    form { display: flex; gap: var(--_space-s); align-items: flex-end; }
    textarea {
      flex: 1; resize: vertical; min-height: 2.5rem; max-height: 12rem; box-sizing: border-box;
      font: inherit; padding: var(--_space-s);
      color: var(--_color-on-surface); background: var(--_color-surface);
      border: 1px solid var(--_color-border); border-radius: var(--_radius);
    }
    textarea::placeholder { color: var(--_color-muted); opacity: 1; }
    button {
      font: inherit; padding: 0.5rem 1rem; border-radius: var(--_radius); cursor: pointer;
      border: 1px solid transparent; background: var(--_color-accent); color: var(--_color-on-accent);
    }
    button.stop { background: var(--_color-danger); }
    button.attach svg { width: 1.2em; height: 1.2em; }
    button.attach { padding: 0.5rem; line-height: 0; background: none; color: inherit; border-color: var(--_color-border); }
    button:disabled { opacity: 0.5; cursor: default; }
    textarea:focus-visible, button:focus-visible { outline: 2px solid var(--_color-accent); outline-offset: 2px; }
  `;

  /** Lit's reactive properties (declared here, not by decorators: the first load does without them). */
  static override properties = {
    running: {type: Boolean},
    strings: {attribute: false},
    accept: {attribute: false},
  };

  /** True while a run is going: Send is replaced by Stop. */
  running = false;

  /** Texts in the element's language. */
  strings: ComposerStrings = COMPOSER_STRINGS.fr;

  /** The file picker's `accept` (`.csv,.json`); undefined: files are off, no button, pastes are text. */
  accept?: string;

  #value = '';

  /** What is typed: setting it re-renders the composer. */
  private get value(): string {
    return this.#value;
  }
  private set value(text: string) {
    this.#value = text;
    this.requestUpdate();
  }

  #history: string[] = [];
  /** Position in the history while browsing it; equals its length when not browsing. */
  #cursor = 0;
  /** What was being typed before browsing the history, given back past the newest entry. */
  #draft = '';

  /** Puts a question back in the text box (after a failure), unless the person typed something new. */
  restore(text: string): void {
    if (!this.value.trim()) this.value = text;
  }

  /** Moves focus to the text box. */
  override focus(): void {
    this.renderRoot?.querySelector('textarea')?.focus();
  }

  override render() {
    const s = this.strings;
    return html`<form @submit=${this.#onSubmit}>
      <textarea
        part="input"
        dir="auto"
        rows="2"
        aria-label=${s.inputLabel}
        placeholder=${s.placeholder}
        .value=${this.value}
        @input=${(e: Event) => (this.value = (e.target as HTMLTextAreaElement).value)}
        @keydown=${this.#onKeyDown}
        @paste=${this.#onPaste}
      ></textarea>
      ${this.accept === undefined
        ? ''
        : html`<button part="attach" class="attach" type="button" aria-label=${s.attach} title=${s.attach} @click=${() => this.renderRoot.querySelector('input')!.click()}>${clip}</button
            ><input type="file" multiple hidden accept=${this.accept} @change=${this.#onPicked} />`}
      ${this.running
        ? html`<button part="stop" class="stop" type="button" @click=${() => this.dispatchEvent(new Event('composer-stop'))}>${s.stop}</button>`
        : html`<button part="send" type="submit" ?disabled=${!this.value.trim()}>${s.send}</button>`}
    </form>`;
  }

  #files(files: File[]): void {
    if (files.length) this.dispatchEvent(new CustomEvent<ComposerFilesDetail>('composer-files', {detail: {files}}));
  }

  #onPicked(event: Event): void {
    const input = event.target as HTMLInputElement;
    this.#files([...(input.files ?? [])]);
    // Emptied: picking the same file again is a change too.
    input.value = '';
  }

  #onPaste(event: ClipboardEvent): void {
    const files = [...(event.clipboardData?.files ?? [])];
    if (!files.length || this.accept === undefined) return;
    event.preventDefault();
    this.#files(files);
  }

  #onSubmit(event: Event): void {
    event.preventDefault();
    this.#send();
  }

  #send(): void {
    const text = this.value.trim();
    if (!text || this.running) return;
    if (this.#history.at(-1) !== text) this.#history = [...this.#history, text].slice(-HISTORY_LIMIT);
    this.#cursor = this.#history.length;
    this.value = '';
    this.dispatchEvent(new CustomEvent<ComposerSubmitDetail>('composer-submit', {detail: {text}}));
  }

  #onKeyDown(event: KeyboardEvent): void {
    const box = event.target as HTMLTextAreaElement;
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      this.#send();
    } else if (event.key === 'ArrowUp' && onFirstLine(box) && this.#cursor > 0) {
      event.preventDefault();
      if (this.#cursor === this.#history.length) this.#draft = this.value;
      this.value = this.#history[--this.#cursor];
    } else if (event.key === 'ArrowDown' && onLastLine(box) && this.#cursor < this.#history.length) {
      event.preventDefault();
      this.#cursor++;
      this.value = this.#cursor === this.#history.length ? this.#draft : this.#history[this.#cursor];
    }
  }
}

// The history is walked from the first line up and the last line down (as chat apps do), so a
// recalled question, whose caret sits at its end, leads to the one before with one more press,
// while arrows inside a multi-line question still move the caret.
const collapsed = (box: HTMLTextAreaElement) => box.selectionStart === box.selectionEnd;
const onFirstLine = (box: HTMLTextAreaElement) => collapsed(box) && !box.value.slice(0, box.selectionStart).includes('\n');
const onLastLine = (box: HTMLTextAreaElement) => collapsed(box) && !box.value.slice(box.selectionEnd).includes('\n');
