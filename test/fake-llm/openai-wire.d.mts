/** Types of openai-wire.mjs, for the TypeScript tests that build streams from scenario turns. */
import type {TurnContent} from './turn-content.mjs';
/** The SSE frames of a streamed chat completion. */
export function openaiFrames(content: TurnContent, context: {model: string; scenarioId: string; includeUsage?: boolean}): {frames: string[]; textEnd: number};
