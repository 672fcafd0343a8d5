/**
 * Test-side client of the fake LLM server (test/fake-llm/): registers a scenario, gives the
 * endpoints for each wire, reads back what the scenario received, and collects stream parts.
 */
import {SERVERS} from '@test/servers';
import type {ModelStreamPart} from '../../src/providers/language-model.js';

/** A scenario turn (see test/fake-llm/scenario-store.mjs). */
export interface FakeTurn {
  match?: {toolOffered?: string | string[]; toolNotOffered?: string | string[]; lastToolResultIncludes?: string; lastUserIncludes?: string; systemIncludes?: string};
  text?: string;
  toolCalls?: Array<{name: string; input?: Record<string, unknown>; rawInput?: string; id?: string}>;
  finish?: 'stop' | 'tool-calls' | 'length';
  usage?: {input?: number; output?: number; cacheRead?: number; cacheWrite?: number};
  /** Pause between streamed frames (a slow model; also what a demo replay uses). */
  chunkDelayMs?: number;
  /** The stream as raw bytes (base64 chunks), whatever the wire: for malformed streams. */
  raw?: {chunks: string[]; end?: 'close' | 'reset' | 'stall'; gapMs?: number};
  fault?: {
    status?: number;
    headers?: Record<string, string>;
    message?: string;
    errorType?: string;
    delayMs?: number;
    cutAfterBytes?: number;
    stall?: number | true;
    errorEventAfter?: number | true;
    failTimes?: number;
  };
}

/** One request as the fake server recorded it. */
export interface RecordedRequest {
  wire: 'anthropic' | 'openai';
  path: string;
  headers: Record<string, string>;
  body: any;
}

/** Wire formats under test. */
export type Wire = 'anthropic' | 'openai';

/** A registered scenario. */
export interface Scenario {
  id: string;
  base: string;
  /** The `endpoint` for `wire` (`base` for Anthropic, `${base}/v1` for OpenAI). */
  endpoint(wire: Wire): string;
  requests(): Promise<RecordedRequest[]>;
}

/** The fake server's URL; fails clearly when the run did not start it. */
export function fakeLlmUrl(): string {
  const url = SERVERS['fake-llm'];
  if (!url) throw new Error('the fake-llm test server is not running (TEST_SERVERS must include fake-llm)');
  return url;
}

/** Registers `turns` as a new scenario. */
export async function scenario(turns: FakeTurn[], name = 'test'): Promise<Scenario> {
  const response = await fetch(`${fakeLlmUrl()}/__scenarios`, {method: 'POST', body: JSON.stringify({name, turns})});
  if (!response.ok) throw new Error(`scenario rejected: ${await response.text()}`);
  const {id, base} = (await response.json()) as {id: string; base: string};
  return {
    id,
    base,
    endpoint: (wire) => (wire === 'anthropic' ? base : `${base}/v1`),
    requests: async () => (await fetch(`${base}/__requests`)).json(),
  };
}

/** Every part of `stream`. */
export async function collect(stream: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

/** The concatenated text deltas of `parts`. */
export const textOf = (parts: ModelStreamPart[]) => parts.flatMap((p) => (p.type === 'text-delta' ? [p.delta] : [])).join('');

/** The tool-call parts of `parts`. */
export const callsOf = (parts: ModelStreamPart[]) => parts.filter((p): p is Extract<ModelStreamPart, {type: 'tool-call'}> => p.type === 'tool-call');

/** The error part of `parts`, if any. */
export const errorOf = (parts: ModelStreamPart[]) => parts.find((p): p is Extract<ModelStreamPart, {type: 'error'}> => p.type === 'error')?.error;

/** The finish part of `parts`, if any. */
export const finishOf = (parts: ModelStreamPart[]) => parts.find((p): p is Extract<ModelStreamPart, {type: 'finish'}> => p.type === 'finish');
