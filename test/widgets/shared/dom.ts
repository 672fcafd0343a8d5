/**
 * Shadow-DOM aware queries for widget tests: widgets render inside their own shadow roots, and
 * some (canvas, widgets in widgets) nest them, so plain `querySelector` sees nothing.
 */

/** Every element matching `selector` under `root`, descending into open shadow roots. */
export function deepQueryAll<E extends Element = Element>(root: Node, selector: string): E[] {
  const found: E[] = [];
  const visit = (node: Node) => {
    if (node instanceof Element) {
      if (node.matches(selector)) found.push(node as E);
      if (node.shadowRoot) visit(node.shadowRoot);
    }
    for (const child of Array.from(node.childNodes)) visit(child);
  };
  if (root instanceof Element && root.shadowRoot) visit(root.shadowRoot);
  for (const child of Array.from(root.childNodes)) visit(child);
  return found;
}

/** The text a person would see (roughly): text nodes under `root` and its shadow roots. */
export function deepText(root: Node): string {
  let text = '';
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
    if (node instanceof Element) {
      if (node.localName === 'style' || node.localName === 'script') return;
      if (node.shadowRoot) visit(node.shadowRoot);
    }
    for (const child of Array.from(node.childNodes)) visit(child);
  };
  visit(root instanceof Element && root.shadowRoot ? root.shadowRoot : root);
  return text;
}

/** Waits for a Lit element (or any element with `updateComplete`) to finish rendering. */
export async function settled(element: Element): Promise<void> {
  const pending = (element as Element & {updateComplete?: Promise<unknown>}).updateComplete;
  if (pending) await pending;
}
