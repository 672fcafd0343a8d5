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

/** A widget element of a frame (undefined while a draft has none) and its type. */
export interface PartsOf {
  element?: HTMLElement;
  type: string;
}

/**
 * Re-exports the inner parts of each `element` (a widget of `type`) as `<type>-<part>`, and adds
 * them, the frame's and `widget-<type>` to `canvas`'s `exportparts`. Names only grow: a part seen
 * once stays exported. The canvas's attribute is written once for all the widgets: written once
 * a widget, 100 widgets shown together rewrote a growing list 100 times, each write restyling the
 * canvas.
 */
export function exportParts(canvas: Element, widgets: readonly PartsOf[]): void {
  const exported = new Set([...exportedParts(canvas), ...FRAME_PARTS]);
  for (const {element, type} of widgets) {
    const names = new Set(Array.from(element?.shadowRoot?.querySelectorAll('[part]') ?? []).flatMap((el) => el.getAttribute('part')!.split(/\s+/)));
    const inner = [...names].map((n) => `${n}:${type}-${n}`).join(', ');
    if (element && element.getAttribute('exportparts') !== inner) element.setAttribute('exportparts', inner);
    exported.add(`widget-${type}`);
    for (const n of names) exported.add(`${type}-${n}`);
  }
  const value = [...exported].join(', ');
  if (canvas.getAttribute('exportparts') !== value) canvas.setAttribute('exportparts', value);
}
