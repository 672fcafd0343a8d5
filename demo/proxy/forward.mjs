/**
 * Forwards one model request upstream and streams the answer back byte for byte. Only a short
 * allow-list of request headers goes up (never the browser's `authorization`, `x-api-key` or
 * cookies); the key is added here. Closing the page's connection aborts the upstream request.
 */

const REQUEST_HEADERS = ['content-type', 'accept', 'anthropic-version', 'anthropic-beta', 'http-referer', 'x-title'];
/** Response headers a provider client needs; content-encoding/length are not passed (fetch decodes). */
export const RESPONSE_HEADERS = ['content-type', 'cache-control', 'retry-after', 'retry-after-ms', 'x-should-retry', 'request-id', 'x-request-id'];

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {Buffer} body the request body, already read and size-checked
 * @param {{url: string, auth: Record<string, string>, defaults?: Record<string, string>}} upstream
 * @param {(res: import('node:http').ServerResponse, status: number, type: string, message: string) => void} fail
 */
export async function forward(req, res, body, upstream, fail) {
  const headers = {...upstream.defaults};
  for (const name of REQUEST_HEADERS) if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
  Object.assign(headers, upstream.auth);
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  let response;
  try {
    response = await fetch(upstream.url, {method: 'POST', headers, body, signal: controller.signal});
  } catch (error) {
    if (controller.signal.aborted) return;
    return fail(res, 502, 'upstream_unreachable', `The proxy could not reach ${new URL(upstream.url).origin}: ${error?.cause?.code ?? error?.message ?? error}`);
  }
  const out = {};
  for (const name of RESPONSE_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) out[name] = value;
  }
  res.writeHead(response.status, out);
  res.flushHeaders();
  try {
    for await (const chunk of response.body ?? []) {
      if (res.destroyed) break;
      res.write(chunk);
    }
  } catch {
    // Upstream broke mid-stream: end ours the same way so the client sees a cut stream.
    return void res.destroy();
  }
  res.end();
}
