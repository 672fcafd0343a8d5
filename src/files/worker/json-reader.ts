/**
 * JSON and JSON Lines files to records. JSON: an array of records, or an object holding one such
 * array (`{"data": [...]}`), or a single object (one row). JSON Lines: one value per line, blank
 * lines skipped, decoded as a stream; a line that is not JSON is refused by its number.
 */
import {FileUnreadable} from './failures.js';
import {checkDepth} from './json-depth.js';
import {RecordRows} from './json-records.js';

/** The records of a JSON document. */
export function readJson(text: string, fileName: string): RecordRows {
  checkDepth(text, `"${fileName}"`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new FileUnreadable(`"${fileName}" is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  const rows = new RecordRows(fileName);
  for (const record of recordsOf(value)) rows.add(record);
  return rows;
}

/** The list of records a JSON value holds. */
function recordsOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === 'object') {
    const arrays = Object.values(value).filter((v): v is unknown[] => Array.isArray(v) && v.length > 0 && v.every((item) => item !== null && typeof item === 'object'));
    if (arrays.length === 1) return arrays[0]!;
    return [value];
  }
  return [value];
}

/** The records of a JSON Lines file, from its decoded text chunks. */
export async function readJsonLines(texts: AsyncIterable<string>, fileName: string): Promise<RecordRows> {
  const rows = new RecordRows(fileName);
  let rest = '';
  let line = 0;
  const take = (text: string) => {
    line++;
    if (!text.trim()) return;
    checkDepth(text, `Line ${line} of "${fileName}"`);
    try {
      rows.add(JSON.parse(text));
    } catch (error) {
      if (error instanceof FileUnreadable) throw error;
      throw new FileUnreadable(`Line ${line} of "${fileName}" is not JSON, so the file is not attached.`);
    }
  };
  for await (const text of texts) {
    const lines = (rest + text).split('\n');
    rest = lines.pop()!;
    for (const l of lines) take(l);
  }
  take(rest);
  return rows;
}
