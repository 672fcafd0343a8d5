/**
 * Cards drawn by a template function (the way the transcript draws approval cards) that still
 * change on their own: a form shows its errors after Submit, a URL card starts waiting after
 * Open. The transcript does not re-render for those (nothing in the session changed), so the
 * card's own state tells a directive to redraw that card alone. The state lives outside the DOM
 * (a {@link CardStore}), keyed by the card's request, so the transcript's own re-renders (an
 * answer streaming above) keep what the person typed.
 */
import {AsyncDirective, directive, type DirectiveResult} from 'lit/async-directive.js';

/** State a card redraws from: it says when it changed. */
export class CardStore {
  readonly #listeners = new Set<() => void>();

  /** Calls `listener` after each change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Redraws the cards that show this state. */
  changed(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}

class LiveCard extends AsyncDirective {
  #store?: CardStore;
  #view?: () => unknown;
  #stop?: () => void;

  render(store: CardStore, view: () => unknown): unknown {
    this.#view = view;
    if (store !== this.#store) {
      // The transcript may hand this position another card (one above it was answered).
      this.#stop?.();
      this.#store = store;
      this.#listen();
    }
    return view();
  }

  #listen(): void {
    this.#stop = this.#store?.subscribe(() => {
      if (this.isConnected && this.#view) this.setValue(this.#view());
    });
  }

  protected override disconnected(): void {
    this.#stop?.();
    this.#stop = undefined;
  }

  protected override reconnected(): void {
    this.#listen();
  }
}

const liveCardDirective = directive(LiveCard);

/** Renders `view()` now, and again each time `store` changes, in place. */
export function liveCard(store: CardStore, view: () => unknown): DirectiveResult<typeof LiveCard> {
  return liveCardDirective(store, view);
}
