/**
 * Runs a web-standard proxy handler in a `node:http` server, or as Express/Connect middleware.
 * The request body streams in (never buffered here), the answer streams out with back-pressure,
 * and a client that goes away aborts the request and cancels the answer, so the upstream stops
 * and the visitor's stream slot is freed. Uses only the objects Node hands it: no `node:`
 * import, so the proxy entry loads in every runtime.
 */
import {setSocketAddress} from './client-address.js';
import {requestPath, requestUrl, toWebRequest, type NodeRequest} from './node-request.js';

export type {NodeRequest} from './node-request.js';

/** The parts of Node's `ServerResponse` the adapter writes. */
export interface NodeResponse {
  readonly headersSent: boolean;
  readonly writableFinished: boolean;
  readonly destroyed: boolean;
  writeHead(status: number, headers?: Record<string, string | string[]>): unknown;
  flushHeaders(): void;
  write(chunk: Uint8Array): boolean;
  end(chunk?: string): unknown;
  destroy(): unknown;
  on(event: 'close' | 'drain', listener: () => void): unknown;
  off(event: 'close' | 'drain', listener: () => void): unknown;
}

/** The parts of Node's `net.Socket` the client-error answer uses. */
export interface NodeSocket {
  readonly writable: boolean;
  /** Bytes this connection has sent: more than none means it carried an answer before. */
  readonly bytesWritten?: number;
  end(data: string): unknown;
  destroy(): unknown;
}

/** A handler the adapter can run: the function `createLlmProxy` returns. */
export interface FetchHandler {
  (request: Request): Promise<Response>;
  /** True when the handler serves this path (middleware passes other paths on). */
  handles?: (pathname: string) => boolean;
}

/**
 * A `node:http` request listener that is also Connect/Express middleware (`next` for paths it does
 * not serve), with an answer for the requests Node's own parser refuses.
 */
export interface NodeListener {
  (req: NodeRequest, res: NodeResponse, next?: (error?: unknown) => void): void;
  /**
   * For `server.on('clientError', listener.clientError)`: answers a request Node could not parse
   * (a broken request line, a header too large) with the proxy's JSON error instead of Node's
   * empty 400, so every answer a client gets has the same shape.
   */
  clientError(error: Error & {code?: string}, socket: NodeSocket): void;
}

/** Adapts `handler` to `node:http` (`createServer(toNodeListener(proxy))`) and Express (`app.use(toNodeListener(proxy))`). */
export function toNodeListener(handler: FetchHandler): NodeListener {
  const listener = (req: NodeRequest, res: NodeResponse, next?: (error?: unknown) => void) => {
    // Whatever a request carries, nothing here may throw: a throw outside a handler stops the
    // process, and every visitor with it. Every parse is checked, and the rest is guarded.
    try {
      const path = requestPath(req.url);
      if (path === undefined) return next ? next() : refuse(res, {status: 400, type: 'invalid_request', message: 'The request target is not a path.'});
      if (next && handler.handles && !handler.handles(pathOf(path))) return next();
      const url = requestUrl(req, path);
      if (!(url instanceof URL)) return refuse(res, url);
      const controller = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) controller.abort();
      });
      const request = toWebRequest(req, url, controller.signal);
      if (!(request instanceof Request)) return refuse(res, request);
      setSocketAddress(request, req.socket.remoteAddress);
      handler(request)
        .then((response) => send(response, res))
        .catch((error: unknown) => fail(res, error, next));
    } catch (error) {
      fail(res, error, next);
    }
  };
  return Object.assign(listener, {clientError: answerClientError});
}

/** The pathname `handles` is asked about: the path joined as text, as the request URL will be. */
function pathOf(path: string): string {
  try {
    return new URL(`http://x${path}`).pathname;
  } catch {
    return path;
  }
}

function fail(res: NodeResponse, error: unknown, next?: (error?: unknown) => void): void {
  if (next) return next(error);
  if (res.headersSent) return void res.destroy();
  refuse(res, {status: 500, type: 'proxy_error', message: 'The proxy failed.'});
}

/** Answers with a JSON error in the shape of the proxy's own (`{type: 'error', error: {type, message}}`). */
function refuse(res: NodeResponse, {status, type, message}: {status: number; type: string; message: string}): void {
  try {
    res.writeHead(status, {'content-type': 'application/json', 'x-should-retry': 'false'});
    res.end(JSON.stringify({type: 'error', error: {type, message}}));
  } catch {
    res.destroy();
  }
}

// Node's own statuses for what its parser refuses: a header section over its limit, a request
// that took too long, and the rest malformed.
const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request did not arrive in time.'],
};

function answerClientError(error: Error & {code?: string}, socket: NodeSocket): void {
  // A response already under way on this connection must not be corrupted by a second one.
  const inFlight = (socket as {_httpMessage?: {headersSent?: boolean}})._httpMessage;
  // A kept-alive connection that already carried an answer is closed without a word, as Node does by
  // default: an answer to no request (a 408 for an idle connection's timeout) would reach a front's
  // pooled socket unasked, and that front's next request on it would fail (502 instance_unreachable).
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent || (socket.bytesWritten ?? 0) > 0) return void socket.destroy();
  const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad Request', 'The request is not valid HTTP.'];
  const body = JSON.stringify({type: 'error', error: {type: status === 400 ? 'invalid_request' : status === 408 ? 'request_timeout' : 'request_too_large', message}});
  socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`);
}

async function send(response: Response, res: NodeResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie?.() ?? [];
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  res.flushHeaders();
  const reader = response.body.getReader();
  const gone = () => reader.cancel().catch(() => {});
  res.on('close', gone);
  // The proxy cuts an answer left unread (its idle clock): the client's socket must close too,
  // even while this loop waits for a drain that will never come.
  reader.closed.catch(() => res.destroy());
  try {
    for (;;) {
      const {done, value} = await reader.read();
      if (done) break;
      if (!res.write(value)) {
        // The client's socket is full: wait until it drains (or closes) before reading more.
        await new Promise<void>((resolve) => {
          const go = () => {
            res.off('drain', go);
            res.off('close', go);
            resolve();
          };
          res.on('drain', go);
          res.on('close', go);
        });
        if (res.destroyed) return;
      }
    }
    res.end();
  } catch {
    // The answer broke (upstream cut, or the proxy cut it): end the client's the same way.
    res.destroy();
  } finally {
    res.off('close', gone);
  }
}
