/**
 * Which frames have their controls (move handle, close button, resize grip) drawn. A canvas of
 * 100 widgets drew 400 control elements nobody had looked at yet; now a frame's controls are drawn
 * the first time a pointer goes over it or focus comes into it, and stay. By keyboard alone,
 * Tab reaches the frame (a named group whose name says the arrow keys move and resize it), which
 * draws its controls before the next Tab reaches them.
 */

/** The frames whose controls are drawn, by widget id. */
export class FrameControls {
  readonly #drawn = new Set<string>();

  constructor(private readonly changed: () => void) {}

  /** Whether widget `id`'s frame has its controls. */
  has(id: string): boolean {
    return this.#drawn.has(id);
  }

  /**
   * A pointer went over, or focus into, something of the canvas: draws the controls of the frame it
   * is in. Only the canvas's own frames count (children of `.canvas`), not an element of a widget
   * that happens to match `section[data-id]`.
   */
  readonly reveal = (event: Event): void => {
    const frame = event.composedPath().find((node): node is Element => node instanceof Element && node.matches('section[data-id]') && !!node.parentElement?.classList.contains('canvas'));
    const id = frame?.getAttribute('data-id');
    if (!id || this.#drawn.has(id)) return;
    this.#drawn.add(id);
    this.changed();
  };

  /** Forgets widget `id` (removed): shown again under that id, it starts without controls. */
  forget(id: string): void {
    this.#drawn.delete(id);
  }

  /** Forgets every frame (a new store). */
  clear(): void {
    this.#drawn.clear();
  }
}
