/**
 * What the elicitation card (`elicitation-card.ts`) says when it will not draw a server's
 * question: one past the size limits (`mcp/elicitation-limits.ts`), or a URL that hides a user
 * name before its host. Plain sentences in the person's language; every server text in them is
 * cut short and its hidden characters revealed.
 */
import {MAX_TEXT, type Oversize} from '../../mcp/elicitation-limits.js';
import {revealHidden} from '../common/reveal-hidden.js';
import type {PromptStrings as Strings} from './prompt-strings.js';

/** A name from a server (a property, a user name) quoted in a sentence is cut to this many characters. */
const SHOWN_NAME = 60;

/** `text` cut to `max` characters (an ellipsis says it was), hidden characters revealed. */
export function shortText(text: string, max = MAX_TEXT): string {
  // Cut first: revealing grows the text, and a server's five megabytes need not be read whole.
  return revealHidden(text.length > max ? `${text.slice(0, max)}…` : text);
}

/** The sentence for a question past a limit: "… too large to show safely: 10,000 choices in “x” (the limit is 500). …" */
export function tooLargeText(over: Oversize, s: Strings): string {
  const number = (n: number) => new Intl.NumberFormat(s.elicitNumbers).format(n);
  const values: Record<string, string> = {
    count: number(over.count),
    limit: number(over.what === 'schema' ? over.limit / 1024 : over.limit),
    field: shortText(over.key ?? '', SHOWN_NAME),
  };
  const template = {
    fields: s.elicitOverFields,
    options: s.elicitOverOptions,
    'all-options': s.elicitOverAllOptions,
    text: s.elicitOverText,
    schema: s.elicitOverSchema,
  }[over.what];
  const what = template.replace(/\{(count|limit|field)\}/g, (_, name: string) => values[name]);
  return s.elicitTooLarge.replace('{what}', () => what);
}

/**
 * Why `url` is not offered, when it carries a user name or password (`https://accounts.example.com@evil.example/`):
 * what a person reads first is then not the site it opens. Such an address is refused rather than
 * shown with a warning: no sign-in or payment page needs one, and a warning relies on being read.
 */
export function userinfoRefusal(url: URL, s: Strings): string | undefined {
  if (!url.username && !url.password) return undefined;
  const name = shortText(url.username || url.password, SHOWN_NAME);
  return s.elicitUrlUserinfo.replace('{name}', () => name).replace('{host}', () => url.host);
}
