/**
 * One AG-UI run over HTTP: POST the run input as JSON, read the answer as server-sent events.
 * Never a provider key: the page's own credentials (same-origin cookies by default) and, when the
 * site uses the key proxy's visitor tokens, the same `x-autoui-visitor` header. Failures are named
 * for a developer: an HTTP status (`AGENT_HTTP`, `details.status`), or for a page whose origin the
 * agent refuses, the CORS header it must send.
 */
import type {RunAgentInput} from '@ag-ui/core';
import {AutouiError, ErrorCodes, errorMessage, isAbortError} from '../errors.js';
import {diagnoseFetchFailure, REQUIRED_CORS} from '../mcp/diagnose-cors.js';
import {VISITOR_TOKEN_HEADER} from '../providers/provider-options.js';
import {readSseEvents} from '../providers/http/read-sse-events.js';

/** How to reach the agent. */
export interface AgentEndpoint {
  /** The AG-UI endpoint (POST). */
  url: string;
  /** Extra headers of every request (the page's own, e.g. a CSRF token). Never a provider key. */
  headers?: Record<string, string>;
  /** `fetch` credentials; default `same-origin` (the page's cookies go to its own agent only). */
  credentials?: RequestCredentials;
  /** A visitor token for the site's proxy in front of the agent, sent as `x-autoui-visitor`. */
  visitorToken?: string | (() => string | undefined);
}

/** The headers a browser must be allowed to send to the agent: what a CORS refusal names. */
export const AGENT_CORS = {
  allowOrigin: REQUIRED_CORS.allowOrigin,
  allowHeaders: `Access-Control-Allow-Headers: Content-Type, Accept (and ${VISITOR_TOKEN_HEADER} with a visitor token, and any header the page adds)`,
} as const;

/**
 * Starts a run and yields each event's `data`. Rejects with `AGENT_HTTP` when the agent cannot
 * be reached or answers with an error status, with the abort reason when `signal` aborts, and
 * with `AGENT_HTTP` when the connection breaks mid-stream.
 */
export async function* postAgentRun(endpoint: AgentEndpoint, input: RunAgentInput, signal: AbortSignal): AsyncGenerator<string> {
  const headers: Record<string, string> = {...endpoint.headers, 'content-type': 'application/json', accept: 'text/event-stream'};
  const token = typeof endpoint.visitorToken === 'function' ? endpoint.visitorToken() : endpoint.visitorToken;
  if (token?.trim()) headers[VISITOR_TOKEN_HEADER] = token.trim();
  let response: Response;
  try {
    response = await fetch(endpoint.url, {method: 'POST', headers, body: JSON.stringify(input), credentials: endpoint.credentials ?? 'same-origin', signal});
  } catch (error) {
    if (signal.aborted || isAbortError(error)) throw error;
    throw await unreachable(endpoint.url, error);
  }
  if (!response.ok) throw await httpError(response);
  if (!response.body) throw new AutouiError(ErrorCodes.AGENT_HTTP, `The agent at ${endpoint.url} answered ${response.status} without a body.`, {details: {status: response.status}});
  try {
    for await (const event of readSseEvents(response.body, signal, () => {})) yield event.data;
  } catch (error) {
    if (signal.aborted) throw error;
    throw new AutouiError(ErrorCodes.AGENT_HTTP, `The connection to the agent broke: ${errorMessage(error)}.`, {cause: error, details: {cut: true}});
  }
}

/** The error for an answer with an error status: the status and the start of what the agent said. */
async function httpError(response: Response): Promise<AutouiError> {
  let body = '';
  try {
    body = (await response.text()).slice(0, 300);
  } catch {
    // The status says enough.
  }
  const said = body.trim() ? `: ${body.trim()}` : '';
  return new AutouiError(ErrorCodes.AGENT_HTTP, `The agent answered HTTP ${response.status}${said}`, {details: {status: response.status}});
}

/** The error for a request that got no answer: the agent is down, or its CORS refused this page. */
async function unreachable(url: string, cause: unknown): Promise<AutouiError> {
  const found = await diagnoseFetchFailure(url);
  if (found.kind === 'unreachable') {
    return new AutouiError(ErrorCodes.AGENT_HTTP, `The agent at ${url} could not be reached (${errorMessage(cause)}).`, {cause, details: {status: 0}});
  }
  // The diagnosis names MCP's headers for a failed preflight; the agent needs its own.
  const missing = found.missing === REQUIRED_CORS.allowOrigin ? AGENT_CORS.allowOrigin : AGENT_CORS.allowHeaders;
  return new AutouiError(ErrorCodes.AGENT_HTTP, `The agent at ${url} refused this page's origin (CORS). It must send ${missing}.`, {cause, details: {status: 0, cors: missing}});
}
