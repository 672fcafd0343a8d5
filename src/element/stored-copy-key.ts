/**
 * The key an element's stored copies share (the session's, with `persist`; the files', with
 * `persist-files` under it): the page's origin and path, and the element's id, else its place
 * among the page's persisted elements. A lazy part of the element's stores (`element-stores.ts`,
 * which reads `persist`): only the features that store a copy load it.
 */
import {persisted, type StoresElement} from './element-stores.js';

/** Where `persist` keeps an element's session; warns when a persisted element has no id. */
export function storedCopyKey(element: StoresElement): string {
  if (!element.id && persisted(element)) console.warn('autoui-agent: persist="local" without an id: the stored copy is keyed by the element\'s place among the page\'s persisted elements. Give it an id.');
  const kept = [...document.querySelectorAll<Element>('autoui-agent')].filter(persisted);
  const id = element.id || `autoui-agent-${kept.indexOf(element)}`;
  return `${location.origin}${location.pathname}#${id}`;
}
