/**
 * Builds the `PROVIDER_HTTP` error of a failed response from the provider's own error body
 * (Anthropic `{type: 'error', error: {type, message}}`, OpenAI `{error: {message, type, code}}`,
 * Ollama-style `{error: '...'}`), so the page sees the provider's reason, never the key.
 */
import {AutouiError, ErrorCodes} from '../../errors.js';
import {redactKey} from '../redact-key.js';

/** Reads `response`'s body and returns the error to report. Never throws. */
export async function httpError(response: Response, label: string, apiKey?: string): Promise<AutouiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The body could not be read (connection closed): the status alone still says enough.
  }
  const {type, message} = providerReason(text);
  const requestId = response.headers.get('request-id') ?? response.headers.get('x-request-id') ?? undefined;
  const reason = message ? `: ${message}` : response.statusText ? `: ${response.statusText}` : '';
  const hint = response.status === 401 || response.status === 403 ? ' Check the key held by the proxy (or the api-key attribute).' : '';
  return new AutouiError(
    ErrorCodes.PROVIDER_HTTP,
    redactKey(`${label} answered HTTP ${response.status}${type ? ` (${type})` : ''}${reason}.${hint}`, apiKey),
    {details: {status: response.status, ...(type ? {type} : {}), ...(requestId ? {requestId} : {})}},
  );
}

function providerReason(text: string): {type?: string; message?: string} {
  try {
    const body = JSON.parse(text) as {error?: unknown; message?: unknown; type?: unknown};
    const error = body.error;
    if (typeof error === 'string') return {message: error};
    if (error && typeof error === 'object') {
      const e = error as {type?: unknown; code?: unknown; message?: unknown};
      const type = typeof e.type === 'string' ? e.type : typeof e.code === 'string' ? e.code : undefined;
      return {type, message: typeof e.message === 'string' ? e.message : undefined};
    }
    if (typeof body.message === 'string') return {message: body.message};
  } catch {
    // Not JSON: an HTML error page from a gateway, or plain text.
  }
  const plain = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return plain ? {message: plain.length > 300 ? `${plain.slice(0, 300)}…` : plain} : {};
}
