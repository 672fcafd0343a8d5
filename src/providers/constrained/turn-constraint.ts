/**
 * Tool calls with a model that has no tool use: each turn's answer is constrained (the Prompt
 * API's `responseConstraint`, a JSON Schema) to one of two shapes, `{"answer": "…"}` for words to
 * the person, or `{"tool": NAME, "arguments": {…}}` for one call of one offered tool, its
 * arguments matching that tool's schema. The browser makes the model write only what the schema
 * allows, so a call is well formed by construction; the loop still validates it like any model's.
 */
import type {ProviderTool} from '../language-model.js';
import type {JsonSchema} from '../../schema/json-schema.js';

/** A constrained turn's answer, read: words, or one call. */
export type ConstrainedTurn = {kind: 'answer'; text: string} | {kind: 'call'; name: string; input: Record<string, unknown>} | {kind: 'invalid'; error: string};

/** The schema one turn's answer must satisfy, for `tools` (none: words only; `required`: a call only). */
export function turnConstraint(tools: readonly ProviderTool[], toolChoice: 'auto' | 'required' = 'auto'): object {
  const answer = {type: 'object', properties: {answer: {type: 'string'}}, required: ['answer'], additionalProperties: false};
  const calls = tools.map((tool) => ({
    type: 'object',
    properties: {tool: {type: 'string', enum: [tool.name]}, arguments: closedObjects(tool.input_schema)},
    required: ['tool', 'arguments'],
    additionalProperties: false,
  }));
  if (!calls.length) return answer;
  return toolChoice === 'required' ? {anyOf: calls} : {anyOf: [answer, ...calls]};
}

/** The longest string and the longest list a constrained call may write where its schema sets no bound. */
export const CONSTRAINED_BOUNDS = {maxLength: 500, maxItems: 100} as const;

/**
 * `schema` bounded where a small model runs away: each object that names its properties closed to
 * others (`additionalProperties: false` where it says nothing), each string and list given a
 * longest length where it has none ({@link CONSTRAINED_BOUNDS}). A grammar built from an open
 * object or an unbounded string lets a model write invented keys or the same words without end,
 * which a small model does (Gemma 3 270M filled its 1,024 tokens inside one argument): bounded, the
 * call ends, and the loop judges it like any other.
 */
export function closedObjects(schema: JsonSchema): JsonSchema {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) out[key] = key === 'enum' || key === 'const' || key === 'default' || key === 'examples' ? value : visit(value);
    if (out.properties && typeof out.properties === 'object' && out.additionalProperties === undefined) out.additionalProperties = false;
    const types = Array.isArray(out.type) ? out.type : [out.type];
    if (types.includes('string') && out.maxLength === undefined && out.enum === undefined && out.const === undefined) out.maxLength = CONSTRAINED_BOUNDS.maxLength;
    if (types.includes('array') && out.maxItems === undefined) out.maxItems = CONSTRAINED_BOUNDS.maxItems;
    return out;
  };
  return visit(schema) as JsonSchema;
}

/**
 * What the system prompt adds so the model knows the two shapes and the tools. Each tool is one
 * line, its signature and the first sentence of its description: the grammar holds the model to
 * the full schema, so the prompt needs only what the model chooses between (a small model reads a
 * few hundred tokens here instead of every schema).
 */
export function toolInstructions(tools: readonly ProviderTool[]): string {
  if (!tools.length) return 'Answer as JSON: {"answer": "your answer to the person"}.';
  const list = tools.map((tool) => `- ${tool.name}(${signature(tool.input_schema)}): ${firstSentence(tool.description)}`).join('\n');
  return [
    'Answer as JSON, in one of two shapes:',
    '- {"tool": "<tool name>", "arguments": {…}} to call one tool (its result comes back to you);',
    '- {"answer": "…"} to answer the person when you are done.',
    'Tools:',
    list,
  ].join('\n');
}

/**
 * `sql: string, limit?: number`: a schema's top-level arguments, optional ones marked. A union of
 * object shapes (a strict schema, one branch per widget type) reads as one shape whose enums are
 * joined: `name: "stat"|"chart", params: object`.
 */
function signature(schema: JsonSchema): string {
  if (Array.isArray(schema.anyOf)) return signature(joinBranches(schema.anyOf as JsonSchema[]));
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(properties)
    .map(([name, property]) => `${name}${required.has(name) ? '' : '?'}: ${typeName(property)}`)
    .join(', ');
}

/** The branches of a union as one object shape: each property once, enums joined, required when all require it. */
function joinBranches(branches: readonly JsonSchema[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const branch of branches) {
    for (const [name, property] of Object.entries((branch.properties ?? {}) as Record<string, JsonSchema>)) {
      const known = properties[name];
      properties[name] = known && Array.isArray(known.enum) && Array.isArray(property.enum) ? {...known, enum: [...known.enum, ...property.enum]} : (known ?? property);
    }
  }
  const required = Object.keys(properties).filter((name) => branches.every((b) => Array.isArray(b.required) && b.required.includes(name)));
  return {type: 'object', properties, required};
}

function typeName(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return schema.enum.slice(0, 24).map((v) => JSON.stringify(v)).join('|');
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.join('|');
  return 'any';
}

/** The description's first sentence, on one line, at most 160 characters. */
function firstSentence(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const end = line.search(/[.!?](\s|$)/);
  return (end > 0 ? line.slice(0, end + 1) : line).slice(0, 160);
}

/** Reads a finished constrained answer. */
export function readConstrainedTurn(json: string): ConstrainedTurn {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return {kind: 'invalid', error: `the answer is not JSON (${(error as Error).message})`};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {kind: 'invalid', error: 'the answer is not a JSON object'};
  const turn = value as Record<string, unknown>;
  if (typeof turn.answer === 'string') return {kind: 'answer', text: turn.answer};
  if (typeof turn.tool === 'string' && typeof turn.arguments === 'object' && turn.arguments !== null && !Array.isArray(turn.arguments)) {
    return {kind: 'call', name: turn.tool, input: turn.arguments as Record<string, unknown>};
  }
  return {kind: 'invalid', error: 'the answer is neither {"answer": …} nor {"tool": …, "arguments": {…}}'};
}
