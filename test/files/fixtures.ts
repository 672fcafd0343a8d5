/** Files built in the test, byte by byte where the encoding matters. */
import {utils, write} from '@e965/xlsx';

/** A File of `parts` (strings are written as UTF-8). */
export const fileOf = (name: string, parts: BlobPart[], type = '') => new File(parts, name, {type});

/** Windows-1252 bytes of `text` (only Latin-1 characters). */
export function windows1252(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(text, (c) => {
    const code = c.charCodeAt(0);
    if (code > 0xff) throw new Error(`not Latin-1: ${c}`);
    return code;
  });
}

/** UTF-16 bytes of `text` with its BOM. */
export function utf16(text: string, littleEndian: boolean): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(2 + text.length * 2);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0xfeff, littleEndian);
  for (let i = 0; i < text.length; i++) view.setUint16(2 + i * 2, text.charCodeAt(i), littleEndian);
  return bytes;
}

/** A workbook of `sheets` (name → rows), written as XLSX or ODS by SheetJS. */
export function spreadsheet(sheets: Record<string, unknown[][]>, bookType: 'xlsx' | 'ods'): Uint8Array<ArrayBuffer> {
  const book = utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) utils.book_append_sheet(book, utils.aoa_to_sheet(rows, {cellDates: true, UTC: true}), name);
  return new Uint8Array(write(book, {type: 'array', bookType}) as ArrayBuffer);
}

/** `bytes` deflated (raw deflate, as zip entries hold them). */
export async function deflateRaw(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A zip of one deflated entry, its sizes declared truthfully (no CRC check is needed to refuse it). */
export function zipOf(name: string, deflated: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const nameBytes = new TextEncoder().encode(name);
  const local = new Uint8Array(30 + nameBytes.length);
  const lv = new DataView(local.buffer);
  lv.setUint32(0, 0x04034b50, true);
  lv.setUint16(4, 20, true);
  lv.setUint16(8, 8, true);
  lv.setUint32(18, deflated.length, true);
  lv.setUint32(22, size, true);
  lv.setUint16(26, nameBytes.length, true);
  local.set(nameBytes, 30);
  const central = new Uint8Array(46 + nameBytes.length);
  const cv = new DataView(central.buffer);
  cv.setUint32(0, 0x02014b50, true);
  cv.setUint16(4, 20, true);
  cv.setUint16(6, 20, true);
  cv.setUint16(10, 8, true);
  cv.setUint32(20, deflated.length, true);
  cv.setUint32(24, size, true);
  cv.setUint16(28, nameBytes.length, true);
  central.set(nameBytes, 46);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, 1, true);
  ev.setUint16(10, 1, true);
  ev.setUint32(12, central.length, true);
  ev.setUint32(16, local.length + deflated.length, true);
  const zip = new Uint8Array(local.length + deflated.length + central.length + end.length);
  zip.set(local, 0);
  zip.set(deflated, local.length);
  zip.set(central, local.length + deflated.length);
  zip.set(end, local.length + deflated.length + central.length);
  return zip;
}

/** The `AutouiError` code `promise` rejects with (fails the test when it resolves). */
export async function codeOf(promise: Promise<unknown>): Promise<{code: string; message: string}> {
  try {
    await promise;
  } catch (error) {
    return error as {code: string; message: string};
  }
  throw new Error('expected a rejection');
}
