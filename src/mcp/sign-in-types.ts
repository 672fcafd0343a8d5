/**
 * The types the sign-in (sign-in.ts) and its lazily loaded flow (sign-in-flow.ts) share, apart
 * from both so that neither imports the other's module for them.
 */
import type {McpAuthOptions} from './mcp-types.js';
import type {StoredOAuthProvider} from './oauth-provider.js';

/** What a sign-in needs to know. */
export interface SignInContext {
  server: string;
  url: URL;
  auth?: McpAuthOptions;
  provider?: StoredOAuthProvider;
  /** Aborts a sign-in in progress (the server was removed, the element left the page). */
  signal?: AbortSignal;
}

/** What the sign-in flow needs of the SDK (sign-in.ts hands it over, so the flow's chunk imports no SDK module). */
export interface SignInSdk {
  needsSignIn(error: unknown): boolean;
  /** Exchanges the redirect's code; `finishAuth` checks `iss` against the authorization server (RFC 9207). */
  exchange(url: URL, provider: StoredOAuthProvider, params: URLSearchParams): Promise<void>;
  isIssuerMismatch(error: unknown): boolean;
  isOAuthError(error: unknown): boolean;
}
