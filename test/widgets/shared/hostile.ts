/**
 * Hostile variants of a widget's example params: every string the schema lets through replaced
 * by markup that would run script if it reached `innerHTML`, every URL-like string by a
 * `javascript:` URL. Strings the schema constrains (enums, formats, patterns) are put back, so
 * the variant stays valid and actually reaches the renderer.
 */
import type {Validator} from '../../../src/schema/validator.js';

/** Sets `window.__pwned` if it ever runs. */
export const IMG_PAYLOAD = '<img src=x onerror="window.__pwned=1">';
/** Sets `window.__pwned` if it is ever followed or loaded. */
export const JS_URL = 'javascript:window.__pwned=1';

type Path = Array<string | number>;
const pointer = (path: Path) => path.map((p) => '/' + String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
const URL_KEY = /(url|href|link|src|image|avatar|photo|icon|logo|website)s?$/i;

/** Every string leaf of `value` with its path. */
export function stringLeaves(value: unknown, path: Path = []): Array<{path: Path; value: string}> {
  if (typeof value === 'string') return [{path, value}];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  return [];
}

/** Sets the value at `path` inside `root` (mutates). */
export function setAt(root: unknown, path: Path, value: unknown): void {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
}

/** A leaf is URL-like when its key says so or its example value is a URL. */
export const isUrlLike = (path: Path, value: string) => /^(https?:|\/\/)/i.test(value) || URL_KEY.test(String([...path].reverse().find((p) => typeof p === 'string') ?? ''));

/**
 * Replaces string leaves with `replace(path, original)` and reverts the ones validation refuses.
 * Returns the params and the pointers of the leaves that kept their replacement.
 */
export function replaceStrings(
  params: Record<string, unknown>,
  validator: Validator,
  replace: (path: Path, original: string) => string,
  pick: (path: Path, original: string) => boolean = () => true,
): {params: Record<string, unknown>; replaced: string[]} {
  const leaves = stringLeaves(params).filter((l) => pick(l.path, l.value));
  const candidate = structuredClone(params);
  let active = leaves.map((l) => {
    setAt(candidate, l.path, replace(l.path, l.value));
    return l;
  });
  for (let round = 0; round < 20 && active.length; round++) {
    const result = validator.validate(candidate);
    if (result.valid) break;
    const bad = active.filter((l) => {
      const p = pointer(l.path);
      return result.errors.some((e) => e.path === p || p.startsWith(e.path + '/') || e.path === '');
    });
    // An error we cannot pin on a leaf: put back one leaf at a time until it passes.
    const revert = bad.length ? bad : active.slice(-1);
    for (const l of revert) setAt(candidate, l.path, l.value);
    active = active.filter((l) => !revert.includes(l));
  }
  return {params: candidate, replaced: active.map((l) => pointer(l.path))};
}

/** The hostile variant of `params` (see the module comment). */
export function hostileParams(params: Record<string, unknown>, validator: Validator) {
  return replaceStrings(params, validator, (path, original) => (isUrlLike(path, original) ? JS_URL : `${IMG_PAYLOAD} ${original}`));
}
