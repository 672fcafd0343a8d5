/**
 * A text file's bytes as text, chunk by chunk: the encoding from a BOM (UTF-8, UTF-16 LE/BE),
 * else UTF-8 when the first 64 KB are valid UTF-8, else windows-1252 (what spreadsheets on Windows
 * export). The decoder streams, so a character cut by a chunk boundary is joined, never mangled;
 * a binary file (NUL bytes in its first 64 KB) is refused before any parsing.
 */
import {FileUnreadable} from './failures.js';

/** How much of the file the encoding and binary checks read. */
const SNIFF_BYTES = 64 * 1024;
/** The bytes read and decoded at a time: small enough to keep memory flat, large enough to be quick. */
export const DEFAULT_CHUNK_BYTES = 4 * 1024 * 1024;

/** The encoding of a text file, from its first bytes; throws `FileUnreadable` for a binary one. */
export function sniffEncoding(head: Uint8Array, name: string): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head.includes(0)) throw new FileUnreadable(`"${name}" is not a text file (it holds binary data), so it cannot be read as its name says.`);
  try {
    // stream: a character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', {fatal: true}).decode(head, {stream: true});
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The text of `file`, decoded in chunks of `chunkBytes`. */
export async function* decodeText(file: Blob, name: string, chunkBytes = DEFAULT_CHUNK_BYTES): AsyncGenerator<string> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const decoder = new TextDecoder(sniffEncoding(head, name));
  for (let offset = 0; offset < file.size; offset += chunkBytes) {
    const bytes = new Uint8Array(await file.slice(offset, offset + chunkBytes).arrayBuffer());
    const text = decoder.decode(bytes, {stream: true});
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** The whole text of `file` (`JSON.parse` needs a JSON document in one piece). */
export async function wholeText(file: Blob, name: string): Promise<string> {
  let text = '';
  for await (const chunk of decodeText(file, name)) text += chunk;
  return text;
}
