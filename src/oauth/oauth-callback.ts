/**
 * The OAuth callback helper a site serves at its redirect URL (`oauth-callback.html` loads it):
 * the authorization server sends the person's browser here with `code` and `state` (or `error`),
 * and this hands them to the page that started the sign-in, then gets out of the way.
 *
 * - **Popup with an opener** (a page that opens the sign-in itself with `window.open`): the opener
 *   is this origin's page. The answer is posted to it, to this origin only (a page elsewhere
 *   cannot read it), and this window closes.
 * - **Same-tab fallback** (the browser blocked the popup, so the page itself left for the
 *   authorization server after saving its address under `autoui-oauth-return`): the answer is kept
 *   in `sessionStorage` under `autoui-oauth-callback` and the tab goes back to that address, if it
 *   is on this origin (never an address that would carry the code elsewhere).
 * - **No opener** (the element's popup: it opens the sign-in window without `opener`, so the
 *   authorization server's pages cannot reach or navigate the page; or an authorization server
 *   that sends `Cross-Origin-Opener-Policy`): the answer goes to this origin's pages on the
 *   `autoui-oauth` BroadcastChannel, and the window tries to close. The page that waits takes
 *   only the answer whose `state` is the one it sent.
 *
 * Only the five parameters of an authorization response, and the server named in the redirect
 * address, are passed on. The code leaves the
 * address bar and history at once. No dependencies, no Lit: it must stay a few hundred bytes.
 */

/** The message the opener listens for (src/element/prompts/sign-in-host.ts). */
const TYPE = 'autoui-oauth-callback';
// `autoui-server` is not the authorization server's: it is part of the redirect address this
// client registered for one MCP server, and tells which sign-in the answer is for (mix-up).
const PASSED = ['code', 'state', 'iss', 'error', 'error_description', 'autoui-server'];
const FR = navigator.language.toLowerCase().startsWith('fr');
const DONE = FR ? 'Connexion en cours… vous pouvez fermer cette fenêtre.' : 'Signing you in… you can close this window.';
const LOST = FR
  ? 'La connexion ne peut pas revenir à la page qui l’a demandée. Revenez-y et réessayez.'
  : 'The sign-in cannot return to the page that asked for it. Go back to it and try again.';

/** Where the answer went; see the module comment. */
export type CallbackPath = 'opener' | 'redirect' | 'channel' | 'lost';

/** True when `w` is a window of this origin (reading a cross-origin window's location throws). */
function ours(w: Window | null): w is Window {
  try {
    return !!w && w !== window && w.location.origin === location.origin;
  } catch {
    return false;
  }
}

function say(text: string): void {
  document.documentElement.lang = FR ? 'fr' : 'en';
  document.body.textContent = text;
}

/** Hands this page's authorization response to the page that asked for it; see the module comment. */
export function completeSignIn(): CallbackPath {
  const query = new URLSearchParams(location.search);
  const answer = new URLSearchParams();
  for (const key of PASSED) {
    const value = query.get(key);
    if (value !== null) answer.set(key, value);
  }
  const params = answer.toString();
  // The code must not stay in the address bar, in history, or in a bookmark of this page.
  history.replaceState(null, '', location.pathname);
  say(DONE);

  const opener = window.opener as Window | null;
  if (ours(opener)) {
    opener.postMessage({type: TYPE, params}, location.origin);
    window.close();
    return 'opener';
  }
  let back: string | null = null;
  try {
    back = sessionStorage.getItem('autoui-oauth-return');
    sessionStorage.removeItem('autoui-oauth-return');
  } catch {
    // Storage denied: no same-tab return to make; the channel may still reach the opener.
  }
  if (back !== null) {
    try {
      const url = new URL(back, location.href);
      if (url.origin !== location.origin) throw new Error('another origin');
      sessionStorage.setItem(TYPE, params);
      location.replace(url.href);
      return 'redirect';
    } catch {
      say(LOST);
      return 'lost';
    }
  }
  new BroadcastChannel('autoui-oauth').postMessage({type: TYPE, params});
  window.close();
  return 'channel';
}

completeSignIn();
