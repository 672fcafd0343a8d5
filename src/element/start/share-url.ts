/**
 * The share link of a session: the page's URL with the canvas in its fragment (`#autoui=…`). Its
 * code (the snapshot encoder) is a lazy chunk, loaded at the first call.
 */
import {importRestoreEngine} from '../../session/engine-chunks.js';
import {lazyChunk} from '../../session/lazy-chunk.js';
import type {AgentSession} from '../../session/agent-session.js';

/** The restore engine (the share link's encoder), loaded once; a failed load is tried again (`LOAD_FAILED`). */
const loadRestoreEngine = lazyChunk(importRestoreEngine);

/** This page's URL with `session`'s canvas in its fragment. Rejects with `SNAPSHOT_TOO_LARGE` over 64 kB, `LOAD_FAILED` if the chunk does not load. */
export async function shareUrlOf(session: AgentSession): Promise<string> {
  const engine = await loadRestoreEngine();
  return engine.shareUrlFor(location.href, await engine.encodeShareFragment(session.snapshot()));
}
