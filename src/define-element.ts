/**
 * Defines `tag` unless it is already defined: by this library (a second copy of the bundle, or a
 * lazy widget loaded twice: fine) or by something else (warned, since the page then has two
 * different elements under one name). Side-effect free until called.
 */
export function defineElement(tag: string, ctor: CustomElementConstructor): void {
  const existing = customElements.get(tag);
  if (!existing) customElements.define(tag, ctor);
  else if (existing !== ctor && existing.name !== ctor.name) console.warn(`autoui-agent: <${tag}> is already defined by another script; keeping that one.`);
}
