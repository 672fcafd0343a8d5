/**
 * Turns a model's accumulated tool arguments into an object, or into an error message the model
 * can act on. Nothing half-parsed is ever executed (the loop never runs a call with `inputError`).
 */

/** The parsed input, or `inputError` when the arguments cannot be used. */
export interface ParsedToolInput {
  input: Record<string, unknown>;
  inputError?: string;
}

/** Parses `json` (empty means `{}`: a tool with no parameters). */
export function parseToolInput(json: string): ParsedToolInput {
  if (json.trim() === '') return {input: {}};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return {input: {}, inputError: `the arguments are not valid JSON (${(error as Error).message}): ${clip(json)}`};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {input: {}, inputError: `the arguments must be a JSON object, got ${clip(json)}`};
  }
  return {input: value as Record<string, unknown>};
}

/** The error of a call cut off by the output-token limit, whatever its JSON looks like. */
export function truncatedInput(json: string): ParsedToolInput {
  return {
    input: {},
    inputError: `the arguments were cut off by the output token limit (max_tokens) after ${json.length} characters; send shorter arguments`,
  };
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
