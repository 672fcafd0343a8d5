/**
 * The share link of a session: the page's URL with the canvas in its fragment (`#autoui=…`). Its
 * code (the snapshot encoder) is a lazy chunk, loaded at the first call.
 */
import {loadFailed} from '../errors.js';
import type {AgentSession} from '../session/agent-session.js';

/** This page's URL with `session`'s canvas in its fragment. Rejects with `SNAPSHOT_TOO_LARGE` over 64 kB, `LOAD_FAILED` if the chunk does not load. */
export async function shareUrlOf(session: AgentSession): Promise<string> {
  let engine: typeof import('../session/restore-engine.js');
  try {
    engine = await import('../session/restore-engine.js');
  } catch (error) {
    throw loadFailed('Part of autoui-agent', error);
  }
  return engine.shareUrlFor(location.href, await engine.encodeShareFragment(session.snapshot()));
}
