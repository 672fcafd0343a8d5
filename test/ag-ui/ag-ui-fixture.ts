/**
 * What the AG-UI runner's tests share: the element's own WebMCP layer (widgets, canvas, recipes)
 * on a real widget store, a person's answers to approvals, and a question to the scripted server.
 */
import {SERVERS} from '@test/servers';
import {createAutouiLayer} from '../../src/webmcp/autoui-layer.js';
import {createDefaultRegistry} from '../../src/widgets/catalog.js';
import {WidgetStore} from '../../src/session/widget-store.js';
import {vetoableCanvas} from '../../src/session/vetoable-canvas.js';
import {runAgUiAgent, type AgUiAgentOptions, type AgUiResult} from '../../src/ag-ui/run-ag-ui-agent.js';
import type {ApprovalAnswer, ApprovalGate, ApprovalRequest} from '../../src/agent/approval.js';
import type {ToolCall} from '../../src/agent/dispatcher.js';

/** The scripted AG-UI server's URL for `scenario` (`query` without `?`). */
export function scripted(scenario: string, query = ''): string {
  const base = SERVERS['agui-scripted'];
  if (!base) throw new Error('the agui-scripted test server is not running');
  return `${base.replace(/\/$/, '')}/${scenario}${query ? `?${query}` : ''}`;
}

/** What the scripted server received for a thread. */
export async function received(threadId: string): Promise<Array<{scenario: string; headers: Record<string, string>; input: any; aborted: boolean}>> {
  const response = await fetch(`${SERVERS['agui-scripted'].replace(/\/$/, '')}/__requests?threadId=${encodeURIComponent(threadId)}`);
  return response.json();
}

/** A gate that answers every request with `answer` and records what it was asked. */
export function approvals(answer: ApprovalAnswer): ApprovalGate & {asked: ApprovalRequest[]} {
  const asked: ApprovalRequest[] = [];
  return {asked, policyFor: () => 'writes', ask: async (request) => (asked.push(request), answer)};
}

/** A question to the agent at `url`, with the element's layer and a widget store; everything told is recorded. */
export function setup(url: string, options: Partial<AgUiAgentOptions> = {}) {
  const store = new WidgetStore();
  const layer = createAutouiLayer({catalog: createDefaultRegistry(), imageHosts: () => []});
  const told = {text: [] as string[], reasoning: [] as string[], messages: [] as string[], toolCalls: [] as ToolCall[], states: [] as unknown[], snapshots: [] as unknown[][], tools: [] as string[][]};
  const threadId = `t-${Math.random().toString(36).slice(2)}`;
  const ask = (question: string, more: Partial<AgUiAgentOptions> = {}): Promise<AgUiResult> =>
    runAgUiAgent(question, {
      url,
      threadId,
      layers: [layer],
      widgets: vetoableCanvas(store, () => true),
      callbacks: {
        onText: (delta) => told.text.push(delta),
        onReasoning: (delta) => told.reasoning.push(delta),
        onMessage: (message) => told.messages.push(message.text),
        onToolCall: (call) => told.toolCalls.push(call),
        onAgentState: (state) => told.states.push(state),
        onAgentMessages: (history) => told.snapshots.push(history),
        onIteration: (info) => told.tools.push(info.tools),
      },
      ...options,
      ...more,
    });
  return {store, told, threadId, ask};
}
