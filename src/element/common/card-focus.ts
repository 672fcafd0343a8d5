/**
 * Focus for the cards that ask a person something (sign-in, a server's question): a card takes
 * focus when it appears, so keyboard and screen-reader users land on the question, the way the
 * approval card does. Only when focus is "ours" (nowhere, or inside the element that shows the
 * card): a person typing in a field elsewhere on the page keeps their focus, since their next keys
 * are not for the card. Each key takes focus once; a card that changes state (a sign-in that
 * starts waiting, then fails) is given a new key, so the card takes focus again when its buttons
 * changed under the person's focus.
 */
import {ref, type RefDirective} from 'lit/directives/ref.js';
import type {DirectiveResult} from 'lit/directive.js';

/** Keys that already took focus. Bounded: ids are random, and a long session shows many cards. */
const focused = new Set<string>();
const REMEMBERED = 200;

/** True when `node` is `ancestor` or inside it, across shadow roots. */
function composedContains(ancestor: Node, node: Node): boolean {
  for (let at: Node | null = node; at; at = at.parentNode ?? (at instanceof ShadowRoot ? at.host : null)) {
    if (at === ancestor) return true;
  }
  return false;
}

/** True when nothing has focus, or the focused element holds `card` (the element showing it). */
function focusIsOurs(card: Element): boolean {
  const active = document.activeElement;
  return !active || active === document.body || composedContains(active, card);
}

/**
 * A `ref` for a card's root element: focuses it once per `key`, right after it is rendered into
 * the document, when focus is ours (see the module comment). The element needs `tabindex="-1"`.
 */
export function focusOnArrival(key: string): DirectiveResult<typeof RefDirective> {
  return ref((element) => {
    if (!(element instanceof HTMLElement) || focused.has(key)) return;
    // Lit calls a ref while the template may still be outside the document: wait for the commit.
    queueMicrotask(() => {
      if (!element.isConnected || focused.has(key)) return;
      focused.add(key);
      if (focused.size > REMEMBERED) focused.delete(focused.values().next().value!);
      // Already inside the card (the person's click on it): leave focus where the person put it.
      const active = deepActive();
      if (active && composedContains(element, active)) return;
      if (focusIsOurs(element)) element.focus();
    });
  });
}

/** The focused element itself, through shadow roots (`document.activeElement` stops at a host). */
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
