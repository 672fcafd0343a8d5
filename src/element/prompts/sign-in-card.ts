/**
 * The card asking a person to sign in to an MCP server (OAuth), drawn by the transcript the way
 * it draws approval cards, with the same look and keyboard rules: focus moves to the card when it
 * appears (and again when its buttons change under the person's focus), Tab reaches the buttons,
 * Escape is the way out (**Not now**, or **Cancel** while waiting).
 *
 * It says where the person will type their password: the server's host and the authorization
 * server's host (its issuer), and that a window will open there. **Sign in** calls `signIn()`
 * inside the click itself, because a browser only lets a page open a window in the task of the
 * person's gesture. Then "Waiting for the sign-in window…" with **Cancel**; a failed or refused
 * sign-in shows the reason (the authorization server's words, as text) with **Try again**.
 * The authorization URL itself is never shown: it carries the request's `state`.
 */
import {html, nothing, type TemplateResult} from 'lit';
import {revealHidden} from '../common/reveal-hidden.js';
import {focusOnArrival} from '../common/card-focus.js';
import type {PromptStrings as Strings} from './prompt-strings.js';

/** A sign-in as the card shows it. */
export interface SignInCardEntry {
  /** Unique to this sign-in (the session's `SignInRequest.id`). */
  id: string;
  /** The server's name. */
  server: string;
  /** The MCP server's host (`mcp.example.org`, with its port when not the default). */
  serverHost: string;
  /** The authorization server (its issuer URL), when known: its host is where the person signs in. */
  issuer?: string;
  /** Asking, waiting for the window, or failed (then `error` says why, when known). */
  state: 'asking' | 'waiting' | 'failed';
  /** Why the sign-in failed: the authorization server's `error_description`, or ours. Untrusted text. */
  error?: string;
}

/** What the card's buttons do. Each is called synchronously in the person's click (or key). */
export interface SignInCardActions {
  /** **Sign in** / **Try again**: open the sign-in window now, in this gesture. */
  signIn(): void;
  /** **Not now**: go on without this server. */
  later(): void;
  /** **Cancel** while waiting: give up this sign-in. */
  cancel(): void;
}

/** A reason longer than this is cut: it explains, it is not a document. */
const REASON_CHARS = 300;

/** Ids in the transcript's shadow root: one number per sign-in, since ids come from the session. */
let serial = 0;
const domIds = new Map<string, string>();
const REMEMBERED = 100;
function domId(key: string): string {
  let id = domIds.get(key);
  if (!id) {
    id = `sign-in-${++serial}`;
    domIds.set(key, id);
    if (domIds.size > REMEMBERED) domIds.delete(domIds.keys().next().value!);
  }
  return id;
}

/** The card of one sign-in; see the module comment. */
export function signInCard(entry: SignInCardEntry, strings: Strings, actions: SignInCardActions): TemplateResult {
  const s = strings;
  const id = domId(entry.id);
  const server = revealHidden(entry.server);
  const issuerHost = hostOf(entry.issuer);
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    if (entry.state === 'waiting') actions.cancel();
    else actions.later();
  };
  let body: TemplateResult;
  let buttons: TemplateResult;
  switch (entry.state) {
    case 'waiting':
      body = html`<p class="waiting" role="status" dir="auto">${s.signInWaiting}</p>`;
      buttons = html`<button type="button" part="sign-in-cancel" @click=${() => actions.cancel()}>${s.signInCancel}</button>`;
      break;
    case 'failed': {
      const reason = entry.error ? revealHidden(entry.error).slice(0, REASON_CHARS) : '';
      body = html`<p class="failed" role="alert" dir="auto">${reason ? s.signInFailed.replace('{reason}', reason) : s.signInFailedNoReason}</p>`;
      buttons = html`<button type="button" part="sign-in-retry" class="primary" @click=${() => actions.signIn()}>${s.signInRetry}</button>
        <button type="button" part="sign-in-later" @click=${() => actions.later()}>${s.signInLater}</button>`;
      break;
    }
    default:
      body = html`<p class="explain" dir="auto">${issuerHost ? s.signInWindow.replace('{host}', issuerHost) : s.signInWindowNoIssuer}</p>`;
      buttons = html`<button type="button" part="sign-in-button" class="primary" @click=${() => actions.signIn()}>${s.signIn}</button>
        <button type="button" part="sign-in-later" @click=${() => actions.later()}>${s.signInLater}</button>`;
  }
  return html`<div part="sign-in" class="sign-in" role="group" tabindex="-1" data-state=${entry.state}
    aria-labelledby="${id}-title" aria-describedby="${id}-where" @keydown=${onKeydown} ${focusOnArrival(`sign-in:${entry.id}:${entry.state}`)}>
    <h3 id="${id}-title" dir="auto">${s.signInTitle.replace('{server}', server)}</h3>
    <p class="where" id="${id}-where" dir="auto">${s.approvalServer} ${server} (<span class="host" dir="ltr">${revealHidden(entry.serverHost)}</span>)${issuerHost
      ? html` · ${s.signInIssuer} <span class="host" dir="ltr">${issuerHost}</span>`
      : nothing}</p>
    ${body}
    <div class="actions">${buttons}</div>
  </div>`;
}

/** The host of the issuer URL (an IDN in its ASCII form, so look-alike letters show), or undefined. */
function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}
