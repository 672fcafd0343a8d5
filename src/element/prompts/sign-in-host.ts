/**
 * The element's side of signing in to MCP servers: where tokens live (`sessionStorage` by default,
 * IndexedDB with `persist`, never in attributes, events, snapshots or logs), the callback page,
 * and the window the person signs in with. The window opens in the click on the card (a popup
 * opened later is blocked); when the browser blocks it all the same, the page itself goes to the
 * authorization server (the same-tab fallback) after saving the question, and asks it again when
 * it comes back through the callback page (`dist/oauth-callback.html`).
 */
import {createStore, del, get, keys, set} from 'idb-keyval';
import type {SignInResponder} from '../../session/session-sign-ins.js';
import type {AuthStore} from '../../mcp/index.js';
import type {SignInAnswer} from '../../session/session-sign-ins.js';

/** sessionStorage keys shared with the callback page (src/oauth/oauth-callback.ts). */
export const CALLBACK_KEY = 'autoui-oauth-callback';
const RETURN_KEY = 'autoui-oauth-return';
const PENDING_KEY = 'autoui-oauth-pending';

/** What the page saved before leaving for the authorization server. */
interface PendingSignIn {
  serverUrl: string;
  question?: string;
  returnUrl: string;
}

/** An {@link AuthStore} over `sessionStorage`: the tab's sign-ins, gone with the tab. */
export function sessionAuthStore(): AuthStore {
  const storage = (): Storage | undefined => {
    try {
      return globalThis.sessionStorage;
    } catch {
      return undefined; // storage denied (sandboxed frame, privacy settings)
    }
  };
  return {
    get: async (key) => storage()?.getItem(key) ?? undefined,
    set: async (key, value) => {
      try {
        storage()?.setItem(key, value);
      } catch {
        // Full or denied: the sign-in lasts for this connection only.
      }
    },
    delete: async (key) => storage()?.removeItem(key),
    keys: async (prefix) => {
      const s = storage();
      return s ? Array.from({length: s.length}, (_, i) => s.key(i) ?? '').filter((k) => k.startsWith(prefix)) : [];
    },
  };
}

/** An {@link AuthStore} in IndexedDB (`persist`): sign-ins survive a reload. Failures are misses. */
export function persistentAuthStore(): AuthStore {
  let opened: ReturnType<typeof createStore> | undefined;
  const store = () => (opened ??= createStore('autoui-agent-auth', 'tokens'));
  const quiet = async <T>(run: () => Promise<T>, fallback: T) => run().catch(() => fallback);
  return {
    get: (key) => quiet(() => get<string>(key, store()), undefined),
    set: (key, value) => quiet(() => set(key, value, store()), undefined),
    delete: (key) => quiet(() => del(key, store()), undefined),
    keys: (prefix) => quiet(async () => (await keys(store())).map(String).filter((k) => k.startsWith(prefix)), [] as string[]),
  };
}

/** Reads and forgets what a same-tab sign-in left for `serverUrl`: the redirect's answer and the question. */
export function takeReturnedSignIn(serverUrl: string): {params: URLSearchParams; question?: string} | undefined {
  try {
    const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as PendingSignIn | null;
    const query = sessionStorage.getItem(CALLBACK_KEY);
    if (!pending || query === null || pending.serverUrl !== serverUrl) return undefined;
    sessionStorage.removeItem(PENDING_KEY);
    sessionStorage.removeItem(CALLBACK_KEY);
    return {params: new URLSearchParams(query), question: pending.question};
  } catch {
    return undefined;
  }
}

/**
 * Opens `url` in a popup that has no `opener`: the authorization server's pages (and any page it
 * sends the window to) cannot reach this page, read its frames or navigate it elsewhere. It opens
 * blank, is cut from this page, then leaves for `url`: unlike `noopener`, which makes
 * `window.open` return null, this still tells a blocked popup (null) from an open one, and lets
 * its closing be seen. The answer comes back on the `autoui-oauth` channel.
 */
function openWithoutOpener(url: string): Window | null {
  // A new window each time (not a named one to reuse): a reused window could be on the
  // authorization server's origin already, where this page can neither cut nor steer it.
  const popup = window.open('about:blank', '_blank', 'popup,width=520,height=720');
  if (!popup) return null;
  try {
    popup.opener = null;
    popup.location.replace(url);
  } catch {
    // Closed before it could leave (or the browser refused): seen as a closed window, a refusal.
    popup.close();
  }
  return popup;
}

/** How long after the window closes an answer may still arrive (its message is sent just before). */
const CLOSE_GRACE_MS = 800;

/**
 * Opens the authorization page for the person, in the click's own task, in a window without
 * `opener`. Answers with the redirect's query once the callback page sends it (on the channel,
 * with this sign-in's `state`); with `error=access_denied` when the window is
 * closed first; and goes the same-tab way when the browser gives no window. Returns a function
 * that stops listening (the card was retracted).
 */
export function openSignInWindow(url: string, serverUrl: string, question: string | undefined, respond: (answer: SignInAnswer) => void): () => void {
  // A popup starts with a copy of this tab's sessionStorage: a return address left from an
  // earlier same-tab sign-in would send the popup back here instead of answering.
  try {
    sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Storage denied: nothing was left there either.
  }
  const expectedState = new URL(url).searchParams.get('state');
  const popup = openWithoutOpener(url);
  if (!popup) {
    const pending: PendingSignIn = {serverUrl, ...(question ? {question} : {}), returnUrl: location.href};
    try {
      sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
      sessionStorage.setItem(RETURN_KEY, location.href);
      location.assign(url);
    } catch {
      respond(new URLSearchParams({error: 'access_denied', error_description: 'the sign-in window was blocked and this page cannot leave for it'}));
    }
    return () => undefined;
  }
  let done = false;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('autoui-oauth') : undefined;
  const finish = (query: string, checkState = false) => {
    // The broadcast channel reaches every window of the origin, and any of them may post on it:
    // only this sign-in's answer (the `state` it sent) counts.
    if (done || (checkState && (!expectedState || new URLSearchParams(query).get('state') !== expectedState))) return;
    done = true;
    stop();
    respond(new URLSearchParams(query));
  };
  const onChannel = (event: MessageEvent) => {
    const data = event.data as {type?: unknown; params?: unknown} | null;
    if (data?.type === 'autoui-oauth-callback' && typeof data.params === 'string') finish(data.params, true);
  };
  const timer = setInterval(() => {
    if (!popup.closed) return;
    clearInterval(timer);
    setTimeout(() => finish('error=access_denied&error_description=the+sign-in+window+was+closed'), CLOSE_GRACE_MS);
  }, 400);
  const stop = () => {
    clearInterval(timer);
    channel?.removeEventListener('message', onChannel);
    channel?.close();
  };
  channel?.addEventListener('message', onChannel);
  return () => {
    done = true;
    stop();
    if (!popup.closed) popup.close();
  };
}
