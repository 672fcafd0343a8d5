/**
 * How a `snapshot` set as a property on `<autoui-agent>` becomes the `snapshot` attribute's text:
 * frameworks set a `snapshot` prop to a string or to an object.
 */

/**
 * A `snapshot` set as a property, as the `snapshot` attribute's text: a string is its JSON, an
 * object is written as JSON; anything else (or what is not JSON) is `undefined`: it is ignored.
 */
export function snapshotJson(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return undefined;
  try {
    return JSON.stringify(value);
  } catch {
    console.warn('autoui-agent: the snapshot property holds something that is not JSON; it is ignored.');
    return undefined;
  }
}
