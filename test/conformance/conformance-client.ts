/**
 * The client the MCP conformance suite drives (`conformance client --command ...`): it connects to
 * the URL given as last argument with autoui-agent's own `src/mcp/` (bundled for Node by
 * scripts/conformance.mjs), calls every tool once with arguments made from its input schema, as
 * the agent would, and closes. Exit code 0 when all of that worked.
 */
import {connectMcpServer} from '../../src/mcp/index.js';

type Schema = {type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; enum?: unknown[]; default?: unknown};

/** A plausible value for a schema: its default, its first enum value, or one of the right type. */
function sample(schema: Schema = {}): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return Object.fromEntries((schema.required ?? []).map((k) => [k, sample(schema.properties?.[k])]));
  return 'test';
}

const url = process.argv[process.argv.length - 1];
const context = () => ({signal: AbortSignal.timeout(20_000), callId: 'conformance', reportProgress: () => {}});

const connection = await connectMcpServer({url, connectTimeoutMs: 15_000});
let failed = false;
for (const tool of connection.layer.tools) {
  try {
    const out = await connection.layer.callTool!(tool.name, sample(tool.inputSchema as Schema) as Record<string, unknown>, context());
    console.log(`${tool.name}: ${out.isError ? 'error result' : 'ok'}: ${out.text.slice(0, 200)}`);
  } catch (error) {
    failed = true;
    console.error(`${tool.name}: ${(error as Error).message}`);
  }
}
await connection.close();
process.exit(failed ? 1 : 0);
