/**
 * The building blocks of scripted conversations for the fake LLM server (scenarios in the format
 * of demo/replay/*.json): tool calls, the placeholders that fill a widget's figures from the live
 * tool results, and the usual turns (the recipe lookup, a data turn, a widgets turn, the answer).
 * The scripted demo model's answers (scripted-answers.mjs) and the tests' deliberately wrong
 * answers are written with them.
 */

const CHUNK_DELAY_MS = 5;

/**
 * @typedef {{name: string, input: Record<string, unknown>}} ToolCall
 * @typedef {{match?: Record<string, unknown>, text?: string, toolCalls?: ToolCall[], chunkDelayMs?: number, fragmentSize?: number}} Turn
 * @typedef {{name: string, description: string, turns: Turn[]}} Scenario
 * @typedef {Record<string, unknown>} Placeholder a `$rows`, `$column` or `$value` the fake LLM fills
 */

// ---------------------------------------------------------------- calls

/**
 * One tool call of a turn.
 * @param {string} name
 * @param {Record<string, unknown>} input
 * @returns {ToolCall}
 */
export const call = (name, input) => ({name, input});
/**
 * A `query_sql` call to the Data server.
 * @param {string} query
 */
export const sql = (query) => call('data_mcp_query_sql', {sql: query});
/**
 * A call to one of the Atlas server's tools.
 * @param {string} tool
 * @param {Record<string, unknown>} input
 */
export const atlas = (tool, input) => call(`atlas_mcp_${tool}`, input);
/**
 * A `widget_display` call showing widget `name`.
 * @param {string} name
 * @param {Record<string, unknown>} params
 */
export const widget = (name, params) => call('autoui_webmcp_widget_display', {name, params});

// ---------------------------------------------------------------- placeholders

/**
 * Where the rows of result `result` are: `key` of its JSON (`rows` by default, `.` for one object).
 * @param {number} result
 * @param {string} [key]
 */
const from = (result, key) => ({result, ...(key ? {key} : {})});
/**
 * `column` of every row.
 * @param {string} name
 * @param {number} [result]
 * @param {string} [key]
 * @returns {Placeholder}
 */
export const column = (name, result = 0, key) => ({$column: {...from(result, key), column: name}});
/**
 * One cell: `column` of row `row` (default the first).
 * @param {string} name
 * @param {number} [result]
 * @param {string} [key]
 * @param {number} [row]
 * @returns {Placeholder}
 */
export const value = (name, result = 0, key, row) => ({$value: {...from(result, key), column: name, ...(row !== undefined ? {row} : {})}});
/**
 * One object per row, each value a column name or a `{column}` template.
 * @param {Record<string, string>} map
 * @param {number} [result]
 * @param {string} [key]
 * @returns {Placeholder}
 */
export const rows = (map, result = 0, key) => ({$rows: {...from(result, key), map}});

// ---------------------------------------------------------------- turns

/**
 * The recipe lookup: a search (Data) or the list (Atlas, whose own recipe tools the element
 * maps to the canonical names), then reading `recipe` once the answer names it.
 * @param {'data' | 'atlas'} server
 * @param {string} query keywords of the search (the Data server's search; the Atlas list takes none)
 * @param {string} recipe
 * @param {string} [text] what the model says first
 * @returns {Turn[]}
 */
export function recipeTurns(server, query, recipe, text) {
  const first = server === 'data' ? call('data_mcp_search_recipes', {query}) : call('atlas_mcp_list_recipes', {});
  return [
    {...(text ? {text} : {}), toolCalls: [first], chunkDelayMs: CHUNK_DELAY_MS},
    {match: {lastToolResultIncludes: recipe}, toolCalls: [call(`${server}_mcp_get_recipe`, {name: recipe})], chunkDelayMs: CHUNK_DELAY_MS},
  ];
}

/**
 * The data turn: the calls whose results the widgets turn reads, in this order.
 * @param {ToolCall[]} calls
 * @param {string} [text]
 * @returns {Turn}
 */
export function callsTurn(calls, text) {
  return {...(text ? {text} : {}), toolCalls: calls, chunkDelayMs: CHUNK_DELAY_MS};
}

/**
 * The widgets turn, once the display tool is offered.
 * @param {ToolCall[]} widgets
 * @returns {Turn}
 */
export function widgetsTurn(widgets) {
  return {match: {toolOffered: 'widget_display'}, toolCalls: widgets, chunkDelayMs: CHUNK_DELAY_MS, fragmentSize: 24};
}

/**
 * The final answer.
 * @param {string} text
 * @returns {Turn}
 */
export function answerTurn(text) {
  return {text, chunkDelayMs: CHUNK_DELAY_MS};
}

/**
 * A scenario of the fake LLM server.
 * @param {string} name
 * @param {string} description
 * @param {Turn[]} turns
 * @returns {Scenario}
 */
export function scenario(name, description, turns) {
  return {name, description: `Scripted eval answer: ${description} The calls are scripted; the figures come live from the servers.`, turns};
}

// ---------------------------------------------------------------- widgets

/**
 * A chart over shared labels, one dataset per [label, data] pair of `series`.
 * @param {string} type
 * @param {string} title
 * @param {Placeholder} labels
 * @param {Array<[string, Placeholder]>} series
 * @param {Record<string, unknown>} [extra] more chart params (axis titles)
 */
export function chart(type, title, labels, series, extra = {}) {
  return widget('chart', {type, title, labels, datasets: series.map(([label, data]) => ({label, data})), ...extra});
}

/**
 * A table whose columns are [key, label, type?] and whose rows copy those keys from result `result`.
 * @param {string} title
 * @param {Array<[string, string] | [string, string, string]>} columns
 * @param {number} [result]
 * @param {string} [key]
 */
export function table(title, columns, result = 0, key) {
  return widget('table', {
    title,
    columns: columns.map(([k, label, type]) => ({key: k, label, ...(type ? {type} : {})})),
    rows: rows(Object.fromEntries(columns.map(([k]) => [k, k])), result, key),
  });
}

/**
 * A map with one marker per row of result `result`.
 * @param {string} title
 * @param {string} lat column of the latitude
 * @param {string} lng column of the longitude
 * @param {string} popup a `{column}` template
 * @param {number} [result]
 * @param {string} [key]
 */
export function markerMap(title, lat, lng, popup, result = 0, key) {
  return widget('map', {title, markers: rows({lat, lng, popup}, result, key)});
}

/**
 * @typedef {{official: string, capital: string, region: string, subregion: string, area: string, landlocked: string, flag: string}} CardLabels
 */
