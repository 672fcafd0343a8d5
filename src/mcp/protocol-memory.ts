/**
 * Which revision each server speaks, remembered by URL so the next connection to it (a reconnect,
 * another element, a reload with `persist`) skips the `server/discover` probe: a 2026-07-28 server
 * is adopted with zero round trips, a 2025 one goes straight to `initialize`. A verdict that no
 * longer holds only costs one fresh negotiation (see `open-client.ts`).
 */
import type {ProtocolMemory, ProtocolVerdict} from './mcp-types.js';

/**
 * The page's memory: verdicts are facts about servers, not about a conversation, so every
 * connection in the page shares them. Keyed by the URL without credentials or fragment.
 */
const pageVerdicts = new Map<string, ProtocolVerdict>();

/** The page-wide memory (the default). */
export const pageProtocolMemory: ProtocolMemory = {
  get: (url) => pageVerdicts.get(url),
  set: (url, verdict) => void pageVerdicts.set(url, verdict),
};

/** `memory.get`, else what the page learnt; a failing store is taken as "nothing remembered". */
export async function recall(memory: ProtocolMemory, url: string): Promise<ProtocolVerdict | undefined> {
  try {
    return (await memory.get(url)) ?? pageVerdicts.get(url);
  } catch {
    return pageVerdicts.get(url);
  }
}

/** `memory.set`, never throwing; the page-wide memory learns it too. */
export async function remember(memory: ProtocolMemory, url: string, verdict: ProtocolVerdict): Promise<void> {
  pageVerdicts.set(url, verdict);
  try {
    if (memory !== pageProtocolMemory) await memory.set(url, verdict);
  } catch {
    // A store that fails only costs a probe next time.
  }
}

/** Forgets what the page learnt of `url` (a verdict that turned out stale). */
export function forgetPageVerdict(url: string): void {
  pageVerdicts.delete(url);
}
