/**
 * The sign-in itself, loaded by sign-in.ts on the first refusal that needs one: the app's
 * `authorize` is asked to open the authorization page (in the element: after the person's click
 * on the sign-in card), the redirect's answer is checked (`error`, the server it was sent for,
 * `state`; the SDK checks `iss` and exchanges the code with the PKCE verifier), and the attempt
 * runs again with the new token.
 */
import {AutouiError, ErrorCodes, errorMessage} from '../errors.js';
import {publicAddress} from '../policy/public-address.js';
import type {McpAuthOptions} from './mcp-types.js';
import type {StoredOAuthProvider} from './oauth-provider.js';
import type {SignInContext, SignInSdk} from './sign-in-types.js';

/** Sign-ins one attempt may go through (a sign-in, then a step-up to a wider scope). */
const MAX_SIGN_INS = 2;

/** After a failed first attempt: signs in when that is what the server wants, and tries again (at most {@link MAX_SIGN_INS} times). */
export async function signInAndRetry<T>(context: SignInContext, attempt: () => Promise<T>, failure: unknown, sdk: SignInSdk): Promise<T> {
  let error = failure;
  for (let round = 0; ; round++) {
    if (!sdk.needsSignIn(error) || AutouiError.isInstance(error)) throw error;
    const {auth, provider} = context;
    const shown = publicAddress(context.url.href);
    if (!auth || !provider) {
      throw new AutouiError(ErrorCodes.MCP_AUTH_REQUIRED, `The MCP server ${context.server} (${shown}) asks you to sign in, and this page offers no sign-in for it.`, {
        cause: error,
        details: {server: context.server, url: shown},
      });
    }
    const page = provider.pendingAuthorization;
    provider.pendingAuthorization = undefined;
    if (round >= MAX_SIGN_INS || !page) {
      throw new AutouiError(ErrorCodes.MCP_AUTH_FAILED, `The MCP server ${context.server} (${shown}) still refuses after signing in: ${errorMessage(error)}`, {
        cause: error,
        details: {server: context.server, url: shown},
      });
    }
    await signIn(context, auth, provider, page, sdk);
    try {
      return await attempt();
    } catch (next) {
      error = next;
    }
  }
}

/** Asks the app to open the authorization page, checks the answer and exchanges the code. */
async function signIn(context: SignInContext, auth: McpAuthOptions, provider: StoredOAuthProvider, page: URL, sdk: SignInSdk): Promise<void> {
  const {server} = context;
  const shown = publicAddress(context.url.href);
  const details = {server, url: shown, ...(provider.issuer ? {issuer: provider.issuer} : {})};
  const signal = context.signal ?? new AbortController().signal;
  let params: URLSearchParams;
  try {
    params = await auth.authorize({server, serverUrl: shown, ...(provider.issuer ? {issuer: provider.issuer} : {}), url: page}, signal);
  } catch (error) {
    if (AutouiError.isInstance(error)) throw error;
    throw new AutouiError(ErrorCodes.MCP_AUTH_DENIED, `Signing in to ${server} was not completed: ${errorMessage(error)}`, {cause: error, details});
  }
  await completeSignIn(context, provider, params, sdk);
}

/**
 * Checks the redirect's answer (`error`, the server named in its redirect address, then `state`) and exchanges its code for tokens. Also
 * used after the same-tab redirect fallback, where the answer comes back with the page.
 */
export async function completeSignIn(context: SignInContext, provider: StoredOAuthProvider, params: URLSearchParams, sdk: SignInSdk): Promise<void> {
  const {server} = context;
  const shown = publicAddress(context.url.href);
  const details = {server, url: shown, ...(provider.issuer ? {issuer: provider.issuer} : {})};
  const refused = params.get('error');
  if (refused) {
    const why = params.get('error_description') ?? refused;
    throw new AutouiError(ErrorCodes.MCP_AUTH_DENIED, `Signing in to ${server} was refused: ${why}.`, {details: {...details, error: refused}});
  }
  // Before anything else is looked at: an answer delivered at another server's redirect address
  // was sent by another authorization server (mix-up), and its code must not leave this page.
  const mismatch = await provider.answerMismatch(params);
  if (mismatch) {
    throw new AutouiError(ErrorCodes.MCP_AUTH_FAILED, `The sign-in answer for ${server} was refused: ${mismatch}. Nothing was exchanged; sign in again.`, {details});
  }
  const expected = await provider.expectedState();
  if (!expected || params.get('state') !== expected) {
    throw new AutouiError(ErrorCodes.MCP_AUTH_FAILED, `The sign-in answer for ${server} does not match the sign-in this page started (state); nothing was exchanged. Sign in again.`, {details});
  }
  try {
    await sdk.exchange(context.url, provider, params);
  } catch (error) {
    const why = sdk.isIssuerMismatch(error) ? 'the answer came from another authorization server than the one asked (iss)' : errorMessage(error);
    const code = sdk.isOAuthError(error) && /access_denied/.test(String((error as {code?: unknown}).code)) ? ErrorCodes.MCP_AUTH_DENIED : ErrorCodes.MCP_AUTH_FAILED;
    throw new AutouiError(code, `Signing in to ${server} failed: ${why}.`, {cause: error, details});
  }
}
