/**
 * What a framework bound on an element before its class was defined (the element rendered before
 * `customElements.define`, a lazy script). Such an element is a plain `HTMLElement` at first, so:
 * - React 19 sets a prop as an attribute named as written, which HTML lowercases: `maxIterations`
 *   becomes `maxiterations`, not `max-iterations`; those lowercase spellings are read as the
 *   dashed attribute, when the dashed one is absent;
 * - other frameworks set properties, which become own properties of the element and hide the
 *   class's accessors once it is defined. Lit takes over those of its declared properties itself
 *   (it keeps them in its constructor and sets them through the accessors at the first update);
 *   {@link takeOverOwnAccessors} does the same at once for the others (`snapshot`).
 */

/** The spelling React 19 gives a multi-word attribute on an element not yet defined: `max-iterations` → `maxiterations`. */
export function lowercaseAlias(attribute: string): string {
  return attribute.replace(/-/g, '');
}

/** The lowercase spelling of each multi-word attribute in `attributes`, with the attribute it stands for. */
export function lowercaseAliases(attributes: Iterable<string>): ReadonlyMap<string, string> {
  return new Map([...attributes].filter((a) => a.includes('-')).map((a) => [lowercaseAlias(a), a]));
}

/** `attribute`'s value on `element`, else that of its lowercase spelling, else `null`. */
export function attributeOrAlias(element: Element, attribute: string): string | null {
  return element.getAttribute(attribute) ?? element.getAttribute(lowercaseAlias(attribute));
}

/**
 * Moves each own property of `element` that hides a setter of its class (set before the class was
 * defined) to that setter: deletes it, then sets it again through the accessor. Own data fields
 * (the element's state) and getter-only members are left alone. Call it in the constructor: the
 * setters then run before the subclass's fields exist, so they may only set other properties.
 */
export function takeOverOwnAccessors(element: object): void {
  for (const key of Object.keys(element)) {
    if (!hasSetter(Object.getPrototypeOf(element), key)) continue;
    const value: unknown = (element as Record<string, unknown>)[key];
    delete (element as Record<string, unknown>)[key];
    (element as Record<string, unknown>)[key] = value;
  }
}

/** True when `key` has a setter somewhere on the prototype chain from `prototype`. */
function hasSetter(prototype: object | null, key: string): boolean {
  for (let p = prototype; p && p !== HTMLElement.prototype; p = Object.getPrototypeOf(p)) {
    const descriptor = Object.getOwnPropertyDescriptor(p, key);
    if (descriptor) return descriptor.set !== undefined;
  }
  return false;
}
