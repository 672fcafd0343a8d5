/**
 * What the built-in transcript draws with the features' help: the entries it does not know how to
 * draw itself (approvals, sign-ins, a server's questions, file notices) are drawn by views that
 * their features hand it once their chunk has loaded. The transcript names no feature, and no
 * feature names the transcript: both hold to these types.
 */
import type {CSSResult} from 'lit';
import type {ApprovalResponder} from '../../session/session-approvals.js';
import type {Notice, TranscriptEntry} from '../../session/transcript.js';
import type {UiLanguage} from '../../policy/language.js';
import type {Strings} from './strings.js';

/** An approval entry of the transcript. */
export type ApprovalEntry = Extract<TranscriptEntry, {kind: 'approval'}>;

/** A sign-in or elicitation entry of the transcript. */
export type PromptEntry = Extract<TranscriptEntry, {kind: 'sign-in' | 'elicitation'}>;

/** Draws the approvals a person is asked (the approvals feature); given by the host once its engine has loaded. */
export interface ApprovalView {
  /** The card's and the line's styles, adopted by the transcript when the view arrives. */
  styles: CSSResult[];
  /** The card asking the person; `index` makes its ids unique in the transcript. */
  card(entry: ApprovalEntry, index: number, s: Strings, respond: ApprovalResponder): unknown;
  /** The line of an approval in the log (answered, or waiting for the page's own prompt). */
  line(entry: ApprovalEntry, s: Strings): unknown;
}

/** Draws what servers ask of the person (the prompts feature); given by the host once loaded. */
export interface PromptView {
  /** The cards' styles, adopted by the transcript when the view arrives. */
  styles: CSSResult[];
  /** The card of a pending entry this element answers; undefined when the page answers it. */
  card(entry: PromptEntry, s: Strings): unknown;
  /** The line of an entry in the log (a settled one, or one the page answers). */
  line(entry: PromptEntry, s: Strings): unknown;
}

/** The words of a `file` notice (the files feature), in the element's language. */
export type FileNoticeText = (notice: Notice, s: Strings, language: UiLanguage) => string;
