/** Types of turn-content.mjs, for the TypeScript tests that build streams from scenario turns. */
export interface TurnContent {
  text: string;
  textPieces: string[];
  calls: Array<{id?: string; name: string; json: string; fragments: string[]; index: number}>;
  finish: string;
  usage: {input: number; output: number; cacheRead: number; cacheWrite: number};
}
/** The content of a scenario turn: text pieces, tool calls with their argument fragments, finish, usage. */
export function turnContent(turn: Record<string, unknown>, body?: unknown): TurnContent;
/** A fresh id. */
export function nextId(): string;
