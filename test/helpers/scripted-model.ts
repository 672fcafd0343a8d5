/**
 * A scripted, in-process LanguageModel for core tests (the real wire providers are tested against
 * the fake LLM server). Each call to `stream` consumes the next scripted turn; every request is
 * recorded (deep-copied) so tests can assert on what the loop sent: tools offered, messages,
 * compression, alias names.
 */
import type {LanguageModel, ModelRequest, ModelStreamPart, Usage} from '../../src/providers/language-model.js';

/** A turn: fixed parts, or a function of the request (to react to tool results). */
export type ScriptedTurn = ModelStreamPart[] | ((request: ModelRequest, signal?: AbortSignal) => ModelStreamPart[] | AsyncIterable<ModelStreamPart>);

let nextId = 0;

/** A text delta. */
export const text = (delta: string): ModelStreamPart => ({type: 'text-delta', delta});

/** A tool call with a unique id. */
export const call = (name: string, input: Record<string, unknown> = {}, id = `toolu_${++nextId}`): ModelStreamPart => ({type: 'tool-call', id, name, input});

/** A turn's parts followed by its finish part (reason inferred, usage optional). */
export function turn(parts: ModelStreamPart[], usage: Usage = {inputTokens: 10, outputTokens: 5}): ModelStreamPart[] {
  const reason = parts.some((p) => p.type === 'tool-call') ? 'tool-calls' : 'stop';
  return [...parts, {type: 'finish', reason, usage}];
}

/** The scripted model. Runs out of turns → ends with a short text answer. */
export class ScriptedModel implements LanguageModel {
  readonly provider = 'scripted';
  readonly modelId = 'scripted-1';
  readonly requests: ModelRequest[] = [];
  readonly #turns: ScriptedTurn[];

  constructor(turns: ScriptedTurn[]) {
    this.#turns = turns;
  }

  /** Names of the tools offered in request `index`. */
  toolNames(index: number): string[] {
    return this.requests[index].tools.map((t) => t.name);
  }

  async *stream(request: ModelRequest, options?: {signal?: AbortSignal}): AsyncIterable<ModelStreamPart> {
    this.requests.push(structuredClone(request) as ModelRequest);
    const scripted = this.#turns[this.requests.length - 1] ?? turn([text('done')]);
    const parts = typeof scripted === 'function' ? scripted(request, options?.signal) : scripted;
    for await (const part of parts as AsyncIterable<ModelStreamPart>) yield part;
  }
}
