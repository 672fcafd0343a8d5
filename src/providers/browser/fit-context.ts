/**
 * A session with the browser's model that can read the turn: the conversation so far as its
 * history when it fits the model's context window, else only its latest part. The built-in models
 * read a few thousand tokens, and a conversation with tool results outgrows that in a few
 * questions; failing then would end the conversation for the person. So the oldest messages are
 * left out (the system prompt and the question never are) and the caller says how many, so the
 * person is told rather than left to wonder why the model forgot. Only what this turn's session
 * reads is shortened: the session's own history keeps every message.
 */
import type {PromptApi, PromptApiCreateOptions, PromptApiMessage, PromptApiSession} from './prompt-api.js';

/** What measuring costs: each message is measured as a prompt, which misses the few tokens of its role; this margin covers them. */
const MARGIN = 1.1;
/** Measurements are estimates: a session still over the window after trimming leaves out one more message, at most this many times. */
const RETRIES = 3;

/** A session that can read the turn, and what it left out. */
export interface FittedSession {
  session: PromptApiSession;
  /** How many of the oldest messages were left out (0: the whole conversation). */
  dropped: number;
  /** The model's context window, in tokens, when it says. */
  contextWindow?: number;
}

/** The turn cannot be read at all: its words, with the figures. */
export interface TooLong {
  tooLong: string;
}

/** What one turn needs: the session's options, the history (the system prompt first) and the prompt. */
export interface TurnToFit {
  options: PromptApiCreateOptions;
  history: PromptApiMessage[];
  prompt: string;
  /** The prompt's own options (its response constraint), which count towards the window. */
  measureWith?: {responseConstraint?: object; omitResponseConstraintInput?: boolean};
}

/** A session for `turn`, with the oldest messages left out when the whole does not fit; or why none can read it. */
export async function fitToContext(api: PromptApi, turn: TurnToFit): Promise<FittedSession | TooLong> {
  const whole = await createOrOverQuota(api, {...turn.options, initialPrompts: turn.history});
  if (whole) {
    const over = await overBy(whole, turn);
    if (over === undefined || over <= 0) return {session: whole, dropped: 0, contextWindow: windowOf(whole)};
    whole.destroy();
  }
  const [system, ...messages] = turn.history;
  const probe = await createOrOverQuota(api, {...turn.options, initialPrompts: [system]});
  if (!probe) return {tooLong: "The instructions and tools alone are longer than the browser's built-in model can read: ask with fewer servers or tools."};
  let keep: number;
  const contextWindow = windowOf(probe);
  try {
    const measure = measurer(probe);
    if (contextWindow === undefined || !measure) return {tooLong: "The conversation is longer than the browser's built-in model can read: clear it, or ask without the earlier results."};
    const promptCost = await measure(turn.prompt, turn.measureWith);
    const room = contextWindow - usageOf(probe) - promptCost;
    if (room < 0) return {tooLong: `The question is longer than the browser's built-in model can read (${Math.round(contextWindow - room)} of ${contextWindow} tokens): ask a shorter one.`};
    keep = 0;
    for (let used = 0, i = messages.length - 1; i >= 0; i--) {
      used += (await measure(messages[i].content)) * MARGIN;
      if (used > room) break;
      keep++;
    }
  } finally {
    probe.destroy();
  }
  for (let attempt = 0; attempt <= RETRIES; attempt++, keep--) {
    const kept = startWithPerson(messages.slice(messages.length - Math.max(0, keep)));
    const session = await createOrOverQuota(api, {...turn.options, initialPrompts: [system, ...kept]});
    if (!session) continue;
    const over = await overBy(session, turn);
    if (over === undefined || over <= 0) return {session, dropped: messages.length - kept.length, contextWindow};
    session.destroy();
    if (kept.length === 0) break;
  }
  return {tooLong: `The question is longer than the browser's built-in model can read in one go (a window of ${contextWindow} tokens): ask a shorter one.`};
}

/** The kept messages from the first of the person's: a history that starts with the model's own answer would read as if it spoke first. */
function startWithPerson(messages: PromptApiMessage[]): PromptApiMessage[] {
  const first = messages.findIndex((m) => m.role === 'user');
  return first < 0 ? [] : messages.slice(first);
}

/** A new session, or undefined when its history alone is over the window (`QuotaExceededError`). */
async function createOrOverQuota(api: PromptApi, options: PromptApiCreateOptions): Promise<PromptApiSession | undefined> {
  try {
    return await api.create(options);
  } catch (error) {
    if ((error as {name?: string})?.name === 'QuotaExceededError') return undefined;
    throw error;
  }
}

/** By how many tokens the session's history and the prompt exceed its window; undefined when it cannot say. A failed measure destroys the session. */
async function overBy(session: PromptApiSession, turn: TurnToFit): Promise<number | undefined> {
  const contextWindow = windowOf(session);
  const measure = measurer(session);
  if (contextWindow === undefined || !measure) return undefined;
  try {
    return usageOf(session) + (await measure(turn.prompt, turn.measureWith)) - contextWindow;
  } catch (error) {
    session.destroy();
    throw error;
  }
}

/** The two spellings of the window: `contextWindow` on the web, `inputQuota` in extensions. Infinity (no limit) is none. */
function windowOf(session: PromptApiSession): number | undefined {
  const value = session.contextWindow ?? session.inputQuota;
  return value !== undefined && Number.isFinite(value) ? value : undefined;
}

const usageOf = (session: PromptApiSession) => session.contextUsage ?? session.inputUsage ?? 0;

function measurer(session: PromptApiSession): ((input: string, options?: TurnToFit['measureWith']) => Promise<number>) | undefined {
  const measure = session.measureContextUsage ?? session.measureInputUsage;
  return measure ? (input, options) => measure.call(session, input, options) : undefined;
}
