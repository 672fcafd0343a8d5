/**
 * MCP client spans for every request of one connection, on both protocol eras, at the SDK
 * transport's `send`: the one place every request passes, the SDK's own (`initialize`,
 * `server/discover`, the Skills client's reads) as well as ours. Two kinds of span meet there:
 * - a span a caller made before the request (`start`, or a view's request span given by the
 *   session) and put in `params._meta`: `send` finds it by the span id in the `traceparent`
 *   and gives it the request's `jsonrpc.request.id` (the SDK assigns ids with no hook). Its caller
 *   ends it when the request's promise settles, which also counts our own failures around the
 *   request (a sign-in refused, a session re-opened);
 * - a request sent with no context while work of a trace runs on the connection (`within`: the
 *   connection's own trace, a Skills read of a question): `send` makes its span under that work
 *   and adds its context to a copy of the message, and the response with the same id ends it.
 * Untraced, `send` passes every message on as it is: no `_meta` is added.
 */
import type {JSONRPCMessage, Transport, TransportSendOptions} from '@modelcontextprotocol/client';
import {AutouiError} from '../errors.js';
import type {TraceSpan} from '../telemetry/agent-tracer.js';
import {traceMeta} from '../telemetry/trace-meta.js';

/** What a span says of the session it runs in, read when the span starts. */
export interface SessionFacts {
  protocol?: string;
  sessionId?: string;
}

type Message = {id?: string | number; method?: string; params?: Record<string, unknown>; result?: {isError?: unknown}; error?: {code?: unknown}};

/** The span id a `traceparent` names (`00-{trace}-{span}-{flags}`). */
const spanIdOf = (traceparent: unknown): string | undefined => (typeof traceparent === 'string' ? traceparent.split('-')[2] : undefined);

/** The error type of a failure: our code, else the error's name. */
export const errorType = (error: unknown): string => (AutouiError.isInstance(error) ? error.code : ((error as {name?: string} | undefined)?.name ?? 'Error'));

/** The client spans of one connection. See the module comment. */
export class RequestSpans {
  readonly #url: URL;
  /** The session's revision and id, once it is open. */
  facts: () => SessionFacts = () => ({});
  /** Spans made before their request, by span id, until it is sent. */
  readonly #made = new Map<string, TraceSpan>();
  /** The work of a trace running on the connection, latest last. */
  #scopes: TraceSpan[] = [];

  constructor(url: URL) {
    this.#url = url;
  }

  /**
   * The client span of one request (`{method} {target}`, the MCP semantic conventions) under
   * `parent`, registered so that `send` gives it the request's id; undefined when untraced.
   */
  start(parent: TraceSpan | undefined, method: string, target?: string, uri?: string): TraceSpan | undefined {
    if (!parent?.recording) return undefined;
    return this.adopt(parent.child(target ? `${method} ${target}` : method, {kind: 'client'}), method, target, uri);
  }

  /** Makes `span` (made by the caller, as a view's request is) the span of one request: the MCP attributes, then registered. */
  adopt(span: TraceSpan, method: string, target?: string, uri?: string): TraceSpan {
    const facts = this.facts();
    span.set({
      'mcp.method.name': method,
      'mcp.session.id': facts.sessionId,
      'mcp.protocol.version': facts.protocol,
      'gen_ai.tool.name': method === 'tools/call' ? target : undefined,
      'mcp.resource.uri': uri,
      'server.address': this.#url.hostname,
      'server.port': Number(this.#url.port) || (this.#url.protocol === 'https:' ? 443 : 80),
    });
    const id = spanIdOf(span.carrier()?.traceparent);
    if (id) this.#made.set(id, span);
    return span;
  }

  /** Sends `send(meta)` in `span` (made by {@link start}; undefined: untraced), ending it as the request settles. */
  send<T>(span: TraceSpan | undefined, send: (meta: {_meta?: Record<string, string>}) => Promise<T>): Promise<T> {
    const sent = send(traceMeta(span));
    if (!span) return sent;
    const forget = () => this.#made.delete(spanIdOf(span.carrier()?.traceparent) ?? '');
    return sent.then(
      (value) => {
        if ((value as {isError?: unknown} | undefined)?.isError === true) span.fail('tool_error');
        span.end();
        forget();
        return value;
      },
      (error: unknown) => {
        span.fail(errorType(error));
        span.end();
        forget();
        throw error;
      },
    );
  }

  /** Runs `work` with `trace` as the parent of the requests sent with no context meanwhile. */
  async within<T>(trace: TraceSpan | undefined, work: () => Promise<T>): Promise<T> {
    if (!trace?.recording) return work();
    this.#scopes.push(trace);
    try {
      return await work();
    } finally {
      this.#scopes = this.#scopes.filter((s) => s !== trace);
    }
  }

  /** Wraps `transport` so that every request and response passes here first. */
  tap(transport: Transport): void {
    // Spans made here, by request id, until their response: per transport, as each client counts ids from 0.
    const open = new Map<string | number, TraceSpan>();
    const settle = (id: string | number | undefined, response: Message) => {
      const span = id === undefined ? undefined : open.get(id);
      if (!span) return;
      open.delete(id!);
      if (response.error) span.fail(String(response.error.code));
      else if (response.result?.isError === true) span.fail('tool_error');
      span.end();
    };
    const send = transport.send.bind(transport);
    transport.send = (message: JSONRPCMessage, options?: TransportSendOptions) => {
      const request = message as Message;
      if (request.id === undefined || typeof request.method !== 'string') {
        if (request.method === 'notifications/cancelled') settle(request.params?.requestId as string | number | undefined, {error: {code: 'cancelled'}});
        return send(message, options);
      }
      const [outgoing, span] = this.#outgoing(request, open);
      if (!span) return send(message, options);
      options?.requestSignal?.addEventListener('abort', () => settle(request.id, {error: {code: 'cancelled'}}), {once: true});
      return send(outgoing as JSONRPCMessage, options).catch((error: unknown) => {
        settle(request.id, {error: {code: errorType(error)}});
        throw error;
      });
    };
    // The SDK sets and chains `onmessage` itself (and swaps it while it probes the server): an
    // accessor sees every response whichever handler is current. One wrapper per handler, and a
    // wrapper set back is unwrapped, so the SDK reads back what it set.
    type Handler = NonNullable<Transport['onmessage']>;
    const wrappers = new WeakMap<Handler, Handler>();
    const originals = new WeakMap<Handler, Handler>();
    const wrap = (current: Handler): Handler => {
      let wrapper = wrappers.get(current);
      if (!wrapper) {
        wrapper = ((message: JSONRPCMessage, extra?: unknown) => {
          const response = message as Message;
          if (response.method === undefined) settle(response.id, response);
          (current as (m: JSONRPCMessage, e?: unknown) => void)(message, extra);
        }) as Handler;
        wrappers.set(current, wrapper);
        originals.set(wrapper, current);
      }
      return wrapper;
    };
    let handler = transport.onmessage;
    Object.defineProperty(transport, 'onmessage', {
      configurable: true,
      get: () => handler && wrap(handler),
      set: (value: Transport['onmessage']) => (handler = value && (originals.get(value) ?? value)),
    });
    const onclose = transport.onclose;
    transport.onclose = () => {
      for (const id of [...open.keys()]) settle(id, {error: {code: 'connection_closed'}});
      onclose?.();
    };
  }

  /** The request as it goes out, and the span that tracks it (none: untraced). */
  #outgoing(request: Message, open: Map<string | number, TraceSpan>): [Message, TraceSpan | undefined] {
    const meta = request.params?._meta as Record<string, unknown> | undefined;
    const made = this.#made.get(spanIdOf(meta?.traceparent) ?? '');
    if (made) {
      made.set({'jsonrpc.request.id': String(request.id)});
      return [request, undefined];
    }
    const parent = this.#scopes.at(-1);
    if (!parent || meta?.traceparent) return [request, undefined];
    const method = request.method!;
    const target = method === 'tools/call' || method === 'prompts/get' ? (request.params?.name as string | undefined) : undefined;
    const uri = method === 'resources/read' ? (request.params?.uri as string | undefined) : undefined;
    const span = parent.child(target ? `${method} ${target}` : method, {kind: 'client'});
    this.adopt(span, method, target, uri);
    this.#made.delete(spanIdOf(span.carrier()?.traceparent) ?? '');
    span.set({'jsonrpc.request.id': String(request.id)});
    open.set(request.id!, span);
    return [{...request, params: {...request.params, _meta: {...meta, ...traceMeta(span)._meta}}}, span];
  }
}
