/**
 * Visitor tokens: the site's own server signs a short-lived token for each visitor (a JWT signed
 * with HMAC-SHA256, with a subject, an audience and an expiry), the page passes it to the element
 * in its `visitor-token` attribute, and the proxy spends its key only for requests that carry a
 * valid one. A script outside the site can forge any header, but not this signature. Any JWT
 * library can mint the tokens; {@link createVisitorToken} is one. Built on `jose`, which runs on
 * Web Crypto in Node, Deno, Bun and Workers alike.
 */
import {errors, jwtVerify, SignJWT} from 'jose';

/** The request header the element sends its `visitor-token` in. */
export const VISITOR_TOKEN_HEADER = 'x-autoui-visitor';

/** Fewest bytes a secret may have: HS256's key should be as long as its hash (RFC 7518 3.2). */
export const MIN_SECRET_BYTES = 32;

/** Longest a visitor token may live, in seconds: a day. A leaked token spends the key until it expires. */
export const MAX_TOKEN_LIFETIME_SECONDS = 86_400;

/** Options of {@link createVisitorToken}. */
export interface VisitorTokenOptions {
  /** The shared secret: at least 32 bytes (UTF-8) of randomness, the same one the proxy checks with. */
  secret: string;
  /** Who the visitor is: a user id or a session id. The per-visitor limits count by it. */
  subject: string;
  /** Which proxy the token is for (e.g. the site's origin); the proxy refuses other audiences. */
  audience: string;
  /** Lifetime in seconds. Default 900 (15 minutes); at most 86,400 (a day). */
  expiresInSeconds?: number;
}

/** Options of the proxy's visitor check. */
export interface VisitorCheckOptions {
  /** The secret, or several while one replaces another. */
  secret: string | string[];
  /** The audience tokens must name. */
  audience: string;
  /** Seconds of clock difference tolerated. Default 30. */
  clockToleranceSeconds?: number;
  /** Longest lifetime a token may have left, in seconds; tokens expiring later are refused. Default and most: 86,400. */
  maxLifetimeSeconds?: number;
}

/**
 * Throws when `options` would let weak tokens through: a secret under 32 bytes, or a lifetime
 * over a day. `createLlmProxy` calls it, so a weak setting stops the proxy at start.
 */
export function checkVisitorOptions(options: VisitorCheckOptions): void {
  const secrets = Array.isArray(options.secret) ? options.secret : [options.secret];
  if (secrets.length === 0) throw new Error('visitorTokens.secret is empty.');
  for (const secret of secrets) checkSecret(secret);
  const max = options.maxLifetimeSeconds;
  if (max !== undefined && !(Number.isFinite(max) && max > 0 && max <= MAX_TOKEN_LIFETIME_SECONDS)) {
    throw new Error(`visitorTokens.maxLifetimeSeconds must be between 1 and ${MAX_TOKEN_LIFETIME_SECONDS} (a day), not ${max}.`);
  }
}

function checkSecret(secret: unknown): void {
  if (typeof secret !== 'string' || new TextEncoder().encode(secret).byteLength < MIN_SECRET_BYTES) {
    throw new Error(`A visitor-token secret must have at least ${MIN_SECRET_BYTES} bytes (e.g. 32 random bytes in base64url); this one is shorter.`);
  }
}

/** Why a token was refused: the `type` of the proxy's 401 answer. */
export type VisitorTokenProblem = 'visitor_token_missing' | 'visitor_token_expired' | 'visitor_token_invalid';

/** Signs a visitor token (on the site's server, never in the page). */
export async function createVisitorToken({secret, subject, audience, expiresInSeconds = 900}: VisitorTokenOptions): Promise<string> {
  checkSecret(secret);
  // A lifetime of 0 or less makes an expired token (tests use them); only a long one is refused.
  if (!Number.isFinite(expiresInSeconds) || expiresInSeconds > MAX_TOKEN_LIFETIME_SECONDS) {
    throw new Error(`expiresInSeconds must be at most ${MAX_TOKEN_LIFETIME_SECONDS} (a day), not ${expiresInSeconds}.`);
  }
  return new SignJWT({})
    .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
    .setSubject(subject)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(new TextEncoder().encode(secret));
}

/** What a refused request is told, by problem. */
export const VISITOR_TOKEN_MESSAGES: Record<VisitorTokenProblem, string> = {
  visitor_token_missing: 'This proxy needs a visitor token from the site (the visitor-token attribute), and the request carried none.',
  visitor_token_expired: 'The visitor token has expired; the page must fetch a new one from its site.',
  visitor_token_invalid: 'The visitor token is not valid for this proxy.',
};

/**
 * Checks `token`: HS256 only, signed with one of the secrets, for the audience, not expired, with
 * an expiry no further than the maximum lifetime and a subject. Returns the subject, or the problem.
 */
export async function verifyVisitorToken(token: string | null, options: VisitorCheckOptions): Promise<{subject: string} | {problem: VisitorTokenProblem}> {
  if (!token) return {problem: 'visitor_token_missing'};
  const secrets = Array.isArray(options.secret) ? options.secret : [options.secret];
  let expired = false;
  for (const secret of secrets) {
    try {
      const {payload} = await jwtVerify(token, new TextEncoder().encode(secret), {
        algorithms: ['HS256'],
        audience: options.audience,
        requiredClaims: ['exp', 'sub'],
        clockTolerance: options.clockToleranceSeconds ?? 30,
      });
      // A token living longer than the proxy allows was minted by a careless signer: refused.
      const tolerance = options.clockToleranceSeconds ?? 30;
      if (payload.exp! - Date.now() / 1000 > (options.maxLifetimeSeconds ?? MAX_TOKEN_LIFETIME_SECONDS) + tolerance) return {problem: 'visitor_token_invalid'};
      return {subject: payload.sub!};
    } catch (error) {
      // An expired token is only reported as such when its signature held.
      if (error instanceof errors.JWTExpired) expired = true;
    }
  }
  return {problem: expired ? 'visitor_token_expired' : 'visitor_token_invalid'};
}
