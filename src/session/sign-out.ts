/**
 * Signing out of MCP servers (`session.signIns.signOut`): the tokens a session's auth store holds
 * for one server, or for all, are forgotten, and the server connects again, so the next question
 * asks the person to sign in (see `SessionSignIns`).
 */
import {forgetTokens} from '../mcp/auth-store.js';
import type {AuthStore} from '../mcp/index.js';
import type {ServerSet} from './server-set.js';

/** The sign-in side of a session, as a view reaches it. */
export interface SessionSignInsApi {
  /**
   * Signs out of one server (by name or URL) or of every server: forgets the tokens the session's
   * store holds for it and connects again, so the next question asks the person to sign in.
   * Nothing happens without an auth store, or for a server the session does not have.
   */
  signOut(server?: string): Promise<void>;
}

/** Signs out of `server` (every server when undefined) among `servers`, forgetting its tokens in `store`. */
export async function signOut(store: AuthStore | undefined, servers: Pick<ServerSet, 'find' | 'reconnect'>, server?: string): Promise<void> {
  if (!store) return;
  const config = server === undefined ? undefined : servers.find(server);
  if (server !== undefined && !config) return;
  await forgetTokens(store, config ? new URL(config.url, globalThis.location?.href).href : undefined);
  servers.reconnect((c) => !config || c === config);
}
