/**
 * Turns what Node's HTTP parser hands over (an `IncomingMessage`) into a web `Request`, or says
 * why it cannot. Node accepts more than a `Request` does: a `Host` of `[` or `localhost:99999`,
 * a request line in absolute form (`POST http://host/v1/messages`, legal HTTP/1.1), methods such
 * as `TRACE` that the fetch standard forbids. Each of these threw `Invalid URL` or a TypeError
 * outside any handler and stopped the process; here every parse is checked and a refusal is a
 * value the adapter answers with a JSON 400.
 */

/**
 * The parts of Node's `IncomingMessage` the adapter reads. Declared here rather than imported from
 * `node:http`, so projects without Node's types (a Worker's) still type-check this entry.
 */
export interface NodeRequest {
  method?: string;
  url?: string;
  httpVersion?: string;
  headers: Record<string, string | string[] | undefined>;
  socket: {remoteAddress?: string};
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end' | 'aborted', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  pause(): unknown;
  resume(): unknown;
}

/** Why a Node request cannot become a `Request`: the status and message of the 400 (or 405) answer. */
export interface UnusableRequest {
  status: 400 | 405;
  type: 'invalid_request' | 'method_not_allowed';
  message: string;
}

// A Host is a reg-name or an IP literal, then an optional port (RFC 9110 7.2, RFC 3986 3.2.2).
// Anything else (a space, a slash, an '@', a bracket left open) could move the host or the path
// once joined into a URL, so it is refused before any URL is built from it.
const HOST = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=%]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

// Methods the fetch standard refuses to put in a Request (its "forbidden methods").
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * The path and query of a request target: origin form (`/v1/messages?x`) as it is, absolute form
 * (`http://host/v1/messages`) reduced to its path. Undefined for the asterisk and authority forms
 * and for anything that does not parse.
 */
export function requestPath(target: string | undefined): string | undefined {
  if (target === undefined || target === '') return '/';
  if (target.startsWith('/')) return target;
  if (!/^https?:\/\//i.test(target)) return undefined;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

/**
 * The URL of a request: its path joined as text to its Host (never resolved, so a path such as
 * `//evil.example/x` stays a path and never becomes a host), or why there is none.
 */
export function requestUrl(req: NodeRequest, path: string): URL | UnusableRequest {
  // HTTP/1.1 requires a Host (RFC 9112 3.2); Node answers its absence itself unless the server
  // was created with `requireHostHeader: false`, so that this JSON answer is given instead.
  if (req.headers.host === undefined && req.httpVersion === '1.1') return invalid('The request has no Host header.');
  const host = req.headers.host ?? 'localhost';
  if (typeof host !== 'string' || !HOST.test(host)) return invalid('The request\'s Host header is not a valid host.');
  try {
    return new URL(`http://${host}${path}`);
  } catch {
    return invalid('The request\'s Host header or target is not valid.');
  }
}

/** The web `Request` for `req` at `url`, its body streamed from the socket, aborted by `signal`. */
export function toWebRequest(req: NodeRequest, url: URL, signal: AbortSignal): Request | UnusableRequest {
  const method = (req.method ?? 'GET').toUpperCase();
  if (FORBIDDEN_METHODS.has(method)) return {status: 405, type: 'method_not_allowed', message: `${method.slice(0, 20)} is not served here.`};
  try {
    return new Request(url, {
      method,
      headers: nodeHeaders(req),
      body: method === 'GET' || method === 'HEAD' ? undefined : bodyStream(req),
      signal,
      // @ts-expect-error Node's fetch needs `duplex` for a streamed body; the DOM types lack it.
      duplex: 'half',
    });
  } catch {
    // A method name or a header value the fetch standard refuses though Node's parser took it.
    return invalid('The request has a method or a header the proxy cannot read.');
  }
}

function invalid(message: string): UnusableRequest {
  return {status: 400, type: 'invalid_request', message};
}

function nodeHeaders(req: NodeRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}

/** The request body as a web stream that pauses the socket while the handler is not reading. */
function bodyStream(req: NodeRequest): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const close = (error?: Error) => {
        if (!open) return;
        open = false;
        if (error) controller.error(error);
        else controller.close();
      };
      req.on('data', (chunk: Uint8Array) => {
        if (!open) return; // drained after a cancel
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on('end', () => close());
      req.on('error', (error) => close(error));
      req.on('aborted', () => close(new Error('the client aborted the request')));
    },
    pull() {
      req.resume();
    },
    cancel() {
      open = false;
      req.resume(); // drain what is left so the connection can answer
    },
  });
}
