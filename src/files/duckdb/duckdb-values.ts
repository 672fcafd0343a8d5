/**
 * DuckDB's answers (Apache Arrow tables) as the plain values the sql.js engine answers: numbers,
 * text, booleans, null, dates as ISO 8601 text, nested values (JSON's lists and objects) as JSON
 * text, bytes as a short note.
 */

/** Arrow's type ids for dates and times (apache-arrow's `Type` enum; not imported: the values are stable). */
const DATE = 8;
const TIMESTAMP = 10;

/** An Arrow field, as far as it is read here. */
export interface ArrowField {
  name: string;
  typeId: number;
}

/** `value` of a column of Arrow type `typeId`, plain. */
export function plainValue(value: unknown, typeId: number): unknown {
  if (value === null || value === undefined) return null;
  if (typeId === DATE || typeId === TIMESTAMP) {
    const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value) : undefined;
    if (date && !Number.isNaN(date.getTime())) {
      const iso = date.toISOString().replace(/\.000Z$/, '').replace(/Z$/, '');
      return typeId === DATE || iso.endsWith('T00:00:00') ? iso.replace(/T00:00:00$/, '') : iso;
    }
  }
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Uint8Array) return `[${value.length} bytes]`;
  const json = (value as {toJSON?: () => unknown}).toJSON?.() ?? value;
  return JSON.stringify(json, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v));
}

/** The rows of an Arrow table (as DuckDB's `query` answers), each an array in field order, plain. */
export function plainRows(table: {schema: {fields: ArrowField[]}; toArray(): {toArray(): unknown[]}[]}): unknown[][] {
  const types = table.schema.fields.map((f) => f.typeId);
  return table.toArray().map((row) => row.toArray().map((value, i) => plainValue(value, types[i]!)));
}
