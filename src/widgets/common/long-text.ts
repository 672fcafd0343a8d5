/**
 * Long text in widgets, shown a part at a time. A model, a server or a snapshot can hand a widget
 * megabytes of text; laying all of it out (or rendering it as markdown) at once blocks the page
 * for seconds. So a widget shows a bounded first part at once and the rest on demand, one step per
 * click of a "show more" button, each step bounded too. Nothing is lost: the whole text stays in
 * the widget's params, and so in snapshots, share links and `recall`.
 */
import {html, type TemplateResult} from 'lit';
import type {UiLanguage} from '../../policy/language.js';
import {textTable} from '../../policy/text-table.js';
import {numberFormat} from './intl-cache.js';

/** Characters of a long text (markdown, code) shown at first. */
export const FIRST_PART = 20_000;
/** Characters of a long value (a kv value, a JSON string) shown at first. */
export const FIRST_VALUE_PART = 2_000;
/** Characters each "show more" adds. */
export const MORE_STEP = 100_000;

/** Where a part may end: between blocks (a blank line), lines, or words. */
export type Boundary = 'block' | 'line' | 'word';

const BREAKS: Record<Boundary, string[]> = {block: ['\n\n', '\n', ' '], line: ['\n', ' '], word: [' ', '\n']};

/**
 * The end of the part of `text` that starts at `from` and holds at most `size` characters: on the
 * last `boundary` of its final fifth when there is one (so a paragraph or a line is not cut), else
 * exactly `from + size`. The whole text when the rest fits.
 */
export function partEnd(text: string, from: number, size: number, boundary: Boundary): number {
  const limit = from + size;
  if (limit >= text.length) return text.length;
  const floor = limit - Math.floor(size / 5);
  for (const mark of BREAKS[boundary]) {
    const at = text.lastIndexOf(mark, limit - mark.length);
    if (at >= floor) return at + mark.length;
  }
  return limit;
}

/** The first part of `value` to show, for values revealed whole on demand (kv values, JSON strings). */
export function firstPart(value: string, shown: number): {text: string; remaining: number} {
  const end = partEnd(value, 0, shown, 'word');
  return {text: value.slice(0, end), remaining: value.length - end};
}

const TEXTS = textTable(
  (left: string) => `Show more (${left} more characters)`,
  (left: string) => `Afficher la suite (${left} caractères de plus)`,
);

/**
 * The "show more" button under a part: says how much is left, in the widget's language, and
 * calls `onMore` when pressed. A real button, so the keyboard and screen readers reach it.
 */
export function showMoreButton(language: UiLanguage, remaining: number, locale: string, onMore: () => void): TemplateResult {
  const left = numberFormat(locale).format(remaining);
  return html`<button part="more" type="button" class="more" @click=${onMore}>${TEXTS[language](left)}</button>`;
}
