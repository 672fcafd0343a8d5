/**
 * The composer's place in the element: the `composer` slot, filled by default with the built-in
 * `<autoui-composer>`, whose events become the element's doing. Part of the first load, with the
 * composer: it is what a person sees before anything else.
 */
import {html} from 'lit';
import {defineElement} from '../../define-element.js';
import {AutouiComposer, type ComposerFilesDetail, type ComposerSubmitDetail} from './autoui-composer.js';
import {COMPOSER_STRINGS} from './composer-strings.js';

/** What the composer shows of its element, read at each render. */
export interface ComposerState {
  running: boolean;
  language: 'fr' | 'en';
  /** The file kinds the picker offers, once the element's files have loaded (none: no file button). */
  accept?: string;
}

/** What the composer asks of its element. */
export interface ComposerActions {
  /** Files picked or pasted. */
  take(files: File[]): void;
  /** Asks the question typed (a failure is the session's to tell). */
  ask(question: string): void;
  abort(): void;
}

/** Defines `<autoui-composer>` (the element's first render needs it). */
export const defineComposer = () => defineElement('autoui-composer', AutouiComposer);

/** The composer slot with the built-in composer in it. */
export function composerSlot(state: ComposerState, actions: ComposerActions) {
  return html`<slot name="composer"
    ><autoui-composer
      part="composer"
      .running=${state.running}
      .strings=${COMPOSER_STRINGS[state.language]}
      .accept=${state.accept}
      @composer-files=${(e: CustomEvent<ComposerFilesDetail>) => actions.take(e.detail.files)}
      @composer-submit=${(e: CustomEvent<ComposerSubmitDetail>) => actions.ask(e.detail.text)}
      @composer-stop=${() => actions.abort()}
    ></autoui-composer
  ></slot>`;
}

/** Gives a failed question back to the composer, so it is never lost (nothing when the page replaced the composer). */
export function restoreQuestion(root: ParentNode | undefined, question: string): void {
  root?.querySelector<AutouiComposer>('autoui-composer')?.restore(question);
}
