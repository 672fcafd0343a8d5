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

/** Options of {@link createVisitorToken}. */
export interface VisitorTokenOptions {
  /** The shared secret (at least 32 bytes of randomness; the same one the proxy checks with). */
  secret: string;
  /** Who the visitor is: a user id or a session id. The per-visitor limits count by it. */
  subject: string;
  /** Which proxy the token is for (e.g. the site's origin); the proxy refuses other audiences. */
  audience: string;
  /** Lifetime in seconds. Default 900 (15 minutes). */
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
}

/** Why a token was refused: the `type` of the proxy's 401 answer. */
export type VisitorTokenProblem = 'visitor_token_missing' | 'visitor_token_expired' | 'visitor_token_invalid';

/** Signs a visitor token (on the site's server, never in the page). */
export async function createVisitorToken({secret, subject, audience, expiresInSeconds = 900}: VisitorTokenOptions): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
    .setSubject(subject)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(new TextEncoder().encode(secret));
}

/**
 * Checks `token`: HS256 only, signed with one of the secrets, for the audience, not expired, with
 * an expiry and a subject. Returns the subject, or the problem.
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
      return {subject: payload.sub!};
    } catch (error) {
      // An expired token is only reported as such when its signature held.
      if (error instanceof errors.JWTExpired) expired = true;
    }
  }
  return {problem: expired ? 'visitor_token_expired' : 'visitor_token_invalid'};
}
