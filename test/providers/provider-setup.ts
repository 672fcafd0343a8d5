/** The request, tools and provider set-up shared by the provider suites. */
import type {ModelRequest} from '../../src/providers/language-model.js';
import {createProvider, type ProviderOptions, type RetryInfo} from '../../src/providers/index.js';
import {scenario, type FakeTurn, type Wire} from './fake-llm.js';

const TOOLS = [
  {name: 'data_mcp_query_sql', description: 'Run SQL', input_schema: {type: 'object', properties: {sql: {type: 'string'}}}},
  {name: 'autoui_webmcp_widget_display', description: 'Show a widget', input_schema: {type: 'object', properties: {name: {type: 'string'}, params: {type: 'object'}}}},
];
/** A one-question request offering two tools. */
export const REQUEST: ModelRequest = {system: 'You are a test.', messages: [{role: 'user', content: 'Hello'}], tools: TOOLS, maxTokens: 256};
/** Arguments long enough to arrive in many fragments. */
export const LONG_SQL = `select ${Array.from({length: 120}, (_, i) => `column_${i}`).join(', ')} from t`;

/** Registers `turns` and returns a provider for `wire` pointed at them, plus the scenario. */
export async function setup(wire: Wire, turns: FakeTurn[], options: Partial<ProviderOptions> = {}) {
  const s = await scenario(turns, `${wire}-suite`);
  const retries: RetryInfo[] = [];
  const model = createProvider({provider: wire, endpoint: s.endpoint(wire), retryBaseDelayMs: 1, onRetry: (r) => retries.push(r), ...options});
  return {s, model, retries};
}
