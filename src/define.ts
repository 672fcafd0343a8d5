/**
 * Side-effect module: defines the custom elements of autoui-agent. The script-tag bundles import
 * it; npm users who want the classes without the tags import `index.ts` instead.
 */
import {AutouiAgent} from './element/autoui-agent.js';

/**
 * Defines `tag` unless it is already defined: by this library (a second copy of the bundle, fine)
 * or by something else (warned, since the page then has two different elements under one name).
 */
export function defineElement(tag: string, ctor: CustomElementConstructor): void {
  const existing = customElements.get(tag);
  if (!existing) customElements.define(tag, ctor);
  else if (existing !== ctor && existing.name !== ctor.name) console.warn(`autoui-agent: <${tag}> is already defined by another script; keeping that one.`);
}

defineElement('autoui-agent', AutouiAgent);
