/**
 * An AG-UI interrupt (a run that finished with outcome `interrupt`) asked as our tool approval:
 * the same gate, so the same card (Allow/Deny with what would be done), and its answer sent back
 * in the next run's `resume`. Allow resolves the interrupt with `{approved: true}`; Deny resolves
 * it with `{approved: false, reason?}`, so the agent hears a person's no; without a gate (nobody
 * to ask) it is cancelled. Only a person answers: nothing the agent wrote is read as a decision.
 */
import type {Interrupt, ResumeEntry} from '@ag-ui/core';
import type {ApprovalAnswer, ApprovalGate} from '../agent/approval.js';
import type {LayerTool, WebMcpLayer} from '../agent/types.js';

/** The call an interrupt is about, when it names one the run saw. */
export interface InterruptedCall {
  name: string;
  args: Record<string, unknown>;
}

/** The server name approvals show for the agent's own requests. */
export const AGENT_SERVER = 'agent';

/**
 * Asks about each interrupt in turn; resolves with the resume entries, or 'stopped' when `signal`
 * aborts first (the question was stopped: nothing is resumed).
 */
export async function answerInterrupts(
  interrupts: readonly Interrupt[],
  options: {approval?: ApprovalGate; signal: AbortSignal; callOf: (toolCallId: string) => InterruptedCall | undefined},
): Promise<ResumeEntry[] | 'stopped'> {
  const entries: ResumeEntry[] = [];
  for (const interrupt of interrupts) {
    if (options.signal.aborted) return 'stopped';
    const gate = options.approval;
    if (!gate) {
      entries.push({interruptId: interrupt.id, status: 'cancelled'});
      continue;
    }
    const answer = await ask(gate, interrupt, options);
    if (answer === 'stopped') return 'stopped';
    const approved = answer.decision === 'allow' || answer.decision === 'allow-always';
    entries.push({interruptId: interrupt.id, status: 'resolved', payload: {approved, ...(answer.reason && !approved ? {reason: answer.reason} : {})}});
  }
  return entries;
}

async function ask(gate: ApprovalGate, interrupt: Interrupt, options: {signal: AbortSignal; callOf: (toolCallId: string) => InterruptedCall | undefined}): Promise<ApprovalAnswer | 'stopped'> {
  const call = interrupt.toolCallId ? options.callOf(interrupt.toolCallId) : undefined;
  const name = call?.name ?? interrupt.reason;
  const title = interrupt.message?.trim() || name;
  const tool: LayerTool = {name, title, annotations: {consequentialHint: true}};
  const layer: WebMcpLayer = {protocol: 'webmcp', serverName: AGENT_SERVER, description: 'The AG-UI agent', tools: [tool]};
  // What would be done: the call's arguments when the run streamed the call; else what the agent
  // attached to the interrupt (Mastra puts the suspended tool's name and arguments there).
  const args = call?.args ?? {...interrupt.metadata};
  const request = {id: interrupt.id, server: AGENT_SERVER, tool: name, name, title, args, annotations: {...tool.annotations}};
  if (options.signal.aborted) return 'stopped';
  return new Promise((resolve) => {
    const onAbort = () => resolve('stopped');
    options.signal.addEventListener('abort', onAbort, {once: true});
    gate.ask(request, {signal: options.signal, layer, tool}).then(
      (answer) => resolve(answer),
      // A gate that fails counts as a denial, as the dispatcher counts it.
      () => resolve({decision: 'deny'}),
    ).finally(() => options.signal.removeEventListener('abort', onAbort));
  });
}
