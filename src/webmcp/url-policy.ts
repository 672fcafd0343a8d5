/**
 * The URL rules of `policy/url-rules.ts` applied to widget params before a widget is shown: links
 * and images only over `http:`/`https:`, images and map tiles only from hosts the page allows. Which strings are URLs is read from the property names
 * our schemas use (`url`, `href`, `link`, `src`, `image`, `avatar`, ...), plus any value that
 * carries a script-capable scheme. Offending values are removed, never rewritten, and reported.
 */
import {checkImage, httpUrl, tileUrlRefusal} from '../policy/url-rules.js';
import {toPointer} from '../schema/json-pointer.js';

/** One value removed from the params. */
export interface DroppedUrl {
  /** JSON Pointer of the removed value. */
  path: string;
  reason: string;
}

const IMAGE_KEY = /^(image|img|src|avatar|photo|picture|thumbnail|thumb|icon|logo)(_?url)?$/i;
const LINK_KEY = /(url|href|link|uri|website)$/i;
const DANGEROUS = /^\s*(javascript|vbscript|data|file|blob):/i;

/** True for a key whose strings are URLs even without a scheme (relative paths are refused or checked). */
const urlKey = (key: string) => IMAGE_KEY.test(key) || LINK_KEY.test(key) || key === 'tileUrl';

/**
 * Whether strings under `key` (or its singular, `images` → `image`) are URLs, remembered per
 * walk: a table of 10,000 rows has a handful of keys, and two regular expressions per cell
 * would cost more than the rest of the walk.
 */
function urlKeys(): (key: string) => boolean {
  const known = new Map<string, boolean>();
  return (key) => {
    let answer = known.get(key);
    if (answer === undefined) {
      answer = urlKey(key) || urlKey(key.replace(/s$/i, ''));
      known.set(key, answer);
    }
    return answer;
  };
}

/**
 * `text` without its last word when that word holds a `:`. Scanned from the end: a regex anchored
 * at the end would retry from every position of a long word, and a model writes words as long as
 * it likes.
 */
function withoutLastWordIfScheme(text: string): string {
  let start = text.length;
  while (start > 0 && !/\s/.test(text[start - 1])) start--;
  return text.includes(':', start) ? text.slice(0, start) : text;
}

const DROP = Symbol('drop');
const GATED = 'gated';

/** What to do with images from hosts the page did not allow. */
export type BlockedImagePolicy = 'gate' | 'drop';

/** Why a string at `key` must go, `gated` for an image the widget will show behind a click, or undefined. */
function verdict(key: string, value: string, imageHosts: readonly string[], policy: BlockedImagePolicy): string | undefined {
  if (key === 'tileUrl') return tileUrlRefusal(value, imageHosts);
  if (IMAGE_KEY.test(key)) {
    const image = checkImage(value, imageHosts);
    if (image.kind === 'refused') return 'images must be absolute http(s) URLs';
    if (image.kind === 'ask') return policy === 'drop' ? `images from ${image.host} are not allowed by the page (image-hosts)` : GATED;
    return undefined;
  }
  if (LINK_KEY.test(key) && !httpUrl(value)) return 'links must be absolute http(s) URLs';
  if (DANGEROUS.test(value) && /^[a-z]+:/i.test(value.trim())) return 'script-capable URLs are not allowed';
  return undefined;
}

/**
 * Returns `params` without the URLs the rules refuse, and what was removed. Strings in
 * arrays are judged by the key of the array (`images: ["https://..."]`). Images from hosts the
 * page did not allow are kept and listed in `gated` with the `gate` policy (the default: every
 * image widget then shows a button naming the host, and loads nothing until a person clicks it),
 * or removed with `drop`.
 *
 * `params` is never changed. What needs no change is shared with it, not copied: checking a
 * 10,000-row table copies no row, and builds a JSON Pointer only for a value it reports. Only
 * the objects and arrays on the way to a removed value are new.
 *
 * `unfinished(path, value)` names the strings a model is still writing (a draft's): a half-written URL
 * is another URL (`https://images.example.org` may go on as `.evil.net/x.png`), so under a URL key
 * such a string is left out, and in text its last word waits if it holds a `:` (a link or an
 * image being written); what is left is judged as usual. With it, everything is copied: a
 * draft's params are its parser's, which it goes on changing as the model writes.
 */
export function dropUnsafeUrls(
  params: Record<string, unknown>,
  imageHosts: readonly string[],
  policy: BlockedImagePolicy = 'gate',
  unfinished?: (path: string, value: string) => boolean,
): {params: Record<string, unknown>; dropped: DroppedUrl[]; gated: string[]} {
  const dropped: DroppedUrl[] = [];
  const gated: string[] = [];
  const copyAll = unfinished !== undefined;
  const isUrlKey = urlKeys();
  /**
   * The keys from the root to the value being walked, `keys[0..depth)`: its path, built only for
   * a value that is reported. Set by depth rather than pushed and popped, and indices kept as
   * numbers, so a 10,000-row table walks without a string or a resize per row.
   */
  const keys: Array<string | number> = [];
  let depth = 0;
  const path = () => toPointer(keys.slice(0, depth));
  const walkString = (given: string, key: string): unknown => {
    let value = given;
    const singular = key.replace(/s$/i, '');
    if (unfinished?.(path(), value)) {
      if (isUrlKey(key)) return DROP;
      value = withoutLastWordIfScheme(value);
      if (!value.includes(':')) return value;
    }
    const reason = verdict(singular, value, imageHosts, policy) ?? verdict(key, value, imageHosts, policy);
    if (reason === GATED) {
      gated.push(path());
      return value;
    }
    if (reason) {
      dropped.push({path: path(), reason});
      return DROP;
    }
    return value;
  };
  /**
   * True for what stays as it is without a look: a number, a boolean, null, and most strings,
   * plain text under a plain key (without a scheme they cannot be a URL we refuse). Tested in the
   * loops, so the common cell of a big table costs no call.
   */
  const leaf = (value: unknown, key: string): boolean =>
    typeof value === 'string' ? !value.includes(':') && !isUrlKey(key) : typeof value !== 'object' || value === null;
  const walk = (given: unknown, key: string): unknown => {
    if (leaf(given, key)) return given;
    if (typeof given === 'string') return walkString(given, key);
    if (typeof given !== 'object' || given === null) return given;
    const at = depth++;
    try {
      if (Array.isArray(given)) {
        let out: unknown[] | undefined = copyAll ? [] : undefined;
        for (let i = 0; i < given.length; i++) {
          keys[at] = i;
          const item = given[i];
          const kept = leaf(item, key) ? item : walk(item, key);
          // The first change starts the copy, with the items before it as they were.
          if (!out && kept !== item) out = given.slice(0, i);
          if (out && kept !== DROP) out.push(kept);
        }
        return out ?? given;
      }
      let out: Record<string, unknown> | undefined = copyAll ? {} : undefined;
      const names = Object.keys(given);
      const object = given as Record<string, unknown>;
      for (let i = 0; i < names.length; i++) {
        const k = names[i];
        const v = object[k];
        keys[at] = k;
        const kept = leaf(v, k) ? v : walk(v, k);
        if (!out && kept !== v) out = Object.fromEntries(names.slice(0, i).map((n) => [n, object[n]]));
        // defineProperty: a `__proto__` key (JSON.parse makes it an own key) stays a key, not a prototype.
        if (out && kept !== DROP) Object.defineProperty(out, k, {value: kept, enumerable: true, writable: true, configurable: true});
      }
      return out ?? given;
    } finally {
      depth = at;
    }
  };
  return {params: walk(params, '') as Record<string, unknown>, dropped, gated};
}
