/**
 * Whether the element's built-in transcript is on screen: a page may replace it
 * (`slot="transcript"`), and then no card drawn in it could be seen or answered.
 */

/** True when the page put its own element in the `transcript` slot of `host`. */
export function transcriptReplaced(host: Element): boolean {
  return (host.shadowRoot?.querySelector<HTMLSlotElement>('slot[name="transcript"]')?.assignedElements().length ?? 0) > 0;
}
