/**
 * The zip-bomb guard of spreadsheets (XLSX and ODS are zip archives): before SheetJS inflates
 * anything, the archive's central directory (its end record and one entry per file, a few kB) is
 * read here and the archive refused when what it declares would inflate past the cap:
 * - in all, more than 50 × the file's size, with a floor of 100 MB (small files of repetitive
 *   cells compress well) and a ceiling of 1 GB;
 * - any entry over 10 MB whose ratio is above 500:1 (real sheets stay far below; deflate tops out
 *   near 1032:1, so more is a lie anyway);
 * - ZIP64 sizes (0xFFFFFFFF): larger than any cap.
 * An archive whose declared sizes lie is stopped by the main thread's load time limit, which ends
 * the Worker.
 */
import {FileUnreadable} from './failures.js';

const EOCD = 0x06054b50;
const ENTRY = 0x02014b50;
const MB = 1024 * 1024;

/** The most a spreadsheet of `size` bytes may declare in all. */
export const unzippedCap = (size: number) => Math.min(1024 * MB, Math.max(100 * MB, 50 * size));

/** Throws `FileUnreadable` unless `bytes` is a zip archive whose declared sizes are within the caps. */
export function checkZip(bytes: Uint8Array, fileName: string): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const notZip = () => new FileUnreadable(`"${fileName}" is not a spreadsheet (not a zip archive, or cut short), so it cannot be read.`);
  if (bytes.length < 22 || view.getUint32(0, true) !== 0x04034b50) throw notZip();
  // The end record sits in the last 22 bytes plus at most a 65,535-byte comment.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw notZip();
  const count = view.getUint16(end + 10, true);
  const offset = view.getUint32(end + 16, true);
  if (offset >= end) throw notZip();
  const bomb = (why: string) => new FileUnreadable(`"${fileName}" would inflate too much to be read (${why}); it looks like a zip bomb.`);
  let total = 0;
  for (let i = 0, at = offset; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== ENTRY) throw notZip();
    const compressed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    if (size === 0xffffffff || compressed === 0xffffffff) throw bomb('ZIP64 sizes');
    if (size > 10 * MB && size > 500 * Math.max(compressed, 1)) throw bomb(`an entry of ${Math.round(size / MB)} MB from ${compressed.toLocaleString('en')} bytes`);
    total += size;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  if (total > unzippedCap(bytes.length)) throw bomb(`${Math.round(total / MB)} MB in all, over the ${Math.round(unzippedCap(bytes.length) / MB)} MB cap`);
}
