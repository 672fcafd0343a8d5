/**
 * Share links: a widgets-only snapshot in the page URL's fragment, `#autoui=` followed by the
 * snapshot's JSON compressed with deflate-raw (the platform's `CompressionStream`) and written in
 * base64url. A fragment never reaches a server, so the link carries the canvas without any
 * backend. A fragment over 64 kB is refused both ways, and what one inflates to is capped, so a
 * small hostile link cannot grow into a large allocation.
 */
import {AutouiError, ErrorCodes} from '../../errors.js';
import {readBounded} from './read-bounded.js';
import {SHARE_PARAM} from './share-param.js';
import {SNAPSHOT_FORMAT, SNAPSHOT_LIMITS, SNAPSHOT_VERSION, type AutouiSnapshot} from './snapshot-format.js';

/** Longest fragment value written or read, in characters (64 kB). */
export const MAX_SHARE_FRAGMENT = 65_536;

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Only the canvas: a share link carries no transcript, no servers, no conversation. */
export function widgetsOnly(snapshot: AutouiSnapshot): AutouiSnapshot {
  return {format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, createdAt: snapshot.createdAt, widgets: snapshot.widgets, transcript: [], servers: []};
}

/** The fragment value for `snapshot`'s widgets. Throws `SNAPSHOT_TOO_LARGE` over 64 kB. */
export async function encodeShareFragment(snapshot: AutouiSnapshot): Promise<string> {
  const json = JSON.stringify(widgetsOnly(snapshot));
  const compressed = await pipe(new TextEncoder().encode(json), new CompressionStream('deflate-raw'), Infinity);
  const value = toBase64Url(compressed);
  if (value.length > MAX_SHARE_FRAGMENT) {
    throw new AutouiError(
      ErrorCodes.SNAPSHOT_TOO_LARGE,
      `This canvas makes a share link of ${Math.ceil(value.length / 1000)} kB; a link holds at most ${MAX_SHARE_FRAGMENT / 1024} kB. Share fewer or smaller widgets, or send a snapshot instead.`,
      {details: {length: value.length}},
    );
  }
  return value;
}

/** The snapshot JSON a fragment value holds. Throws `SNAPSHOT_TOO_LARGE` or `SNAPSHOT_INVALID`. */
export async function decodeShareFragment(value: string): Promise<string> {
  if (value.length > MAX_SHARE_FRAGMENT) {
    throw new AutouiError(ErrorCodes.SNAPSHOT_TOO_LARGE, `This share link is ${Math.ceil(value.length / 1000)} kB; at most ${MAX_SHARE_FRAGMENT / 1024} kB are read.`);
  }
  if (!BASE64URL.test(value)) throw new AutouiError(ErrorCodes.SNAPSHOT_INVALID, 'This share link is damaged: it holds characters a link of autoui-agent never has.');
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64Url(value);
  } catch {
    throw new AutouiError(ErrorCodes.SNAPSHOT_INVALID, 'This share link is damaged: its data is not base64url.');
  }
  let inflated: Uint8Array;
  try {
    inflated = await pipe(bytes, new DecompressionStream('deflate-raw'), SNAPSHOT_LIMITS.maxChars);
  } catch (error) {
    if (AutouiError.isInstance(error)) throw error;
    throw new AutouiError(ErrorCodes.SNAPSHOT_INVALID, 'This share link is damaged: its data does not decompress (was it cut?).', {cause: error});
  }
  try {
    return new TextDecoder('utf-8', {fatal: true}).decode(inflated);
  } catch (error) {
    throw new AutouiError(ErrorCodes.SNAPSHOT_INVALID, 'This share link is damaged: its data is not text.', {cause: error});
  }
}

/** Runs `bytes` through a (de)compression stream, refusing more than `max` bytes out. */
function pipe(bytes: Uint8Array<ArrayBuffer>, transform: CompressionStream | DecompressionStream, max: number): Promise<Uint8Array> {
  const writer = transform.writable.getWriter();
  void writer.write(bytes).catch(() => {});
  void writer.close().catch(() => {});
  return readBounded(transform.readable, max, () => new AutouiError(ErrorCodes.SNAPSHOT_TOO_LARGE, `This share link unpacks to more than ${max} bytes; it is not read.`));
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  // In slices: one call with every byte as an argument would overflow the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
