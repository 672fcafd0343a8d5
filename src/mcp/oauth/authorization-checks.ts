/**
 * What must hold before a person is sent to an authorization page, checked on the URL the SDK
 * built and the authorization server's metadata. A failed check is `MCP_AUTH_FAILED` naming the
 * server and why; the person is never sent.
 *
 * - The page is `https:` (plain `http:` only on this machine: localhost, 127.0.0.1, [::1]).
 *   Never `blob:`, `data:`, `file:`, `ftp:` or `javascript:`, whatever the metadata says.
 * - The metadata says the server does PKCE with S256 (`code_challenge_methods_supported`):
 *   absent, the server may ignore the challenge, and a stolen code would be enough (MCP spec).
 * - The request names the resource (`resource`, RFC 8707), so the token is for this server only.
 * - With a redirect the site fixed (no per-server address, see `redirect-binding.ts`), the
 *   server says it names itself in its answers (`authorization_response_iss_parameter_supported`),
 *   so an answer from another authorization server is told apart (RFC 9207); the SDK then
 *   requires and checks `iss`.
 */
import type {AuthorizationServerMetadata} from '@modelcontextprotocol/client';
import {AutouiError, ErrorCodes} from '../../errors.js';
import {publicAddress} from '../../policy/public-address.js';

/** True for `https:`, or `http:` on a loopback host (local development). */
export function isSecureOrLocal(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && /^(localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname));
}

/** What the checks look at. */
export interface AuthorizationToCheck {
  /** The authorization page the SDK built. */
  url: URL;
  /** The MCP server's URL. */
  resource: string;
  metadata?: AuthorizationServerMetadata;
  /** The redirect is the site's fixed one (pre-registered id or metadata document). */
  fixedRedirect: boolean;
}

/** Throws `MCP_AUTH_FAILED` when the sign-in must not start; see the module comment. */
export function assertSafeAuthorization({url, resource, metadata, fixedRedirect}: AuthorizationToCheck): void {
  const server = publicAddress(resource);
  const issuer = metadata?.issuer ?? url.origin;
  const refuse = (why: string) => {
    throw new AutouiError(ErrorCodes.MCP_AUTH_FAILED, `Signing in to the MCP server ${server} was not started: its authorization server (${publicAddress(issuer)}) ${why}`, {
      details: {url: server, issuer: publicAddress(issuer)},
    });
  };
  if (!isSecureOrLocal(url)) refuse(`has its sign-in page at a ${url.protocol} address; only https: (or http: on this machine) is opened.`);
  if (!metadata?.code_challenge_methods_supported?.includes('S256')) {
    refuse('does not say it supports PKCE with S256 (code_challenge_methods_supported), so a stolen code could be used.');
  }
  if (!url.searchParams.get('resource')) refuse('would not be told which server the token is for (resource).');
  if (fixedRedirect && metadata?.authorization_response_iss_parameter_supported !== true) {
    refuse(
      'does not name itself in its answers (authorization_response_iss_parameter_supported, RFC 9207), and this page uses one redirect address for every authorization server (a pre-registered client id or a client metadata document), so its answer could not be told from another server\'s (mix-up). Let the page register dynamically (no client-id), or ask the server\'s operator to send iss.',
    );
  }
}
