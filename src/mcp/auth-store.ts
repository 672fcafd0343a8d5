/**
 * Sign-in state kept in an {@link AuthStore}: the key scheme's prefix, sign-out, and a store in
 * memory. No SDK code here: a session signs out without loading the MCP client.
 */
import type {AuthStore} from './mcp-types.js';

/** Prefix of every key the OAuth provider writes. */
export const AUTH_KEY_PREFIX = 'autoui-oauth:';

/** Forgets every token of `resource` (a server's URL), or of every server: sign-out. */
export async function forgetTokens(store: AuthStore, resource?: string): Promise<void> {
  const prefixes = resource ? [`${AUTH_KEY_PREFIX}tokens:${resource}:`, `${AUTH_KEY_PREFIX}latest:${resource}`] : [`${AUTH_KEY_PREFIX}tokens:`, `${AUTH_KEY_PREFIX}latest:`];
  for (const prefix of prefixes) for (const key of await store.keys(prefix)) await store.delete(key);
}

/** An {@link AuthStore} in memory (Workers, Node, tests). */
export function memoryAuthStore(): AuthStore {
  const map = new Map<string, string>();
  return {
    get: async (key) => map.get(key),
    set: async (key, value) => void map.set(key, value),
    delete: async (key) => void map.delete(key),
    keys: async (prefix) => [...map.keys()].filter((k) => k.startsWith(prefix)),
  };
}
