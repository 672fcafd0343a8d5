/**
 * Tool calls with a model that has no tool use: each turn's answer is constrained (the Prompt
 * API's `responseConstraint`, a JSON Schema) to one of two shapes, `{"answer": "…"}` for words to
 * the person, or `{"tool": NAME, "arguments": {…}}` for one call of one offered tool, its
 * arguments matching that tool's schema. The browser makes the model write only what the schema
 * allows, so a call is well formed by construction; the loop still validates it like any model's.
 */
import type {ProviderTool} from '../language-model.js';

/** A constrained turn's answer, read: words, or one call. */
export type ConstrainedTurn = {kind: 'answer'; text: string} | {kind: 'call'; name: string; input: Record<string, unknown>} | {kind: 'invalid'; error: string};

/** The schema one turn's answer must satisfy, for `tools` (none: words only). */
export function turnConstraint(tools: readonly ProviderTool[]): object {
  const answer = {type: 'object', properties: {answer: {type: 'string'}}, required: ['answer'], additionalProperties: false};
  const calls = tools.map((tool) => ({
    type: 'object',
    properties: {tool: {type: 'string', enum: [tool.name]}, arguments: tool.input_schema},
    required: ['tool', 'arguments'],
    additionalProperties: false,
  }));
  return calls.length ? {anyOf: [answer, ...calls]} : answer;
}

/** What the system prompt adds so the model knows the two shapes and the tools (the schema is not read by the model itself). */
export function toolInstructions(tools: readonly ProviderTool[]): string {
  if (!tools.length) return 'Answer as JSON: {"answer": "your answer to the person"}.';
  const list = tools.map((tool) => `- ${tool.name}: ${tool.description.replace(/\s+/g, ' ').slice(0, 300)}\n  arguments: ${JSON.stringify(tool.input_schema)}`).join('\n');
  return [
    'Answer as JSON, in one of two shapes:',
    '- {"tool": "<tool name>", "arguments": {…}} to call one tool (its result comes back to you);',
    '- {"answer": "…"} to answer the person when you are done.',
    'Tools:',
    list,
  ].join('\n');
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
