/**
 * Placeholders that let a scripted turn use the data of the tool results it answers, so a
 * recorded conversation can be replayed against live MCP servers: the calls are scripted, the
 * numbers on the widgets are the servers' own. A placeholder is an object with one key:
 *
 * - `{"$rows":   {"result": 0, "map": {"lat": "latitude", "label": "{iata} — {name}"}, "limit": 50}}`
 *   → one object per row; a map value is a column name, or a template with `{column}`s;
 * - `{"$column": {"result": 0, "column": "t_max"}}` → that column's values;
 * - `{"$value":  {"result": 0, "column": "avg_max", "row": 0}}` → one cell;
 * - `{"$count":  {"result": 0}}` → the number of rows.
 *
 * `result` indexes the tool results of the request's latest tool message (default 0), whose text
 * must be JSON: an array of objects, or an object holding one under `key` (default `rows`, as the
 * demo data server answers; the atlas server answers e.g. `cities`). `key: "."` reads the object
 * itself as the only row (a profile such as the atlas server's `country_info`).
 */

/** Error raised when a placeholder cannot be filled; the server answers it as a 400. */
export class PlaceholderError extends Error {}

const KEYS = ['$rows', '$column', '$value', '$count'];

/**
 * Returns `value` with every placeholder replaced, reading the tool results of the request.
 * @param {unknown} value
 * @param {string[]} toolResults texts of the latest tool message's results
 */
export function fillPlaceholders(value, toolResults) {
  if (Array.isArray(value)) return value.map((v) => fillPlaceholders(v, toolResults));
  if (!value || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && KEYS.includes(keys[0])) return fill(keys[0], value[keys[0]], toolResults);
  return Object.fromEntries(keys.map((k) => [k, fillPlaceholders(value[k], toolResults)]));
}

function rowsOf(toolResults, index = 0, key = 'rows') {
  const text = toolResults[index];
  if (text === undefined) throw new PlaceholderError(`replay: the request has no tool result #${index} to read`);
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new PlaceholderError(`replay: tool result #${index} is not JSON (it may have been shortened): ${text.slice(0, 120)}`);
  }
  const rows = Array.isArray(parsed) ? parsed : key === '.' ? [parsed] : parsed?.[key];
  if (!Array.isArray(rows)) throw new PlaceholderError(`replay: tool result #${index} has no "${key}" list`);
  return rows;
}

function cell(row, spec) {
  if (!spec.includes('{')) return row[spec];
  return spec.replace(/\{([^}]+)\}/g, (_, column) => String(row[column] ?? ''));
}

function fill(kind, spec, toolResults) {
  const rows = rowsOf(toolResults, spec.result ?? 0, spec.key);
  const limited = spec.limit ? rows.slice(0, spec.limit) : rows;
  switch (kind) {
    case '$rows':
      return limited.map((row) => (spec.map ? Object.fromEntries(Object.entries(spec.map).map(([k, c]) => [k, cell(row, c)])) : row));
    case '$column':
      return limited.map((row) => row[spec.column]);
    case '$value':
      return rows[spec.row ?? 0]?.[spec.column];
    case '$count':
      return rows.length;
  }
}
