/**
 * Which tool calls the conformance client makes: by default every tool once, with arguments made
 * from its input schema (as the agent's model would fill them); the calls the runner names in its
 * context when it gives some (`http-custom-headers` checks headers mirrored from exact values);
 * and, for the one scenario whose check is a round trip, the echo it asks for.
 */
import type {LayerTool} from '../../src/agent/types.js';
import type {ScenarioContext} from './scenario-context.js';

/** One planned `tools/call`. */
export interface PlannedCall {
  name: string;
  args: Record<string, unknown>;
}

type Schema = {type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; enum?: unknown[]; default?: unknown};

/** A plausible value for a schema: its default, its first enum value, or one of the right type. */
export function sample(schema: Schema = {}): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object' || schema.properties) return Object.fromEntries((schema.required ?? []).map((k) => [k, sample(schema.properties?.[k])]));
  return 'test';
}

/**
 * `json-schema-2020-12-preservation`: the schema *as our client kept it* goes back through the
 * echo tool, so the runner can see which keywords our parsing dropped.
 */
function echoSchema(tools: LayerTool[]): PlannedCall[] {
  const focal = tools.find((t) => t.name === 'json_schema_2020_12_tool');
  return focal ? [{name: 'json_schema_echo', args: {schema: focal.inputSchema as Record<string, unknown>}}] : [];
}

/** The calls to make for `scenario`, given the tools our client offers to the model. */
export function planCalls(scenario: string, tools: LayerTool[], context: ScenarioContext | undefined): PlannedCall[] {
  if (context?.toolCalls?.length) return context.toolCalls.map((c) => ({name: c.name, args: c.arguments}));
  if (scenario === 'json-schema-2020-12-preservation') return echoSchema(tools);
  return tools.map((t) => ({name: t.name, args: sample(t.inputSchema as Schema) as Record<string, unknown>}));
}
