/**
 * One redirect address per MCP server, so a sign-in answer cannot be carried to another server's
 * authorization server (the OAuth "mix-up" attack). Every authorization server used to get the
 * same redirect URL: a hostile server's authorization server could send the person on to an
 * honest one, and the honest one's code came back to that shared address, was taken for the
 * hostile server's answer and handed to the hostile token endpoint. Now the client registers
 * `redirect?autoui-server=<MCP server URL>` with each authorization server it registers with
 * dynamically, so an honest authorization server only ever answers at its own server's address,
 * and the answer is checked against the sign-in this page started before any code leaves it.
 *
 * A redirect the site fixed beforehand (a pre-registered client id, or a Client ID Metadata
 * Document listing its `redirect_uris`) cannot vary: there the authorization server must name
 * itself in the answer (`iss`, RFC 9207), see `authorization-checks.ts`.
 */
import {publicAddress} from '../../policy/public-address.js';

/** The query parameter of the redirect URL that names the MCP server a sign-in is for. */
export const SERVER_PARAM = 'autoui-server';

/** The redirect URL for the sign-ins to the MCP server at `resource`. */
export function redirectFor(base: string, resource: string): string {
  const url = new URL(base);
  // Its public address: a token in the server URL's query must not end up in registrations.
  url.searchParams.set(SERVER_PARAM, publicAddress(resource));
  return url.href;
}

/**
 * Why an authorization answer is not for the sign-in to `resource`, or `undefined` when it is.
 * An answer without the parameter passes only when `fixedRedirect` (then `iss` decides).
 */
export function answerMismatch(params: URLSearchParams, resource: string, fixedRedirect: boolean): string | undefined {
  const named = params.get(SERVER_PARAM);
  if (named === publicAddress(resource)) return undefined;
  if (named === null && fixedRedirect) return undefined;
  return named === null
    ? 'the answer came back without naming the server it is for (another authorization server may have sent it)'
    : `the answer came back at the address of another server (${named}), not this one: another authorization server sent it (mix-up)`;
}
