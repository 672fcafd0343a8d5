/**
 * Turns whatever a failed connection threw (SDK transport errors, `TypeError: Failed to fetch`,
 * protocol errors) into one typed `AutouiError` a page can act on: `MCP_CONNECT`, `MCP_CORS`
 * naming the header the server must send, or `MCP_TIMEOUT`. Messages name the server and URL,
 * never a token.
 */
import {SdkHttpError, SseError} from '@modelcontextprotocol/client';
import {AutouiError, ErrorCodes, errorMessage, isAbortError} from '../errors.js';
import {publicAddress} from '../policy/public-address.js';
import {REQUIRED_CORS, diagnoseFetchFailure} from './diagnose-cors.js';

/** The HTTP status carried by an SDK transport error, if any. */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof SdkHttpError) return error.status;
  // SseError carries the HTTP status as `code`.
  if (error instanceof SseError) return typeof error.code === 'number' ? error.code : undefined;
  return undefined;
}

/** True for a fetch that never got an answer (network down, DNS, or refused by CORS). */
export function isFetchFailure(error: unknown): boolean {
  return error instanceof TypeError || /failed to fetch|fetch failed|networkerror|load failed/i.test(errorMessage(error));
}

/** What we know about the failed attempt besides the error. */
export interface ConnectFailureContext {
  url: string;
  label: string;
  /** The handshake answered (`initialize` got a result). */
  initialized: boolean;
  /** The session id the transport could read, if any. */
  sessionId?: string;
}

/** Classifies a connection failure. */
export async function toConnectError(error: unknown, ctx: ConnectFailureContext): Promise<AutouiError> {
  if (AutouiError.isInstance(error)) return error;
  if (isAbortError(error)) return new AutouiError(ErrorCodes.ABORTED, `Connecting to ${ctx.label} was aborted.`, {cause: error});
  const status = httpStatusOf(error);
  // Messages and details name the server by its public address: a token in its query or
  // credentials would otherwise reach the transcript, events, snapshots and stored copies.
  const shown = publicAddress(ctx.url);
  const details = {server: ctx.label, url: shown, ...(status ? {status} : {})};
  // The handshake worked but the next request was refused for want of a session: the page
  // could not read Mcp-Session-Id, which the browser hides unless the server exposes it.
  if (ctx.initialized && !ctx.sessionId && (status === 400 || status === 404)) {
    return new AutouiError(
      ErrorCodes.MCP_CORS,
      `The MCP server ${ctx.label} (${shown}) does not let this page read its session id. The server must send ${REQUIRED_CORS.exposeSession}.`,
      {cause: error, details: {...details, missingHeader: REQUIRED_CORS.exposeSession}},
    );
  }
  if (isFetchFailure(error)) {
    const diagnosis = await diagnoseFetchFailure(ctx.url);
    if (diagnosis.kind === 'cors') {
      return new AutouiError(
        ErrorCodes.MCP_CORS,
        `The MCP server ${ctx.label} (${shown}) answers but refuses this page's origin (CORS). The server must send ${diagnosis.missing}.`,
        {cause: error, details: {...details, missingHeader: diagnosis.missing}},
      );
    }
    return new AutouiError(ErrorCodes.MCP_CONNECT, `The MCP server ${ctx.label} (${shown}) cannot be reached: is it running, and is the URL right?`, {cause: error, details});
  }
  if (status === 401 || status === 403) {
    return new AutouiError(ErrorCodes.MCP_CONNECT, `The MCP server ${ctx.label} (${shown}) refused the connection (HTTP ${status}): check its token.`, {cause: error, details});
  }
  const reason = status ? `HTTP ${status}: ${errorMessage(error)}` : errorMessage(error);
  return new AutouiError(ErrorCodes.MCP_CONNECT, `Could not connect to the MCP server ${ctx.label} (${shown}): ${reason}`, {cause: error, details});
}

/** The error of a handshake that took longer than allowed. */
export function connectTimeoutError(label: string, url: string, ms: number): AutouiError {
  const shown = publicAddress(url);
  return new AutouiError(ErrorCodes.MCP_TIMEOUT, `The MCP server ${label} (${shown}) did not answer within ${Math.round(ms / 100) / 10} s.`, {details: {server: label, url: shown, timeoutMs: ms}});
}
