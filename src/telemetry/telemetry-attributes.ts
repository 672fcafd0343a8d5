/**
 * Every span attribute the element emits, in one list: the adapter drops any other name, so this
 * list is the whole truth of what leaves the page (the README's table is made from it). Names follow
 * the OpenTelemetry semantic conventions {@link SEMCONV_VERSION} (GenAI and MCP, still marked
 * Development: a page can pin the names we emit by pinning our version). Names under `autoui.` are
 * ours, for what the conventions do not name.
 *
 * `content` attributes carry what a person or a server wrote (the question, the answer, tool
 * arguments and results): sent only with `telemetry-content`. Keys, tokens and visitor tokens are
 * never an attribute of any kind.
 */

/** The semantic conventions release the names follow (`@opentelemetry/semantic-conventions` of the same version). */
export const SEMCONV_VERSION = '1.45.0';

/** One attribute the element may emit. */
export interface TelemetryAttribute {
  name: string;
  /** True: question, answer, arguments or results; only with `telemetry-content`. */
  content: boolean;
  /** On which spans, and what it holds. */
  description: string;
}

/** The list. */
export const TELEMETRY_ATTRIBUTES: readonly TelemetryAttribute[] = [
  {name: 'gen_ai.operation.name', content: false, description: 'invoke_agent, chat or execute_tool'},
  {name: 'gen_ai.agent.name', content: false, description: 'invoke_agent: autoui-agent'},
  {name: 'gen_ai.provider.name', content: false, description: 'chat (and invoke_agent with one provider): anthropic, openai, browser, local…'},
  {name: 'gen_ai.request.model', content: false, description: 'chat: the model asked'},
  {name: 'gen_ai.request.max_tokens', content: false, description: 'chat: the output-token cap of the turn'},
  {name: 'gen_ai.response.model', content: false, description: 'invoke_agent: the model that answered'},
  {name: 'gen_ai.response.finish_reasons', content: false, description: 'chat: why the turn ended (stop, tool-calls, length…)'},
  {name: 'gen_ai.response.time_to_first_chunk', content: false, description: 'chat: seconds from the request to the first streamed part'},
  {name: 'gen_ai.usage.input_tokens', content: false, description: 'invoke_agent, chat: tokens read'},
  {name: 'gen_ai.usage.output_tokens', content: false, description: 'invoke_agent, chat: tokens written'},
  {name: 'gen_ai.tool.name', content: false, description: 'execute_tool: the name the model used; tools/call: the tool’s name on its server'},
  {name: 'gen_ai.tool.call.id', content: false, description: 'execute_tool: the model’s id of the call'},
  {name: 'gen_ai.tool.type', content: false, description: 'execute_tool: extension (a server’s tool) or function (answered in the page)'},
  {name: 'mcp.method.name', content: false, description: 'MCP client spans: the request’s method (initialize, tools/list, tools/call, resources/read…)'},
  {name: 'jsonrpc.request.id', content: false, description: 'MCP client spans: the JSON-RPC id of the request'},
  // Only with telemetry-content: on a server without sign-in, the session id is all a caller needs to act in that session.
  {name: 'mcp.session.id', content: true, description: 'MCP client spans: the 2025-era session id, when there is one (with telemetry-content only)'},
  {name: 'mcp.protocol.version', content: false, description: 'MCP client spans: the revision spoken'},
  {name: 'server.address', content: false, description: 'MCP client spans: the server’s host (no path, no query)'},
  {name: 'server.port', content: false, description: 'MCP client spans: its port'},
  {name: 'file.size', content: false, description: 'load_file: the file’s size in bytes'},
  {name: 'error.type', content: false, description: 'any failed span: an error code (TOOL_FAILED, PROVIDER_HTTP…)'},
  {name: 'autoui.iterations', content: false, description: 'invoke_agent: model turns made'},
  {name: 'autoui.stop_reason', content: false, description: 'invoke_agent: end_turn, max_iterations, aborted, error…'},
  {name: 'autoui.tool.server', content: false, description: 'execute_tool: the server’s name in tool prefixes'},
  {name: 'autoui.tool.result_length', content: false, description: 'execute_tool: characters of the result'},
  {name: 'autoui.request.source', content: false, description: 'MCP client spans that are a trace of their own: app (an MCP App view asked, no question running) or connect'},
  {name: 'autoui.widget.type', content: false, description: 'validate_widget: the widget type asked for'},
  {name: 'autoui.file.kind', content: false, description: 'load_file: csv, tsv, json, jsonl, xlsx, parquet…'},
  {name: 'autoui.file.rows', content: false, description: 'load_file: rows loaded, all tables together'},
  {name: 'autoui.files.engine', content: false, description: 'load_file: sqlite or duckdb'},
  {name: 'autoui.approval.decision', content: false, description: 'approval wait spans: allow, deny or stopped'},
  {name: 'gen_ai.input.messages', content: true, description: 'invoke_agent: the question'},
  {name: 'gen_ai.output.messages', content: true, description: 'invoke_agent: the answer'},
  {name: 'gen_ai.tool.call.arguments', content: true, description: 'execute_tool: the arguments, as JSON'},
  {name: 'gen_ai.tool.call.result', content: true, description: 'execute_tool: the result text'},
  {name: 'mcp.resource.uri', content: true, description: 'resources/read: the resource asked for (an address may name a person’s data)'},
  {name: 'file.name', content: true, description: 'load_file: the file’s name'},
];

/** Names allowed in any span. */
export const ALLOWED_ATTRIBUTES: ReadonlySet<string> = new Set(TELEMETRY_ATTRIBUTES.map((a) => a.name));

/** Names allowed only with `telemetry-content`. */
export const CONTENT_ATTRIBUTES: ReadonlySet<string> = new Set(TELEMETRY_ATTRIBUTES.filter((a) => a.content).map((a) => a.name));
