/**
 * The approval cards of the element's built-in transcript: a tool call that waits for a person's
 * yes, which the page did not take (`autoui-tool-approval` not cancelled), is asked there. Where
 * no card could be seen (a readonly embed, a replaced transcript), the call is denied at once.
 */
import type {ApprovalRequest} from '../../agent/approval.js';
import type {ApprovalResponder} from '../../session/session-approvals.js';
import type {SessionEvent} from '../../session/session-events.js';
import {transcriptReplaced} from '../common/transcript-slot.js';

/** What the cards need from their element. */
export interface ApprovalCardsHost extends Element {
  readonly readonly: boolean;
}

/**
 * Keeps the approvals one element answers with a card. See the module comment. No controller: it
 * has no part in the element's life cycle, only in the session's events (the element re-renders
 * after each).
 */
export class ApprovalCards {
  readonly #host: ApprovalCardsHost;
  #cards: ReadonlyMap<ApprovalRequest, ApprovalResponder> = new Map();

  constructor(host: ApprovalCardsHost) {
    this.#host = host;
  }

  /** The approvals the transcript shows as cards, by request (a new map after each change). */
  get cards(): ReadonlyMap<ApprovalRequest, ApprovalResponder> {
    return this.#cards;
  }

  /** Hears the session. `shown`: the page did not cancel the event's DOM event. */
  sessionEvent(event: SessionEvent, shown: boolean): void {
    if (event.type === 'approval' && shown) this.#showCard(event.request, event.respond);
    else if (event.type === 'approval-settled') this.#cards = new Map([...this.#cards].filter(([request]) => request !== event.request));
    else if (event.type === 'cleared') this.#cards = new Map();
  }

  /** The page did not take the question: the built-in transcript asks, if the page still shows it. */
  #showCard(request: ApprovalRequest, respond: ApprovalResponder): void {
    const {readonly} = this.#host;
    const replaced = transcriptReplaced(this.#host);
    // A readonly embed's visitors are not the ones to approve what the page's code asks.
    if (!replaced && !readonly) {
      this.#cards = new Map([...this.#cards, [request, respond]]);
      return;
    }
    // Nobody would see a card: deny at once rather than wait for an answer that cannot come.
    const why = readonly ? 'the element is readonly' : 'the page replaced the transcript (slot="transcript")';
    console.warn(`autoui-agent: ${request.name} needs approval, but ${why} and the page did not handle autoui-tool-approval; the call is denied.`);
    respond('deny', 'The page shows no way to approve it.');
  }
}
