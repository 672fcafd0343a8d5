/**
 * Reading the ground truth: the rows each truth call of a question answered (fetched by the
 * runner straight from the demo servers), and the values a `name.column` reference points at.
 */

/**
 * The truth of one question: rows by truth call name.
 * @typedef {Record<string, Array<Record<string, unknown>>>} Truth
 */

/**
 * The rows of a truth call's result text.
 * @param {string} text the tool result (JSON)
 * @param {string} [rows] where the rows are (see `TruthCall.rows`)
 * @param {number} [limit] how many rows to keep (see `TruthCall.limit`)
 * @returns {Array<Record<string, unknown>>}
 */
export function rowsOfResult(text, rows = 'rows', limit = Infinity) {
  const parsed = JSON.parse(text);
  if (rows === '.') return [parsed];
  const list = Array.isArray(parsed) ? parsed : parsed?.[rows];
  if (!Array.isArray(list)) throw new Error(`the result has no "${rows}" list`);
  return list.slice(0, limit);
}

/**
 * The values `ref` (`name.column`) points at, in row order.
 * @param {Truth} truth
 * @param {string} ref
 * @returns {unknown[]}
 */
export function truthValues(truth, ref) {
  const dot = ref.indexOf('.');
  const [name, column] = [ref.slice(0, dot), ref.slice(dot + 1)];
  const rows = truth[name];
  if (!rows) throw new Error(`no truth call "${name}"`);
  return rows.map((row) => row[column]);
}
