/**
 * What the reliability families watch on a mounted `<autoui-agent>`: every public event it fires
 * and every console message of the page (kept as text), and where a browser key could surface
 * (events, console, DOM text, attributes and form values anywhere on the page, open shadow roots
 * included).
 */
import type {AutouiAgent} from '../../../src/element/autoui-agent.js';
import {AGENT_EVENTS} from '../../element/harness.js';

/** The browser key of the reliability tests: it must surface nowhere but in the requests to the model. */
export const BROWSER_KEY = 'sk-reliability-7f3a9c2e5b1d4a8f6e0c-do-not-show';

/** Text of a value as a page would log or store it: errors with their message and stack. */
function asText(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, v: unknown) => (v instanceof Error ? {...v, name: v.name, message: v.message, stack: v.stack} : v instanceof Node ? `<${v.nodeName}>` : v)) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Records the agent's events and the page's console; `stop()` puts the console back. */
export function watchAgent(agent: AutouiAgent) {
  const events: Array<{type: string; text: string}> = [];
  const consoleLines: string[] = [];
  const listeners = AGENT_EVENTS.map((type) => {
    const listener = (event: Event) => events.push({type, text: asText((event as CustomEvent).detail)});
    agent.addEventListener(type, listener);
    return [type, listener] as const;
  });
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
  const originals = methods.map((m) => console[m]);
  methods.forEach((m, i) => {
    console[m] = (...args: unknown[]) => {
      consoleLines.push(`${m}: ${args.map(asText).join(' ')}`);
      originals[i].apply(console, args);
    };
  });
  return {
    events,
    consoleLines,
    /** Forgets what was recorded so far. */
    reset() {
      events.length = 0;
      consoleLines.length = 0;
    },
    stop() {
      for (const [type, listener] of listeners) agent.removeEventListener(type, listener);
      methods.forEach((m, i) => (console[m] = originals[i]));
    },
  };
}

/** Every text node, attribute value and form value of the page, open shadow roots included. */
function pageStrings(): string[] {
  const out: string[] = [];
  const stack: Node[] = [document.documentElement];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.COMMENT_NODE) out.push(node.nodeValue ?? '');
    if (node instanceof Element) {
      for (const attribute of Array.from(node.attributes)) out.push(`${attribute.name}=${attribute.value}`);
      if (node instanceof HTMLTextAreaElement || node instanceof HTMLInputElement) out.push(node.value);
      if (node.shadowRoot) stack.push(node.shadowRoot);
    }
    for (const child of Array.from(node.childNodes)) stack.push(child);
  }
  return out;
}

/** Where `key` (or a long part of it) appears: events, console, DOM, or the extra texts given (requests). */
export function keyLeaks(key: string, watched: ReturnType<typeof watchAgent>, extra: Array<{where: string; text: string}> = []): string[] {
  // A part of the key is a leak too (a message that cuts the key after 16 characters still gives most of it).
  const part = key.slice(0, 16);
  const problems: string[] = [];
  for (const e of watched.events) if (e.text.includes(part)) problems.push(`the ${e.type} event carries the key`);
  for (const line of watched.consoleLines) if (line.includes(part)) problems.push(`a console message carries the key: ${line.slice(0, 80)}`);
  for (const text of pageStrings()) if (text.includes(part)) problems.push(`the page shows the key: ${text.slice(0, 80)}`);
  for (const e of extra) if (e.text.includes(part)) problems.push(`${e.where} carries the key`);
  return [...new Set(problems)];
}
