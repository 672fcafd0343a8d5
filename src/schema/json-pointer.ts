/**
 * JSON Pointers (RFC 6901), the paths validation reports and drafts track: `/rows/3/city`, with
 * `~` written `~0` and `/` written `~1` inside a key. One place for the escaping, so every path
 * the project builds or reads agrees.
 */

/** A key as it stands in a pointer. */
export const escapePointerKey = (key: string | number): string => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** The pointer of a path of keys (`['params', 'rows', 3]` is `/params/rows/3`; `[]` is the root, `''`). */
export const toPointer = (keys: ReadonlyArray<string | number>): string => keys.map((k) => `/${escapePointerKey(k)}`).join('');

/** The keys of a pointer (`''` has none). */
export const pointerKeys = (pointer: string): string[] =>
  pointer.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
