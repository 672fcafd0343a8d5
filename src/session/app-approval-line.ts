/**
 * The approvals of MCP App views' calls, one line per view and tool: a view that polls a tool
 * which needs approval (a system monitor every two seconds) would otherwise put a new card before
 * the person at each poll. On a line, one card at a time is pending:
 * - a call with the same arguments as the pending card waits for it and gets its answer;
 * - a call with other arguments waits for that answer too, then, if it was an "allow", asks with
 *   its own card (the person never approves arguments they were not shown); a "deny" answers it
 *   as well: the person said no to this view's use of this tool;
 * - a call after the answer asks again, unless it was "always allow" (the session's approvals
 *   remember that, for the tool, and answer at once) or a "deny": the person's no holds for the
 *   rest of the view's life (a new view asks again), or a view polling every two seconds would
 *   put the question back before them two seconds after they refused it;
 * - at most {@link MAX_WAITING_CALLS} calls wait on a line; the view's later ones are refused
 *   with `APP_REFUSED` at once, so a burst of a thousand holds a bounded number of promises.
 * A card whose callers have all gone (their requests cancelled) is retracted. DOM-free.
 */
import type {ApprovalAnswer} from '../agent/approval.js';
import {AutouiError, ErrorCodes} from '../errors.js';

/** How many calls of one tool by one view may wait for a person's answer at once. */
export const MAX_WAITING_CALLS = 16;

/** Asks the person once (a card); `signal` aborts when nobody waits for the answer any more. */
export type AskPerson = (signal: AbortSignal) => Promise<ApprovalAnswer>;

/** The card pending on a line: its arguments, its answer, and the calls that wait for it. */
interface PendingCard {
  args: string;
  answer: Promise<ApprovalAnswer>;
  callers: number;
  retract: AbortController;
  /** The answer came (after it, callers leaving retract nothing). */
  answered: boolean;
}

/** One view's calls of one tool. */
interface Line {
  card?: PendingCard;
  waiting: number;
}

/** The lines of one session's views. See the module comment. */
export class AppApprovalLines {
  readonly #lines = new Map<string, Line>();
  /** The lines a person said no to: their later calls are denied without a card. */
  readonly #denied = new Set<string>();

  /**
   * Waits for a person's answer to a call of `tool` by `view` (the view element's own key) with
   * `args`, asking through `askPerson` only when no card of this line can answer it. Rejects with
   * `APP_REFUSED` when the line is full. `signal`: the call was cancelled (it is then denied, as a
   * question stopped while it waited is).
   */
  async ask(view: string, tool: string, args: Record<string, unknown>, signal: AbortSignal, askPerson: AskPerson): Promise<ApprovalAnswer> {
    const key = `${view}\n${tool}`;
    if (this.#denied.has(key)) return {decision: 'deny'};
    const line = this.#lines.get(key) ?? {waiting: 0};
    if (line.waiting >= MAX_WAITING_CALLS) {
      throw new AutouiError(ErrorCodes.APP_REFUSED, `${tool}: this view already has ${MAX_WAITING_CALLS} calls waiting for the person's approval; this one was not sent. Wait for the answer before calling again.`, {details: {tool, waiting: MAX_WAITING_CALLS}});
    }
    this.#lines.set(key, line);
    line.waiting++;
    const argsKey = argumentsKey(args);
    try {
      for (;;) {
        if (signal.aborted) return {decision: 'deny'};
        const card = (line.card ??= this.#newCard(key, line, argsKey, askPerson));
        if (card.args === argsKey) return await join(card, signal);
        const answer = await untilAnswered(card, signal);
        // Retracted (its callers left) is nobody's "deny": ask again. A person's "deny" answers all.
        if (answer.decision === 'deny' && !card.retract.signal.aborted) return answer;
      }
    } finally {
      line.waiting--;
      this.#dropIfIdle(key, line);
    }
  }

  /** Forgets a line nobody waits on and no card holds (a view's lines go with its calls). */
  #dropIfIdle(key: string, line: Line): void {
    if (line.waiting === 0 && !line.card && this.#lines.get(key) === line) this.#lines.delete(key);
  }

  #newCard(key: string, line: Line, args: string, askPerson: AskPerson): PendingCard {
    const retract = new AbortController();
    const card: PendingCard = {args, answer: askPerson(retract.signal), callers: 0, retract, answered: false};
    // The first reaction to the answer, so waiters read `answered` and a free line when they wake.
    const done = (answer?: ApprovalAnswer) => {
      card.answered = true;
      // A card taken back (its callers left) was answered by nobody: only a person's no is kept.
      if (answer?.decision === 'deny' && !retract.signal.aborted) this.#denied.add(key);
      if (line.card === card) line.card = undefined;
      this.#dropIfIdle(key, line);
    };
    card.answer.then(done, () => done());
    return card;
  }
}

/** Waits as one of the card's callers: when the last one leaves before the answer, the card is retracted. */
function join(card: PendingCard, signal: AbortSignal): Promise<ApprovalAnswer> {
  card.callers++;
  return untilAnswered(card, signal).finally(() => {
    if (--card.callers === 0 && !card.answered) card.retract.abort();
  });
}

/** The card's answer, or a denial for this call as soon as `signal` aborts. */
function untilAnswered(card: PendingCard, signal: AbortSignal): Promise<ApprovalAnswer> {
  return new Promise<ApprovalAnswer>((resolve, reject) => {
    const onAbort = () => resolve({decision: 'deny'});
    signal.addEventListener('abort', onAbort, {once: true});
    card.answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The arguments as a key. Key order is the view's own, so the same call of the same view gives
 * the same key; a reordered one only asks again (the safe way). Anything JSON cannot write gets
 * a key of its own.
 */
function argumentsKey(args: Record<string, unknown>): string {
  try {
    return JSON.stringify(args) ?? '';
  } catch {
    return `unwritable ${crypto.randomUUID()}`;
  }
}
