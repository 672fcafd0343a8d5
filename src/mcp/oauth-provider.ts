/**
 * The SDK's `OAuthClientProvider` for one MCP server, over the app's {@link AuthStore}. The SDK
 * runs the MCP authorization flow itself (protected-resource and authorization-server discovery,
 * Client ID Metadata Documents or dynamic registration, PKCE S256, the `resource` parameter,
 * scope from `WWW-Authenticate`, step-up, refresh, `iss` checks); this class keeps what it learns,
 * and, where the SDK would send the person to the authorization page, only records the URL: a
 * person decides when to go there (see `sign-in.ts`).
 *
 * Before the person is sent, the authorization page and its server are checked
 * (`oauth/authorization-checks.ts`: https, PKCE S256, `resource`, `iss` where the redirect is
 * fixed). Dynamic registrations get a redirect address of their own per MCP server
 * (`oauth/redirect-binding.ts`, against mix-up); `resource` is always sent, the server's URL when
 * it publishes no protected-resource metadata. Where the authorization server offers DPoP with
 * ES256, tokens are bound to a non-extractable key of this origin (`oauth/dpop-keys.ts`).
 *
 * Tokens are keyed by issuer and resource (the MCP server's URL), registrations by issuer and
 * redirect URL; nothing here is ever put in a message, an event or a snapshot.
 */
import {
  DpopSession,
  generateDpopKeyPair,
  resourceUrlFromServerUrl,
  type AuthorizationServerMetadata,
  type OAuthClientInformationContext,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import {AUTH_KEY_PREFIX} from './auth-store.js';
import type {DpopKeyStore, DpopSdk} from './oauth/dpop-keys.js';
import {offersDpop} from './oauth/dpop-offer.js';
import {answerMismatch, redirectFor} from './oauth/redirect-binding.js';
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

/** The SDK's DPoP signer, handed to the lazy `oauth/dpop-keys.ts` (which imports no SDK value). */
const dpopSdk: DpopSdk = {generateDpopKeyPair, createSession: (options) => DpopSession.create(options)};

/** One server's OAuth client, as the SDK asks for it. */
export class StoredOAuthProvider implements OAuthClientProvider {
  readonly #options: McpAuthOptions;
  readonly #resource: string;
  /** The authorization page the SDK wanted to send the person to, once it did. */
  pendingAuthorization?: URL;
  /** The authorization server, once discovered. */
  issuer?: string;
  /** Its metadata, once discovered. */
  #metadata?: AuthorizationServerMetadata;
  /** Given, or the default store once DPoP is first used (its module is loaded then). */
  #dpopKeys?: DpopKeyStore;
  #dpop?: Promise<DpopSession | undefined>;
  /** Whether the server publishes protected-resource metadata, once discovery said. */
  #resourceMetadataPublished?: boolean;

  /** `resource` is the MCP server's URL (the tokens' audience); `dpopKeys` where DPoP keys are kept (default: IndexedDB). */
  constructor(options: McpAuthOptions, resource: string, dpopKeys?: DpopKeyStore) {
    this.#options = options;
    this.#resource = resource;
    this.#dpopKeys = dpopKeys;
  }

  /**
   * A client id that is a URL is a Client ID Metadata Document: the SDK uses it when the
   * authorization server supports them, and registers dynamically otherwise. Its redirect is the
   * site's fixed one, so it is not used with a server that does not send `iss` but lets clients
   * register: there a registration of our own gives the sign-in its own redirect address.
   */
  get clientMetadataUrl(): string | undefined {
    const {clientId} = this.#options;
    if (!isHttpsUrl(clientId)) return undefined;
    const meta = this.#metadata;
    const unsafe = meta && meta.authorization_response_iss_parameter_supported !== true && !!meta.registration_endpoint;
    return unsafe ? undefined : clientId;
  }

  /** True when the redirect is the site's fixed one (see `oauth/redirect-binding.ts`). */
  get #fixedRedirect(): boolean {
    const {clientId} = this.#options;
    if (clientId && !isHttpsUrl(clientId)) return true;
    return !!this.clientMetadataUrl && this.#metadata?.client_id_metadata_document_supported === true;
  }

  get redirectUrl(): string {
    return this.#fixedRedirect ? this.#options.redirectUrl : redirectFor(this.#options.redirectUrl, this.#resource);
  }

  /** Why `params` (a redirect's answer) is not for this server's sign-in, or `undefined`. */
  async answerMismatch(params: URLSearchParams): Promise<string | undefined> {
    // After a same-tab sign-in this is a new page: what discovery learnt is in the store.
    this.#metadata ??= (await readJson<OAuthDiscoveryState>(this.#options.store, keyFor.discovery(this.#resource)))?.authorizationServerMetadata;
    return answerMismatch(params, this.#resource, this.#fixedRedirect);
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.#options.clientName ?? 'autoui-agent',
      // Only dynamic registration reads this: its redirect is always this server's own.
      redirect_uris: [redirectFor(this.#options.redirectUrl, this.#resource)],
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
    if (clientId && !isHttpsUrl(clientId)) return {client_id: clientId, ...(clientSecret ? {client_secret: clientSecret} : {})};
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
    this.#dpop = undefined;
    const issuer = ctx?.issuer ?? (tokens as {issuer?: string}).issuer ?? this.issuer ?? '';
    await this.#options.store.set(keyFor.tokens(this.#resource, issuer), JSON.stringify(tokens));
    await this.#options.store.set(keyFor.latest(this.#resource), issuer);
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    // The checks load with the first sign-in (the SDK awaits this before going on).
    const {assertSafeAuthorization} = await import('./oauth/authorization-checks.js');
    assertSafeAuthorization({url, resource: this.#resource, metadata: this.#metadata, fixedRedirect: this.#fixedRedirect});
    // Not now: the person is asked first, and opens it with a click.
    this.pendingAuthorization = url;
  }

  /**
   * The resource indicator where the SDK would send none: a server that publishes no
   * protected-resource metadata gets its own URL as `resource`, since a token without an audience
   * is good at any server that trusts the same authorization server. A getter, not a method: with
   * metadata it is absent, so the SDK checks the metadata's `resource` and sends it verbatim, as
   * published (a parsed URL would add a trailing slash the authorization server may not match).
   */
  get validateResourceURL(): ((serverUrl: string | URL) => Promise<URL>) | undefined {
    if (this.#resourceMetadataPublished !== false) return undefined;
    return async (serverUrl) => resourceUrlFromServerUrl(serverUrl);
  }

  /**
   * The DPoP session (RFC 9449) when the authorization server offers DPoP with ES256, or the
   * stored token is a DPoP one; `undefined` otherwise (Bearer tokens). The SDK then signs a proof
   * into every token request and every request to the MCP server, and retries once on a nonce.
   */
  dpop(): Promise<DpopSession | undefined> {
    return (this.#dpop ??= this.#decideDpop());
  }

  async #decideDpop(): Promise<DpopSession | undefined> {
    const metadata = this.#metadata ?? (await readJson<OAuthDiscoveryState>(this.#options.store, keyFor.discovery(this.#resource)))?.authorizationServerMetadata;
    const bound = (await this.tokens())?.token_type?.toLowerCase() === 'dpop';
    // A "no" stands until discovery or tokens change (both reset it).
    if (!offersDpop(metadata) && !bound) return undefined;
    // Keys, IndexedDB and the signer load once a server offers DPoP.
    const {defaultDpopKeyStore, dpopSessionFor} = await import('./oauth/dpop-keys.js');
    return dpopSessionFor((this.#dpopKeys ??= defaultDpopKeyStore()), this.#resource, dpopSdk);
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
    this.#metadata = state.authorizationServerMetadata;
    this.#resourceMetadataPublished = !!state.resourceMetadata;
    this.#dpop = undefined;
    await this.#options.store.set(keyFor.discovery(this.#resource), JSON.stringify(state));
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    // With tokens saved, another sign-in means they stopped working: the server may have moved to
    // another authorization server, so its metadata is read again. The cache serves the sign-in
    // in progress (between leaving for the authorization page and the code's exchange).
    if (await this.tokens()) return undefined;
    const state = await readJson<OAuthDiscoveryState>(this.#options.store, keyFor.discovery(this.#resource));
    if (state) this.issuer ??= state.authorizationServerMetadata?.issuer ?? String(state.authorizationServerUrl);
    if (state) this.#metadata ??= state.authorizationServerMetadata;
    if (state) this.#resourceMetadataPublished = !!state.resourceMetadata;
    return state;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const {store} = this.#options;
    const issuer = this.issuer ?? '';
    this.#dpop = undefined;
    if (scope === 'all' || scope === 'tokens') {
      await store.delete(keyFor.tokens(this.#resource, (await store.get(keyFor.latest(this.#resource))) ?? issuer));
      await store.delete(keyFor.latest(this.#resource));
    }
    if (scope === 'all' || scope === 'client') await store.delete(keyFor.client(issuer, this.redirectUrl));
    if (scope === 'all' || scope === 'verifier') await store.delete(keyFor.verifier(this.#resource));
    if (scope === 'all' || scope === 'discovery') await store.delete(keyFor.discovery(this.#resource));
  }
}

