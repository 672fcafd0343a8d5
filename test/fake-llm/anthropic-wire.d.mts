/** Types of anthropic-wire.mjs, for the TypeScript tests that build streams from scenario turns. */
import type {TurnContent} from './turn-content.mjs';
/** The SSE frames of a streamed Messages answer. */
export function anthropicFrames(content: TurnContent, context: {model: string; scenarioId: string}): {frames: string[]; textEnd: number};
