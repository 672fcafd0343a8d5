/**
 * The fake LLM's answer to "How many airports?" for the pages that drive a session from the core
 * entry: count with the Data server's SQL, show the count as a `stat` widget, then answer.
 */

/**
 * Registers the scenario with the fake LLM under `name`; resolves with the base URL a provider
 * uses to be answered by it.
 * @param {string} fakeLlm the fake LLM's URL
 * @param {string} name a name of the scenario's own, for its logs
 * @returns {Promise<string>}
 */
export async function airportsScenario(fakeLlm, name) {
  const response = await fetch(`${fakeLlm}/__scenarios`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({
      name,
      turns: [
        {toolCalls: [{name: 'data_mcp_query_sql', input: {sql: 'SELECT COUNT(*) AS n FROM airports'}}]},
        {match: {lastToolResultIncludes: '"n"'}, toolCalls: [{name: 'autoui_webmcp_widget_display', input: {name: 'stat', params: {label: 'Airports', value: {$value: {result: 0, column: 'n', row: 0}}}}}]},
        {match: {lastToolResultIncludes: '"widget"'}, text: 'There are the airports.'},
      ],
    }),
  });
  const {base} = await response.json();
  return base;
}
