/**
 * Which widgets have rendered on the canvas, so a run can end only once the widgets it showed are
 * there: a page that reacts to `autoui-run-end` (or to `ask()` resolving) finds their elements,
 * even when the run ends right after the display call while a widget's lazy chunk still loads.
 */

/** Tracks rendered widget ids and lets a caller wait for some of them. */
export class WidgetArrivals {
  readonly #arrived = new Set<string>();
  #waiters: Array<() => void> = [];

  /** A widget's element has rendered. */
  arrived(id: string): void {
    this.#arrived.add(id);
    this.#wake();
  }

  /**
   * A widget left the canvas, or its code failed to load: it will not arrive (again). Waiters
   * look again at what they wait for (`ids()` no longer lists a removed widget).
   */
  forget(id: string): void {
    this.#arrived.delete(id);
    this.#wake();
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  /**
   * Resolves once `ids()` have all rendered, or after `timeoutMs` (a widget whose code fails to
   * load never renders; the run must still end). `ids` is read again at each arrival, so widgets
   * removed meanwhile are not waited for.
   */
  async until(ids: () => readonly string[], timeoutMs: number): Promise<void> {
    const done = () => ids().every((id) => this.#arrived.has(id));
    if (done()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let waiting = true;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    const arrival = new Promise<void>((resolve) => {
      const check = () => {
        if (done()) resolve();
        else if (waiting) this.#waiters.push(check);
      };
      this.#waiters.push(check);
    });
    await Promise.race([arrival, timeout]);
    // A waiter left behind by the timeout drops out at the next arrival.
    waiting = false;
    clearTimeout(timer);
  }
}
