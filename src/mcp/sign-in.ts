/**
 * Sign-in around a connection or a call: when the server answers 401 (or 403 `insufficient_scope`,
 * the step-up), the SDK runs discovery and registration through the {@link StoredOAuthProvider}
 * and stops where the person must sign in. Then the sign-in itself (sign-in-flow.ts) asks the
 * app's `authorize` to open that page, checks the answer and runs the attempt again with the new
 * token. No connect timeout runs while the person signs in.
 *
 * This module is what every connection and every call passes through; the sign-in flow, its
 * checks and its messages are a chunk of their own, loaded on the first refusal that needs a
 * sign-in (most servers never ask for one).
 */
import {IssuerMismatchError, OAuthError, StreamableHTTPClientTransport, UnauthorizedError} from '@modelcontextprotocol/client';
import {AutouiError} from '../errors.js';
import {httpStatusOf} from './connect-errors.js';
import type {StoredOAuthProvider} from './oauth-provider.js';
import type {SignInContext, SignInSdk} from './sign-in-types.js';

export type {SignInContext} from './sign-in-types.js';

/** True when the server refused for want of a (better) token. */
export function needsSignIn(error: unknown): boolean {
  return error instanceof UnauthorizedError || httpStatusOf(error) === 401;
}

/**
 * Runs `attempt`; when it fails for want of a token, signs in (see the module comment) and runs
 * it again. Throws `MCP_AUTH_REQUIRED` (no sign-in possible), `MCP_AUTH_DENIED` or `MCP_AUTH_FAILED`.
 */
export function withSignIn<T>(context: SignInContext, attempt: () => Promise<T>): Promise<T> {
  // Every tool call passes here: the first attempt costs one promise, the sign-in rounds only a refusal.
  return tryAttempt(attempt).catch(async (error: unknown) => {
    if (!needsSignIn(error) || AutouiError.isInstance(error)) throw error;
    return (await import('./sign-in-flow.js')).signInAndRetry(context, attempt, error, signInSdk);
  });
}

/**
 * Checks the redirect's answer and exchanges its code for tokens (see sign-in-flow.ts): after the
 * same-tab redirect fallback, where the answer comes back with the page.
 */
export async function completeSignIn(context: SignInContext, provider: StoredOAuthProvider, params: URLSearchParams): Promise<void> {
  return (await import('./sign-in-flow.js')).completeSignIn(context, provider, params, signInSdk);
}

/**
 * The SDK's part of the sign-in flow, handed to sign-in-flow.ts rather than imported there: a lazy
 * chunk that reaches the SDK itself (even through this module) makes the bundler move the SDK out
 * of the MCP chunk into chunks of their own, extra requests for every connection.
 */
const signInSdk: SignInSdk = {
  needsSignIn,
  exchange: (url, provider, params) => new StreamableHTTPClientTransport(url, {authProvider: provider}).finishAuth(params),
  isIssuerMismatch: (error) => error instanceof IssuerMismatchError,
  isOAuthError: (error) => error instanceof OAuthError,
};

/** `attempt()`, with a synchronous throw as a rejection. */
function tryAttempt<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return attempt();
  } catch (error) {
    return Promise.reject(error);
  }
}
