/**
 * Which engine answers a question: the in-page loop (the run engine), or the site's own AG-UI
 * agent when the settings name one (`agent`; its own chunk, so a page without it never loads it,
 * and no provider is made or checked with it). Also the conversation's AG-UI thread: its id (the
 * agent keeps its memory by it; a new one after `clear()`) and the agent's last state.
 */
import type {AgentResult} from '../agent/agent-loop.js';
import type {Conversation} from './conversation.js';
import {importAgentEngine, importRunEngine, type AgentEngine, type RunEngine} from './engine-chunks.js';
import type {LazyApprovals} from './lazy-approvals.js';
import {lazyChunk} from './lazy-chunk.js';
import type {QuestionParts} from './loop-options.js';
import type {SessionSettings} from './session-options.js';

/** One conversation's AG-UI thread. */
export class AgentThread {
  /** The thread's id, sent with each run. */
  id = newThreadId();
  /** The agent's state as its last STATE_SNAPSHOT or STATE_DELTA left it; undefined before any. */
  state: unknown = undefined;

  /** A new thread without state: the conversation was cleared. */
  forget(): void {
    this.id = newThreadId();
    this.state = undefined;
  }
}

/** The engine a question runs on, as {@link QuestionRunner.load} found it. */
export type LoadedEngine = {kind: 'loop'; engine: RunEngine} | {kind: 'agent'; engine: AgentEngine};

/** What one question is asked with, besides the engine: the settings as it starts, the conversation, the approvals. */
export interface Question extends Omit<QuestionParts, 'approval'> {
  settings: SessionSettings;
  conversation: Conversation;
  approvals: LazyApprovals;
}

/** Picks, loads and runs a question's engine. See the module comment. */
export class QuestionRunner {
  /** The conversation's AG-UI thread (used only with `agent`). */
  readonly thread = new AgentThread();
  /** Loads the run engine once per session (restores and MCP App views need it too). */
  readonly loadLoop: () => Promise<RunEngine> = lazyChunk(importRunEngine);
  readonly #loadAgent = lazyChunk(importAgentEngine);

  /**
   * The engine the settings name once `prepared` is done (a view's preparation may set them, as
   * the element's does). The run engine starts loading alongside unless the settings already
   * name an agent, so the loop's first question does not wait for the two one after the other.
   */
  async load(settings: () => SessionSettings, prepared: Promise<void> | undefined): Promise<LoadedEngine> {
    if (!settings().agent) this.loadLoop().catch(() => {});
    await prepared;
    return settings().agent ? {kind: 'agent', engine: await this.#loadAgent()} : {kind: 'loop', engine: await this.loadLoop()};
  }

  /** Runs `text` on `loaded`: the loop, or the agent (whose state the thread keeps when the question is still live). */
  async run(loaded: LoadedEngine, text: string, question: Question): Promise<AgentResult> {
    const {settings, conversation, approvals, ...parts} = question;
    const approval = approvals.gate(loaded.engine, parts.layers, settings.approve);
    if (loaded.kind === 'loop') return loaded.engine.runAgentLoop(text, loaded.engine.loopOptions(settings, conversation, {...parts, approval}));
    // The runner takes no trace: the question's span (the session's) still wraps the whole run.
    const result = await loaded.engine.runAgUiAgent(text, loaded.engine.agentOptions(settings, conversation, this.thread, {...parts, approval}));
    if (question.live()) this.thread.state = result.state;
    return result;
  }
}

/** A thread id: random, as the agent may keep threads of many visitors. */
function newThreadId(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `thread_${random}`;
}
