/**
 * The canvas's parts, exported so a page styles widgets from outside its shadow roots: every
 * frame's own (`widget`, `draft`, `widget-<type>`, `close`, `handle`) and each widget's inner
 * parts, re-exported as `<type>-<part>` (a widget's `value` part is the page's `<type>-value`).
 * The canvas's own `exportparts` lists them all, which the agent element forwards.
 */

/** The parts of every frame, whatever its widget. */
const FRAME_PARTS = ['widget', 'close', 'handle', 'draft'];

/** The part names `canvas` exports (its own `exportparts`). */
export function exportedParts(canvas: Element): string[] {
  return (canvas.getAttribute('exportparts') ?? '').split(',').map((p) => p.trim()).filter(Boolean);
}

/**
 * Re-exports the inner parts of `element` (a widget of `type`; undefined while a draft has none)
 * as `<type>-<part>`, and adds them, the frame's and `widget-<type>` to `canvas`'s `exportparts`.
 * Names only grow: a part seen once stays exported.
 */
export function exportParts(canvas: Element, element: HTMLElement | undefined, type: string): void {
  const names = new Set(Array.from(element?.shadowRoot?.querySelectorAll('[part]') ?? []).flatMap((el) => el.getAttribute('part')!.split(/\s+/)));
  const inner = [...names].map((n) => `${n}:${type}-${n}`).join(', ');
  if (element && element.getAttribute('exportparts') !== inner) element.setAttribute('exportparts', inner);
  const exported = new Set([...exportedParts(canvas), ...FRAME_PARTS, `widget-${type}`, ...[...names].map((n) => `${type}-${n}`)]);
  const value = [...exported].join(', ');
  if (canvas.getAttribute('exportparts') !== value) canvas.setAttribute('exportparts', value);
}
