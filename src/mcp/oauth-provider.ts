/**
 * The SDK's `OAuthClientProvider` for one MCP server, over the app's {@link AuthStore}. The SDK
 * runs the MCP authorization flow itself (protected-resource and authorization-server discovery,
 * Client ID Metadata Documents or dynamic registration, PKCE S256, the `resource` parameter,
 * scope from `WWW-Authenticate`, step-up, refresh, `iss` checks); this class keeps what it learns,
 * and, where the SDK would send the person to the authorization page, only records the URL: a
 * person decides when to go there (see `sign-in.ts`).
 *
 * Tokens are keyed by issuer and resource (the MCP server's URL), registrations by issuer and
 * redirect URL; nothing here is ever put in a message, an event or a snapshot.
 */
import type {
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import {AUTH_KEY_PREFIX} from './auth-store.js';
import type {AuthStore, McpAuthOptions} from './mcp-types.js';

/** The keys of one server's (and one issuer's) entries. */
const keyFor = {
  tokens: (resource: string, issuer = '') => `${AUTH_KEY_PREFIX}tokens:${resource}:${issuer}`,
  latest: (resource: string) => `${AUTH_KEY_PREFIX}latest:${resource}`,
  client: (issuer: string, redirect: string) => `${AUTH_KEY_PREFIX}client:${issuer}:${redirect}`,
  verifier: (resource: string) => `${AUTH_KEY_PREFIX}verifier:${resource}`,
  state: (resource: string) => `${AUTH_KEY_PREFIX}state:${resource}`,
  discovery: (resource: string) => `${AUTH_KEY_PREFIX}discovery:${resource}`,
};

/** Reads a JSON entry; a missing or unreadable one is `undefined`. */
async function readJson<T>(store: AuthStore, key: string): Promise<T | undefined> {
  try {
    const text = await store.get(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

const isHttpsUrl = (value: string | undefined) => {
  try {
    const url = new URL(value ?? '');
    // Client ID Metadata Documents are https; http only for a loopback host (local development).
    return url.protocol === 'https:' || (url.protocol === 'http:' && /^(localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname));
  } catch {
    return false;
  }
};

/** One server's OAuth client, as the SDK asks for it. */
export class StoredOAuthProvider implements OAuthClientProvider {
  readonly #options: McpAuthOptions;
  readonly #resource: string;
  /** The authorization page the SDK wanted to send the person to, once it did. */
  pendingAuthorization?: URL;
  /** The authorization server, once discovered. */
  issuer?: string;

  /** `resource` is the MCP server's URL (the tokens' audience). */
  constructor(options: McpAuthOptions, resource: string) {
    this.#options = options;
    this.#resource = resource;
    // A client id that is a URL is a Client ID Metadata Document: the SDK uses it when the
    // authorization server supports them, and registers dynamically otherwise.
    if (isHttpsUrl(options.clientId)) this.clientMetadataUrl = options.clientId;
  }

  clientMetadataUrl?: string;

  get redirectUrl(): string {
    return this.#options.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.#options.clientName ?? 'autoui-agent',
      redirect_uris: [this.#options.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // A browser page keeps no secret: a public client, PKCE only. A pre-registered confidential
      // client (a server-side app) says so with its secret.
      token_endpoint_auth_method: this.#options.clientSecret ? 'client_secret_basic' : 'none',
    };
  }

  async state(): Promise<string> {
    const state = crypto.randomUUID();
    await this.#options.store.set(keyFor.state(this.#resource), state);
    return state;
  }

  /** The `state` sent with the last authorization request (checked against the redirect's). */
  async expectedState(): Promise<string | undefined> {
    return this.#options.store.get(keyFor.state(this.#resource));
  }

  async clientInformation(ctx?: OAuthClientInformationContext): Promise<StoredOAuthClientInformation | undefined> {
    const {clientId, clientSecret} = this.#options;
    // A pre-registered id (not the address of a Client ID Metadata Document) is used as it is.
    if (clientId && !this.clientMetadataUrl) return {client_id: clientId, ...(clientSecret ? {client_secret: clientSecret} : {})};
    return readJson(this.#options.store, keyFor.client(ctx?.issuer ?? this.issuer ?? '', this.redirectUrl));
  }

  async saveClientInformation(info: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext): Promise<void> {
    await this.#options.store.set(keyFor.client(ctx?.issuer ?? this.issuer ?? '', this.redirectUrl), JSON.stringify(info));
  }

  async tokens(ctx?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    // Without a context (the transport's read before each request): the latest saved set.
    const issuer = ctx?.issuer ?? (await this.#options.store.get(keyFor.latest(this.#resource)));
    return issuer === undefined ? undefined : readJson(this.#options.store, keyFor.tokens(this.#resource, issuer));
  }

  async saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): Promise<void> {
    const issuer = ctx?.issuer ?? (tokens as {issuer?: string}).issuer ?? this.issuer ?? '';
    await this.#options.store.set(keyFor.tokens(this.#resource, issuer), JSON.stringify(tokens));
    await this.#options.store.set(keyFor.latest(this.#resource), issuer);
  }

  redirectToAuthorization(url: URL): void {
    // Not now: the person is asked first, and opens it with a click.
    this.pendingAuthorization = url;
  }

  async saveCodeVerifier(verifier: string): Promise<void> {
    await this.#options.store.set(keyFor.verifier(this.#resource), verifier);
  }

  async codeVerifier(): Promise<string> {
    const verifier = await this.#options.store.get(keyFor.verifier(this.#resource));
    if (!verifier) throw new Error('No sign-in was started for this server (the PKCE verifier is missing): sign in again.');
    return verifier;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    this.issuer = state.authorizationServerMetadata?.issuer ?? String(state.authorizationServerUrl);
    await this.#options.store.set(keyFor.discovery(this.#resource), JSON.stringify(state));
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    // With tokens saved, another sign-in means they stopped working: the server may have moved to
    // another authorization server, so its metadata is read again. The cache serves the sign-in
    // in progress (between leaving for the authorization page and the code's exchange).
    if (await this.tokens()) return undefined;
    const state = await readJson<OAuthDiscoveryState>(this.#options.store, keyFor.discovery(this.#resource));
    if (state) this.issuer ??= state.authorizationServerMetadata?.issuer ?? String(state.authorizationServerUrl);
    return state;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const {store} = this.#options;
    const issuer = this.issuer ?? '';
    if (scope === 'all' || scope === 'tokens') {
      await store.delete(keyFor.tokens(this.#resource, (await store.get(keyFor.latest(this.#resource))) ?? issuer));
      await store.delete(keyFor.latest(this.#resource));
    }
    if (scope === 'all' || scope === 'client') await store.delete(keyFor.client(issuer, this.redirectUrl));
    if (scope === 'all' || scope === 'verifier') await store.delete(keyFor.verifier(this.#resource));
    if (scope === 'all' || scope === 'discovery') await store.delete(keyFor.discovery(this.#resource));
  }
}

