/**
 * What the Mastra test agent's (fake) model does per script. A script is a
 * function of the display tool's name (as the page offered it) returning fake LLM turns
 * (test/fake-llm/scenario-store.mjs); each turn answers one model request, in order, a `match`
 * keeping it for the request that follows the right tool result.
 *
 *   weather   get_weather {city: "Paris"} (the agent's own tool, run by Mastra: {"city":"Paris","tempC":21})
 *             → "It is 21 °C in Paris."
 *   chart     "Here is the chart." + the page's widget_display with a bar chart (a frontend tool:
 *             the run ends with it pending) → after its result: "The chart is on the page."
 *   approval  delete_report {report: "Q3"}: the tool suspends (Mastra's suspend). The adapter
 *             sends no TOOL_CALL_* for it, only CUSTOM "on_interrupt" (its legacy channel) and
 *             RUN_FINISHED outcome interrupt [{id: "<runId>::<toolCallId>", reason:
 *             "mastra:tool_suspend", toolCallId, responseSchema {approved: boolean}, no message;
 *             metadata.mastra: {toolName: "delete_report", args: {report: "Q3"}, suspendPayload:
 *             {question: "Delete the Q3 report?"}}}] → resumed with {approved: true}: the result
 *             {"deleted":"Q3"} and "Done: the Q3 report was deleted."; with {approved: false}
 *             (or cancelled): {"deleted":null,...} and "The Q3 report was kept."
 *   all       weather, then the chart, then the approval, in one conversation
 *
 * Plain data (no import), so the Node checks read it from the repo; the tools are in mastra-tools.mjs.
 */

/** What the agent is told (the fake model does not read it; Mastra sends it). */
export const INSTRUCTIONS = 'You are the test helper. Use your tools; draw charts with the page\'s widget_display tool.';

/** The chart the model asks the page to draw. */
export const CHART_ARGS = {name: 'chart', params: {type: 'bar', title: 'Rain in Paris', labels: ['Mon', 'Tue', 'Wed'], datasets: [{label: 'mm', data: [3, 0, 5]}]}};

/** The display tool's name as the page offered it (bare or namespaced), `widget_display` when none. */
export function displayToolName(tools) {
  return (tools ?? []).map((t) => t.name).find((n) => n === 'widget_display' || String(n).endsWith('_widget_display')) ?? 'widget_display';
}

const weather = () => [
  {toolCalls: [{name: 'get_weather', input: {city: 'Paris'}}]},
  {match: {lastToolResultIncludes: 'tempC'}, text: 'It is 21 °C in Paris.'},
];
const chart = (display) => [
  {text: 'Here is the chart.', toolCalls: [{name: display, input: CHART_ARGS}]},
  {text: 'The chart is on the page.'},
];
const approval = () => [
  {toolCalls: [{name: 'delete_report', input: {report: 'Q3'}}]},
  {match: {lastToolResultIncludes: '"deleted":"Q3"'}, text: 'Done: the Q3 report was deleted.'},
  {text: 'The Q3 report was kept.'},
];

/** @type {Record<string, (display: string) => object[]>} */
export const SCRIPTS = {
  weather,
  chart,
  approval,
  all: (display) => [
    {toolCalls: [{name: 'get_weather', input: {city: 'Paris'}}]},
    {match: {lastToolResultIncludes: 'tempC'}, text: 'It is 21 °C in Paris. Here is the chart.', toolCalls: [{name: display, input: CHART_ARGS}]},
    {text: 'The chart is on the page. Now the report.', toolCalls: [{name: 'delete_report', input: {report: 'Q3'}}]},
    {match: {lastToolResultIncludes: '"deleted":"Q3"'}, text: 'Done: the Q3 report was deleted.'},
    {text: 'The Q3 report was kept.'},
  ],
};
