/**
 * Small helpers the allow-lists of the two wires share: a refusal thrown from deep inside a
 * body (caught once, by `checkModelRequest`, and answered with a 400 that names the field), and
 * typed reads that copy only the fields named.
 */

/** A field the proxy will not forward, with the reason a page's developer can act on. */
export class BodyRefusal extends Error {}

/** Throws a {@link BodyRefusal} with `message`. */
export function refuse(message: string): never {
  throw new BodyRefusal(message);
}

/** Whether `value` is a plain JSON object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** `value` as an object, or a refusal naming `where`. */
export function object(value: unknown, where: string): Record<string, unknown> {
  return isObject(value) ? value : refuse(`${where} must be an object.`);
}

/** `value` as an array, or a refusal naming `where`. */
export function array(value: unknown, where: string): unknown[] {
  return Array.isArray(value) ? value : refuse(`${where} must be an array.`);
}

/** `value` as a string, or a refusal naming `where`. */
export function string(value: unknown, where: string): string {
  return typeof value === 'string' ? value : refuse(`${where} must be a string.`);
}

/** A copy of `source` with only `keys` (those present). */
export function pick(source: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

/** Refuses when `source` carries any of `fields` (the ones that multiply what a request costs). */
export function refuseFields(source: Record<string, unknown>, fields: Record<string, string>, where = ''): void {
  for (const [field, why] of Object.entries(fields)) {
    if (source[field] !== undefined) refuse(`The proxy does not forward ${where}${field}: ${why}`);
  }
}

/** The names of `source`'s fields that are not in `kept`: what the proxy dropped. */
export function dropped(source: Record<string, unknown>, kept: readonly string[]): string[] {
  return Object.keys(source).filter((key) => !kept.includes(key));
}

/** The prompt-caching mark, without a longer lifetime (a one-hour cache write costs twice). */
export function cacheControl(value: unknown): {cache_control?: {type: 'ephemeral'}} {
  return value === undefined ? {} : {cache_control: {type: 'ephemeral'}};
}
