/**
 * What a person or the page would notice after hostile input reached an element: executable or
 * loading markup anywhere on the page (in every open shadow root), polluted prototypes, the
 * `window.__pwned` canary that payloads set when they run, requests to hosts the page did not
 * allow, uncaught errors. Shared by the hostile-snapshot tests and the reliability suite.
 */
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {DEFAULT_TILE_HOST, IMAGE_HOST, type Json} from './hostile-snapshot-corpus.js';
import {engineLoaded, type Scenario} from './harness.js';

export const DANGEROUS_SCHEME = /^(javascript|data|vbscript):/;
export const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'poster', 'background', 'data', 'ping', 'codebase', 'cite', 'manifest', 'lowsrc', 'dynsrc']);
export const EXECUTABLE_TAGS = new Set(['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'portal', 'fencedframe']);
export const LOADING_TAGS = new Set(['img', 'image', 'source', 'video', 'audio', 'track', 'input', 'link', 'use', 'feimage']);

/** Scripts, frames and the like that the test page itself holds (wtr's own). */
export const pageOwn = new Set<Element>();

/** What a browser would make of an attribute's URL: no controls, no spaces, lower case. */
export const normaliseUrl = (value: string) => value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();

/** The foreign host of `url`, or undefined when it is allowed or not a network URL. */
export function foreignHost(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, location.href);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  const host = parsed.hostname;
  const allowed = host === location.hostname || host === 'localhost' || host === '127.0.0.1' || host === IMAGE_HOST || host.endsWith(`.${IMAGE_HOST}`) || host === DEFAULT_TILE_HOST;
  return allowed ? undefined : host;
}

/** Every element of the page, in the document and in every open shadow root. */
export function composedElements(): Element[] {
  const found: Element[] = [];
  const stack: ParentNode[] = [document];
  while (stack.length) {
    const node = stack.pop()!;
    for (const child of Array.from(node.children)) {
      found.push(child);
      stack.push(child);
      if (child.shadowRoot) stack.push(child.shadowRoot);
    }
  }
  return found;
}

/** Executable or loading things rendered anywhere on the page. */
export function scanDom(agent: Element): string[] {
  const problems: string[] = [];
  const label = (el: Element) => `<${el.localName}${el.id ? '#' + el.id : ''}${el.getAttribute('part') ? ` part="${el.getAttribute('part')}"` : ''}>`;
  for (const el of composedElements()) {
    if (pageOwn.has(el)) continue;
    const tag = el.localName;
    if (EXECUTABLE_TAGS.has(tag)) problems.push(`${label(el)} rendered`);
    if (tag === 'meta' && el.hasAttribute('http-equiv')) problems.push(`${label(el)} with http-equiv rendered`);
    for (const attribute of Array.from(el.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) problems.push(`${label(el)} has ${name}="${attribute.value.slice(0, 40)}"`);
      if (name === 'srcdoc') problems.push(`${label(el)} has srcdoc`);
      if (URL_ATTRIBUTES.has(name) || name.endsWith(':href')) {
        if (DANGEROUS_SCHEME.test(normaliseUrl(attribute.value))) problems.push(`${label(el)} has ${name}="${attribute.value.slice(0, 40)}"`);
        if (LOADING_TAGS.has(tag)) {
          for (const candidate of name === 'srcset' ? attribute.value.split(',').map((s) => s.trim().split(/\s+/)[0]) : [attribute.value]) {
            const host = foreignHost(candidate);
            if (host) problems.push(`${label(el)} loads ${name} from ${host}`);
          }
        }
      }
      if (name === 'style' && /url\s*\(|expression\s*\(|javascript:|@import|behavior\s*:|binding\s*:|image-set/i.test(attribute.value)) problems.push(`${label(el)} has style="${attribute.value.slice(0, 60)}"`);
    }
    if (agent.contains(el) || el.getRootNode() !== document) {
      for (const url of getComputedStyle(el).backgroundImage.matchAll(/url\("?([^")]*)"?\)/g)) {
        const host = foreignHost(url[1]);
        if (host) problems.push(`${label(el)} has a background image from ${host}`);
      }
    }
  }
  return problems;
}

export const PROTOTYPES: Array<[string, object]> = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
];
export const prototypeKeys = new Map(PROTOTYPES.map(([name, proto]) => [name, new Set(Reflect.ownKeys(proto))]));

/** New keys on the built-in prototypes (removed again, so one failure does not spoil the next cases). */
export function pollution(): string[] {
  const problems: string[] = [];
  for (const [name, proto] of PROTOTYPES) {
    for (const key of Reflect.ownKeys(proto)) {
      if (prototypeKeys.get(name)!.has(key)) continue;
      problems.push(`${name} got the key ${String(key)}`);
      delete (proto as Record<PropertyKey, unknown>)[key];
    }
  }
  if (({} as Json).polluted !== undefined) problems.push('({}).polluted is defined');
  return problems;
}

/** The canary the payloads set when they run. */
export function canary(): string[] {
  const w = window as unknown as {__pwned?: unknown};
  if (w.__pwned === undefined) return [];
  delete w.__pwned;
  return ['window.__pwned was set: a payload ran'];
}

let resourcesSeen = 0;

/** Starts counting requests from now on: those made before are the page's own. */
export function forgetRequestsSoFar(): void {
  resourcesSeen = performance.getEntriesByType('resource').length;
}

/** Requests made since the last call that went to a host the page did not allow. */
export function foreignRequests(): string[] {
  const entries = performance.getEntriesByType('resource');
  const fresh = entries.slice(resourcesSeen);
  resourcesSeen = entries.length;
  return fresh.flatMap((e) => {
    const host = foreignHost(e.name);
    return host ? [`a request went to ${host} (${e.name.slice(0, 80)})`] : [];
  });
}

/** Uncaught errors and rejections of the page, by case. */
export const pageErrors: string[] = [];
window.addEventListener('error', (event) => pageErrors.push(`uncaught ${event.message}`));
window.addEventListener('unhandledrejection', (event) => pageErrors.push(`unhandled rejection ${String((event.reason as Error)?.stack ?? event.reason).slice(0, 200)}`));

/**
 * Mounts the element hostile input is thrown at, on this model `scenario`, with images allowed from
 * {@link IMAGE_HOST} only; first marks the scripts and frames the test page itself holds (so only
 * new ones count) and makes room for every request in resource timing, and afterwards forgets the
 * requests made so far. Mounted by hand, not with fixture(): fixture's cleanup after each test
 * would take it off the page, and a corpus runs over several tests on one element.
 */
export async function mountHostileAgent(scenario: Scenario): Promise<AutouiAgent> {
  for (const el of composedElements()) if (EXECUTABLE_TAGS.has(el.localName) || el.localName === 'meta') pageOwn.add(el);
  performance.setResourceTimingBufferSize(1_000_000);
  const agent = document.createElement('autoui-agent');
  for (const [name, value] of Object.entries({lang: 'en', endpoint: scenario.base, 'image-hosts': IMAGE_HOST})) agent.setAttribute(name, value);
  document.body.append(agent);
  await agent.updateComplete;
  await engineLoaded(agent);
  forgetRequestsSoFar();
  return agent;
}
