/**
 * Files a visitor might drop on the element, made in Node, deterministic (seeded), no network:
 * the large CSV of the end-to-end test and the benchmark, the good files of every kind (a
 * two-sheet XLSX and its ODS twin, JSON Lines with nested objects, a Windows-1252 CSV with decimal
 * commas) and the bad ones (a truncated XLSX, binary bytes named .csv, 10,000 columns, JSON nested
 * a million deep, a zip bomb dressed as an XLSX).
 *
 * Every function writes its file under the cache folder (node_modules/.cache/autoui-files/, which
 * the test servers serve with the rest of the repository) once and reuses it when present, and
 * returns `{path, url, name, size, ...facts}`: `url` is the path from the repository's root, for a
 * page to fetch; the facts are what the file holds, computed here while writing it, so a test
 * compares the engine's answers with numbers it did not produce.
 *
 *   node test/support/file-fixtures.mjs          makes them all and prints where they are
 */
import {createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync} from 'node:fs';
import {once} from 'node:events';
import {crc32, deflateRawSync, createDeflateRaw} from 'node:zlib';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** Where the files are written (inside the served repository, outside git). */
export const FIXTURE_DIR = `${root}node_modules/.cache/autoui-files/`;

/**
 * A value that only rows beyond the sample hold (the first rows are the 5 `describe` shows): a
 * test looks for it in every request the page made. It sorts between the other notes, so it is
 * never a column's min or max either.
 */
export const ROW_MARKER = 'nq7x-private-row-51d3';

/** A small seeded generator (mulberry32): the same numbers on every machine. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const out = (name) => {
  mkdirSync(FIXTURE_DIR, {recursive: true});
  return `${FIXTURE_DIR}${name}`;
};
const described = (path, extra = {}) => ({path, url: `/${path.slice(root.length)}`, name: path.slice(FIXTURE_DIR.length), size: statSync(path).size, ...extra});

/** Writes `name` with `make()` (bytes) unless it exists; atomically, so a crash leaves no half file. */
function cached(name, make) {
  const path = out(name);
  if (!existsSync(path)) {
    writeFileSync(`${path}.part`, make());
    renameSync(`${path}.part`, path);
  }
  return path;
}

/**
 * The cities of the large CSV: two hold a comma (so the writer quotes them) and one a double
 * quote (doubled inside the quotes), as exported spreadsheets do.
 */
export const BIG_CSV_CITIES = ['Amsterdam', 'Berlin', 'Lisbon', 'Washington, D.C.', 'Madrid', 'Oslo', 'Paris', 'Saint-Denis, Réunion', 'Rome', 'The "Big" Apple', 'Vienna', 'Zürich'];
const NOTES = ['gift', 'late', 'ok', 'ok', 'ok', 'refund', 'repeat'];
const csvField = (text) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/**
 * A CSV of at most `bytes` bytes, filled as close as a row allows (default 100 MB, the element's default limit: about 2 million rows): `id` (1, 2, ...), `city`
 * (text, some quoted with commas), `date` (2020–2025), `amount` (two decimals), `ratio` (four
 * decimals, 0–1), `flag` (true/false), `note` (short words; row 1,000 and the middle row hold
 * {@link ROW_MARKER}). Streamed to disk; its facts (rows, rows per city, sum of amounts in cents,
 * the marker's rows) are kept next to it in a .json file and returned.
 * @param {{bytes?: number}} [options]
 * @returns {Promise<{path: string, url: string, name: string, size: number, rows: number, byCity: Record<string, number>, amountCentsByCity: Record<string, number>, markerRows: number[], columns: string[]}>}
 */
export async function bigCsv({bytes = 100 * 1024 * 1024} = {}) {
  const name = `big-${bytes}.csv`;
  const path = out(name);
  const factsPath = `${path}.facts.json`;
  if (existsSync(path) && existsSync(factsPath)) return described(path, JSON.parse(readFileSync(factsPath, 'utf8')));

  const random = seeded(34);
  const columns = ['id', 'city', 'date', 'amount', 'ratio', 'flag', 'note'];
  const stream = createWriteStream(`${path}.part`);
  const byCity = Object.fromEntries(BIG_CSV_CITIES.map((c) => [c, 0]));
  const amountCentsByCity = Object.fromEntries(BIG_CSV_CITIES.map((c) => [c, 0]));
  const markerRows = [];
  const day0 = Date.UTC(2020, 0, 1);
  let row = 0;
  // The middle row (by bytes, roughly) gets the second marker; estimated from the first rows.
  let middleRow = Infinity;
  let chunk = `${columns.join(',')}\n`;
  let size = chunk.length;
  for (;;) {
    const city = BIG_CSV_CITIES[Math.floor(random() * BIG_CSV_CITIES.length)];
    const cents = Math.floor(random() * 500_000);
    const date = new Date(day0 + Math.floor(random() * 2_190) * 86_400_000).toISOString().slice(0, 10);
    const ratio = (Math.floor(random() * 10_000) / 10_000).toFixed(4);
    const flag = random() < 0.5 ? 'true' : 'false';
    let note = NOTES[Math.floor(random() * NOTES.length)];
    if (row + 1 === 1_000 || row + 1 === middleRow) note = ROW_MARKER;
    const line = `${row + 1},${csvField(city)},${date},${(cents / 100).toFixed(2)},${ratio},${flag},${note}\n`;
    const lineBytes = Buffer.byteLength(line);
    // At most `bytes`: the default is the element's default limit, which the file must not pass.
    if (size + lineBytes > bytes) break;
    row++;
    size += lineBytes;
    if (note === ROW_MARKER) markerRows.push(row);
    byCity[city]++;
    amountCentsByCity[city] += cents;
    chunk += line;
    if (row === 10_000) middleRow = Math.round((bytes / size) * 10_000 * 0.5);
    if (chunk.length > 1 << 20) {
      if (!stream.write(chunk)) await once(stream, 'drain');
      chunk = '';
    }
  }
  stream.end(chunk);
  await once(stream, 'finish');
  renameSync(`${path}.part`, path);
  const facts = {rows: row, columns, byCity, amountCentsByCity, markerRows};
  writeFileSync(factsPath, JSON.stringify(facts));
  return described(path, facts);
}

/** The SheetJS writer, from the engine's own dependency. */
async function sheetjs() {
  return import('@e965/xlsx');
}

/** The rows of the two-sheet workbook: what each sheet holds, for the tests to compare with. */
export const WORKBOOK = {
  Sales: [
    ['region', 'month', 'units', 'revenue', 'formula'],
    ['North', '2024-01-01', 120, 1520.5, null],
    ['South', '2024-02-01', 95, 1210.25, null],
    ['East', '2024-03-01', 143, 1999.75, null],
    ['West', '2024-04-01', 88, 1050, null],
    ['North', '2024-05-01', 131, 1702.4, null],
    ['South', '2024-06-01', 102, 1288.6, null],
  ],
  Staff: [
    ['name', 'active', 'started'],
    ['Ada', true, '2019-03-04'],
    ['Grace', false, '2020-11-23'],
    ['Linus', true, '2021-06-30'],
  ],
};

/** The workbook as SheetJS objects: real dates, booleans and numbers, and one formula cell per Sales row. */
async function workbook() {
  const XLSX = await sheetjs();
  const book = XLSX.utils.book_new();
  for (const [sheet, rows] of Object.entries(WORKBOOK)) {
    const aoa = rows.map((r, i) => (i === 0 ? r : r.map((v) => (typeof v === 'string' && /^\d{4}-\d\d-\d\d$/.test(v) ? new Date(`${v}T00:00:00Z`) : v))));
    const ws = XLSX.utils.aoa_to_sheet(aoa, {cellDates: true, UTC: true});
    if (sheet === 'Sales') {
      // A formula with its cached value: the engine reads values, never evaluates formulas.
      for (let r = 2; r <= rows.length; r++) ws[`E${r}`] = {t: 'n', f: `C${r}*2`, v: rows[r - 1][2] * 2};
      ws['!ref'] = `A1:E${rows.length}`;
    }
    XLSX.utils.book_append_sheet(book, ws, sheet);
  }
  return {XLSX, book};
}

/** The two-sheet workbook (Sales, Staff) written as `bookType`: XLSX, or ODS (OpenDocument). */
async function twoSheetBook(bookType) {
  const name = `two-sheets.${bookType}`;
  if (!existsSync(out(name))) {
    const {XLSX, book} = await workbook();
    cached(name, () => XLSX.write(book, {type: 'buffer', bookType, compression: true}));
  }
  return described(out(name));
}

/** The two-sheet workbook as XLSX. */
export const twoSheetXlsx = () => twoSheetBook('xlsx');

/** The same workbook as ODS. */
export const twoSheetOds = () => twoSheetBook('ods');

/** The records of the JSON Lines file: nested objects (flattened by the engine) and an array. */
export const JSONL_RECORDS = [
  {id: 1, customer: {name: 'Ada', address: {city: 'London', zip: 'N1 9GU'}}, total: 12.5, paid: true, tags: ['new']},
  {id: 2, customer: {name: 'Grace', address: {city: 'Arlington', zip: '22201'}}, total: 40, paid: false, tags: []},
  {id: 3, customer: {name: 'Linus', address: {city: 'Helsinki', zip: '00100'}}, total: 7.25, paid: true, tags: ['repeat', 'gift']},
  {id: 4, customer: {name: 'Margaret', address: {city: 'Boston', zip: '02108'}}, total: 99.99, paid: true, tags: ['new']},
];

/** JSON Lines, one nested object per line. */
export function nestedJsonl() {
  return described(cached('orders.jsonl', () => JSONL_RECORDS.map((r) => JSON.stringify(r)).join('\n') + '\n'));
}

/**
 * A French export: Windows-1252 bytes (é as 0xE9, € as 0x80), semicolons, decimal commas (and a
 * dot between thousands). The values as they should read once decoded.
 */
export const WINDOWS_1252_ROWS = [
  ['ville', 'prix', 'quantité', 'remarque'],
  ['Béziers', '12,50', '3', 'café'],
  ['Orléans', '7,25', '10', 'prix en €'],
  ['Besançon', '1.234,75', '1', 'crème brûlée'],
  ['Nîmes', '0,99', '42', 'déjà vu'],
];

/** The Windows-1252 CSV (no UTF-8 anywhere in it). */
export function windows1252Csv() {
  return described(
    cached('ventes-cp1252.csv', () => {
      const text = WINDOWS_1252_ROWS.map((r) => r.join(';')).join('\r\n') + '\r\n';
      // Latin-1 for every letter here, but € is 0x80 in Windows-1252 (a control code in Latin-1).
      return Buffer.from([...text].map((ch) => (ch === '€' ? 0x80 : ch.charCodeAt(0))));
    }),
  );
}

/** The two-sheet XLSX cut in half: a zip with no central directory. */
export async function truncatedXlsx() {
  const whole = readFileSync((await twoSheetXlsx()).path);
  return described(cached('truncated.xlsx', () => whole.subarray(0, Math.floor(whole.length / 2))));
}

/** 64 kB of seeded random bytes behind a PNG signature, named .csv. */
export function binaryAsCsv() {
  return described(
    cached('photo.csv', () => {
      const random = seeded(7);
      const bytes = Buffer.alloc(65_536);
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
      return bytes;
    }),
  );
}

/** A CSV with 10,000 columns (c1 … c10000) and 3 rows. */
export function wideCsv() {
  return described(
    cached('wide.csv', () => {
      const header = Array.from({length: 10_000}, (_, i) => `c${i + 1}`).join(',');
      const rows = [1, 2, 3].map((r) => Array.from({length: 10_000}, (_, i) => r * i).join(','));
      return [header, ...rows].join('\n') + '\n';
    }),
  );
}

/** JSON nested a million arrays deep (`[`×1,000,000 then `]`×1,000,000): valid, and deeper than any parser's stack. */
export function deepJson() {
  return described(cached('deep.json', () => '['.repeat(1_000_000) + ']'.repeat(1_000_000)));
}

/** One stored zip entry's header fields (all little-endian), for a local header or a central record. */
function zipEntry(name, {crc, compressed, size, method}) {
  const nameBytes = Buffer.from(name, 'utf8');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
  local.writeUInt16LE(0x0800, 6); // names are UTF-8
  local.writeUInt16LE(method, 8);
  local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00, a fixed time: the same bytes on every run
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(compressed, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  local.writeUInt16LE(0, 28);
  return {nameBytes, local: Buffer.concat([local, nameBytes])};
}

function centralRecord(name, fields, offset) {
  const {nameBytes} = zipEntry(name, fields);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt16LE(fields.method, 10);
  central.writeUInt32LE(0x00210000, 12);
  central.writeUInt32LE(fields.crc, 16);
  central.writeUInt32LE(fields.compressed, 20);
  central.writeUInt32LE(fields.size, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(offset, 42);
  return Buffer.concat([central, nameBytes]);
}

/** A zip from entries already compressed: local headers and data, the central directory, its end record. */
function zip(entries) {
  const parts = [];
  const central = [];
  let offset = 0;
  for (const e of entries) {
    const {local} = zipEntry(e.name, e);
    central.push(centralRecord(e.name, e, offset));
    parts.push(local, e.data);
    offset += local.length + e.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const deflated = (name, text) => {
  const data = Buffer.from(text, 'utf8');
  const packed = deflateRawSync(data, {level: 9});
  return {name, data: packed, crc: crc32(data), compressed: packed.length, size: data.length, method: 8};
};

/** `bytes` zero bytes, deflated as a stream (never held whole in memory): the compressed bytes and the CRC of the zeros. */
async function deflatedZeros(bytes) {
  const deflate = createDeflateRaw({level: 9});
  const chunks = [];
  deflate.on('data', (c) => chunks.push(c));
  const block = Buffer.alloc(1 << 20);
  let crc = 0;
  for (let left = bytes; left > 0; left -= block.length) {
    const piece = left >= block.length ? block : block.subarray(0, left);
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return {data: Buffer.concat(chunks), crc};
}

/**
 * A zip bomb dressed as an XLSX: a well-formed workbook (content types, relationships, one sheet)
 * whose sheet entry inflates to `bytes` zero bytes (default 400 MB) from a few hundred kB. Its
 * headers state the true sizes; a reader that trusts them, or inflates without a limit, is caught.
 * @param {{bytes?: number}} [options]
 */
export async function zipBombXlsx({bytes = 400 * 1024 * 1024} = {}) {
  const name = `bomb-${bytes}.xlsx`;
  const path = out(name);
  if (existsSync(path)) return described(path, {inflated: bytes});
  const zeros = await deflatedZeros(bytes);
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const entries = [
    deflated(
      '[Content_Types].xml',
      `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    deflated('_rels/.rels', `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    deflated('xl/workbook.xml', `${xml}<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    deflated('xl/_rels/workbook.xml.rels', `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
    {name: 'xl/worksheets/sheet1.xml', data: zeros.data, crc: zeros.crc, compressed: zeros.data.length, size: bytes, method: 8},
  ];
  writeFileSync(`${path}.part`, zip(entries));
  renameSync(`${path}.part`, path);
  return described(path, {inflated: bytes});
}

/** A small, well-formed XLSX built by the same zip writer as the bomb (its sheet inflates to 2 rows): proves the container itself is readable. */
export function tinyHandmadeXlsx() {
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return described(
    cached('handmade.xlsx', () =>
      zip([
        deflated(
          '[Content_Types].xml',
          `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
        ),
        deflated('_rels/.rels', `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
        deflated('xl/workbook.xml', `${xml}<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`),
        deflated('xl/_rels/workbook.xml.rels', `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
        deflated('xl/worksheets/sheet1.xml', `${xml}<worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>word</t></is></c><c r="B1" t="inlineStr"><is><t>n</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>seven</t></is></c><c r="B2"><v>7</v></c></row></sheetData></worksheet>`),
      ]),
    ),
  );
}

/** Every bad file, with the error code the element should give it. */
export async function badFiles() {
  return [
    {...(await truncatedXlsx()), code: 'FILE_UNREADABLE', what: 'an XLSX cut in half'},
    {...binaryAsCsv(), code: 'FILE_UNREADABLE', what: 'binary bytes named .csv'},
    {...wideCsv(), code: 'FILE_UNREADABLE', what: 'a CSV with 10,000 columns'},
    {...deepJson(), code: 'FILE_UNREADABLE', what: 'JSON nested 1,000,000 deep'},
    {...(await zipBombXlsx()), code: 'FILE_UNREADABLE', what: 'an XLSX whose sheet inflates to 400 MB'},
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const t0 = Date.now();
  const all = [await bigCsv(), await twoSheetXlsx(), await twoSheetOds(), nestedJsonl(), windows1252Csv(), tinyHandmadeXlsx(), ...(await badFiles())];
  for (const f of all) console.log(`${String(f.size).padStart(11)}  ${f.url}`);
  console.log(`file fixtures ready in ${FIXTURE_DIR} (${Date.now() - t0} ms)`);
}
