/**
 * A server's question to the person (MCP elicitation), in either era: the 2025 `elicitation/create`
 * request, or a 2026-07-28 "input required" result that the SDK fulfils through the same handler.
 * The app's handler asks the person; what comes back is checked here before it goes to the
 * server: an action it knows, and content only with `accept` in form mode. A handler that fails
 * is taken as the person cancelling, so the server always gets an answer.
 */
import type {ElicitationAnswer, ElicitationHandler, ElicitationRequest} from './mcp-types.js';

const ACTIONS = new Set(['accept', 'decline', 'cancel']);

/** The SDK request's params, as far as we read them. */
interface ElicitParams {
  mode?: string;
  message?: unknown;
  requestedSchema?: unknown;
  url?: unknown;
  elicitationId?: unknown;
}

/** The request as the app sees it, or undefined when it is neither a form nor an http(s) URL. */
export function toElicitationRequest(server: string, params: ElicitParams): ElicitationRequest | undefined {
  const message = typeof params.message === 'string' ? params.message : '';
  if (params.mode === 'url') {
    if (typeof params.url !== 'string' || !/^https?:\/\//i.test(params.url)) return undefined;
    return {server, mode: 'url', message, url: params.url, ...(typeof params.elicitationId === 'string' ? {elicitationId: params.elicitationId} : {})};
  }
  const schema = params.requestedSchema;
  if (!schema || typeof schema !== 'object') return undefined;
  return {server, mode: 'form', message, schema: schema as Record<string, unknown>};
}

/** Asks through `elicit` and returns the SDK's result shape. */
export async function answerElicitation(elicit: ElicitationHandler, server: string, params: ElicitParams, ctx?: unknown): Promise<{action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string | number | boolean | string[]>}> {
  const request = toElicitationRequest(server, params);
  if (!request) return {action: 'decline'};
  const signal = (ctx as {mcpReq?: {signal?: AbortSignal}})?.mcpReq?.signal ?? new AbortController().signal;
  let answer: ElicitationAnswer;
  try {
    answer = await elicit(request, signal);
  } catch {
    return {action: 'cancel'};
  }
  if (!answer || !ACTIONS.has(answer.action)) return {action: 'cancel'};
  if (answer.action !== 'accept' || request.mode !== 'form') return {action: answer.action};
  return {action: 'accept', content: (answer.content ?? {}) as Record<string, string | number | boolean | string[]>};
}
