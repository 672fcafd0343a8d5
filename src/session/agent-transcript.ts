/**
 * The transcript an AG-UI agent's MESSAGES_SNAPSHOT stands for: when the agent rewrites the
 * conversation (a summary, a restored thread), the person sees its version, not what was
 * streamed before it. Part of the agent chunk: only a question asked of an agent needs it.
 */
import type {ToolCall} from '../agent/dispatcher.js';
import {AGENT_SERVER} from '../ag-ui/interrupts.js';
import type {ModelMessage, ToolResultPart} from '../providers/model-messages.js';
import type {TranscriptEntry} from './transcript.js';

/**
 * The transcript of `history` (the snapshot, as the session keeps it): the questions, the
 * answers, and each tool call as a pill with its result when the snapshot has one. A snapshot
 * holds no timings or approvals: its pills say 0 ms and name the agent as their server.
 */
export function agentTranscript(history: readonly ModelMessage[]): TranscriptEntry[] {
  const results = new Map<string, ToolResultPart>();
  for (const message of history) if (message.role === 'tool') for (const part of message.content) results.set(part.toolCallId, part);
  const entries: TranscriptEntry[] = [];
  for (const message of history) {
    if (message.role === 'user') entries.push({kind: 'user', text: message.content});
    if (message.role !== 'assistant') continue;
    for (const part of message.content) {
      if (part.type === 'text') {
        if (part.text) entries.push({kind: 'assistant', text: part.text, streaming: false});
        continue;
      }
      const result = results.get(part.id);
      const call: ToolCall = {id: part.id, name: part.name, args: part.input, result: result?.output ?? '', elapsed: 0, guided: false, server: AGENT_SERVER, tool: part.name};
      if (result?.isError) call.error = result.output;
      entries.push({kind: 'tool', call});
    }
  }
  return entries;
}
