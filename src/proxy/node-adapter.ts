/**
 * Runs a web-standard proxy handler in a `node:http` server, or as Express/Connect middleware.
 * The request body streams in (never buffered here), the answer streams out with back-pressure,
 * and a client that goes away aborts the request and cancels the answer, so the upstream stops
 * and the visitor's stream slot is freed. Uses only the objects Node hands it: no `node:`
 * import, so the proxy entry loads in every runtime.
 */
import {setSocketAddress} from './client-address.js';

/**
 * The parts of Node's `IncomingMessage` the adapter reads. Declared here rather than imported from
 * `node:http`, so projects without Node's types (a Worker's) still type-check this entry.
 */
export interface NodeRequest {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  socket: {remoteAddress?: string};
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end' | 'aborted', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  pause(): unknown;
  resume(): unknown;
}

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

/** A handler the adapter can run: the function `createLlmProxy` returns. */
export interface FetchHandler {
  (request: Request): Promise<Response>;
  /** True when the handler serves this path (middleware passes other paths on). */
  handles?: (pathname: string) => boolean;
}

/** A `node:http` request listener that is also Connect/Express middleware (`next` for paths it does not serve). */
export type NodeListener = (req: NodeRequest, res: NodeResponse, next?: (error?: unknown) => void) => void;

/** Adapts `handler` to `node:http` (`createServer(toNodeListener(proxy))`) and Express (`app.use(toNodeListener(proxy))`). */
export function toNodeListener(handler: FetchHandler): NodeListener {
  return (req, res, next) => {
    // Joined as text, not resolved: a path such as `//evil.example/...` must stay a path, never a host.
    const url = new URL(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`);
    if (next && handler.handles && !handler.handles(url.pathname)) return next();
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    const request = new Request(url, {
      method: req.method,
      headers: nodeHeaders(req),
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : bodyStream(req),
      signal: controller.signal,
      // @ts-expect-error Node's fetch needs `duplex` for a streamed body; the DOM types lack it.
      duplex: 'half',
    });
    setSocketAddress(request, req.socket.remoteAddress);
    handler(request)
      .then((response) => send(response, res))
      .catch((error: unknown) => {
        if (next) return next(error);
        if (res.headersSent) return void res.destroy();
        res.writeHead(500, {'content-type': 'application/json'});
        res.end('{"error":{"type":"proxy_error","message":"The proxy failed."}}');
      });
  };
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
