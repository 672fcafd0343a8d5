/**
 * How a session's settings become one question's AG-UI runner options, as the question starts:
 * the endpoint, the visitor token the model settings carry, the conversation's thread and the
 * agent's last state, and the conversation's callbacks with the agent's state and messages (a
 * MESSAGES_SNAPSHOT replaces the history and the transcript the person reads). Part
 * of the agent chunk: only a question asked of an agent needs it.
 */
import type {AgUiAgentOptions} from '../ag-ui/run-ag-ui-agent.js';
import {agentTranscript} from './agent-transcript.js';
import type {Conversation} from './conversation.js';
import type {QuestionParts} from './loop-options.js';
import type {SessionSettings} from './session-options.js';

/** The conversation's AG-UI thread as a question reads and updates it (the session's `AgentThread`). */
export interface ThreadRecord {
  readonly id: string;
  state: unknown;
}

/** The runner options of a question asked of `settings.agent`, continuing `conversation` on `thread`. */
export function agentOptions(settings: SessionSettings, conversation: Conversation, thread: ThreadRecord, parts: QuestionParts): AgUiAgentOptions {
  // The runner takes no trace: the session's question span wraps the whole run.
  const {layers, widgets, approval, signal, live} = parts;
  return {
    url: settings.agent ?? '',
    visitorToken: visitorTokenOf(settings.model),
    threadId: thread.id,
    state: thread.state,
    history: conversation.history,
    toolTimeoutMs: typeof settings.toolTimeoutMs === 'number' && Number.isFinite(settings.toolTimeoutMs) && settings.toolTimeoutMs > 0 ? settings.toolTimeoutMs : 60_000,
    callbacks: {
      ...conversation.loopCallbacks(live),
      onAgentState: (state) => {
        if (!live()) return;
        thread.state = state;
        conversation.emit({type: 'agent-state', state});
      },
      // The agent replaced the conversation: the next question continues from its version, and
      // the person reads it. No event of its own: the run's next event (at the latest its end)
      // redraws the transcript.
      onAgentMessages: (history) => {
        if (live()) conversation.rewritten(history, agentTranscript(history));
      },
    },
    layers,
    widgets,
    approval,
    signal,
  };
}

/**
 * The visitor token the model settings carry (the first that has one), read at each request: the
 * element's `visitor-token` is for whatever answers, the site's proxy in front of the agent too.
 */
function visitorTokenOf(model: SessionSettings['model']): AgUiAgentOptions['visitorToken'] {
  const list: readonly unknown[] = Array.isArray(model) ? model : [model];
  for (const options of list) {
    const token = (options as {visitorToken?: unknown} | undefined)?.visitorToken;
    if (typeof token === 'string' || typeof token === 'function') return token as AgUiAgentOptions['visitorToken'];
  }
  return undefined;
}
