/**
 * Holds an MCP server's HTTP answers to the limits of answer-limits.ts before the MCP SDK reads
 * them, in the fetch the SDK's transports use: a JSON answer is read (counting, keeping nothing
 * past the limit) and checked whole; an event stream goes through a transform that passes each
 * event on once complete (the SDK acts on whole events only, so nothing is delayed that it would
 * have used sooner) and replaces an event over the limits. A replaced answer reaches the SDK as a
 * JSON-RPC error for the call (which then fails with the sizes), a replaced request of the server
 * as a stand-in the client refuses (the server gets a JSON-RPC error), and a notification over
 * the limits is dropped. Progress notifications and long streams of small events pass untouched.
 */
import {MAX_MESSAGE_CHARS, checkMessage, identityOfLarge, replacement, tooLargeText, type MessageCheck, type MessageId} from './answer-limits.js';

/** Messages shorter than this are passed on unchecked: too short to break a limit. */
const SHORT_CHARS = 2_000;

/** How much of a too-large message's start and end is kept, to read its id and method. */
const EDGE_CHARS = 2_048;

/** A fetch whose successful JSON and event-stream answers are held to the limits. */
export function boundedFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => boundAnswer(await inner(input, init), requestIdOf(init?.body));
}

/** The answer `response` held to the limits; `ownId` is the id of the request it answers. */
export function boundAnswer(response: Response, ownId?: MessageId): Response {
  if (!response.ok || !response.body) return response;
  const type = response.headers.get('content-type') ?? '';
  const rebuild = (body: BodyInit) => new Response(body, {status: response.status, statusText: response.statusText, headers: response.headers});
  if (type.includes('text/event-stream')) return rebuild(response.body.pipeThrough(decoder()).pipeThrough(eventBounds(ownId)).pipeThrough(new TextEncoderStream()));
  if (type.includes('application/json')) return rebuild(boundedJson(response.body, ownId));
  return response;
}

/** UTF-8 bytes to text, as a stream (typed as the DOM library types it for `pipeThrough`). */
const decoder = () => new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>;

/** The id of the JSON-RPC request in `body`, if it is one. */
function requestIdOf(body: BodyInit | null | undefined): MessageId | undefined {
  if (typeof body !== 'string') return undefined;
  const {id, method} = checkMessage(body);
  return method !== undefined ? id : undefined;
}

/** A JSON body, read with the limit and checked, as a stream of its (possibly replaced) text. */
function boundedJson(body: ReadableStream<Uint8Array>, ownId?: MessageId): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const message = new MessageText();
      const reader = body.pipeThrough(decoder()).getReader();
      try {
        for (;;) {
          const {done, value} = await reader.read();
          if (done) break;
          message.add(value);
        }
        const text = message.finish(ownId) ?? '';
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}

/**
 * One message's text, collected up to the limit: past it, only its size and its two ends are
 * kept. {@link finish} gives the text the SDK reads (the message, or its replacement).
 */
class MessageText {
  private parts: string[] = [];
  private chars = 0;
  private head = '';
  private tail = '';

  /** Adds the next piece of the message. */
  add(piece: string): void {
    this.chars += piece.length;
    if (this.head.length < EDGE_CHARS) this.head += piece.slice(0, EDGE_CHARS - this.head.length);
    this.tail = (this.tail + piece.slice(-EDGE_CHARS)).slice(-EDGE_CHARS);
    if (this.chars <= MAX_MESSAGE_CHARS) this.parts.push(piece);
    else this.parts = [];
  }

  /** Whether anything was added. */
  get empty(): boolean {
    return this.chars === 0;
  }

  /** The text to pass on: the message within the limits, else its replacement (undefined: nothing). */
  finish(ownId?: MessageId): string | undefined {
    if (this.chars > MAX_MESSAGE_CHARS) return replacement(identityOfLarge(this.head, this.tail), tooLargeText(this.chars), ownId);
    const text = this.parts.join('');
    // A message this short cannot hold more keys than the limit (each takes at least five
    // characters, `"":0,`): only larger ones are parsed twice, and JSON.parse is the cheap part.
    if (text.length < SHORT_CHARS) return text;
    const check: MessageCheck = checkMessage(text);
    return check.overLimit ? replacement(check, check.overLimit, ownId) : text;
  }
}

/**
 * Passes on each whole server-sent event whose data is within the limits, and replaces the
 * others. Events end at a blank line (`\n\n` or `\r\n\r\n`); a stream that ends lines with a lone
 * `\r` looks like one long event here, and is then held to the same limit, never let past it.
 * A data line goes into the message as it arrives (a 12 MB line is never kept whole).
 */
function eventBounds(ownId?: MessageId): TransformStream<string, string> {
  let data = new MessageText();
  // Data lines seen, apart from their text: an event whose only data line is empty (the priming
  // event of a resumable stream, `id: …` then `data:`) must keep it, or the SDK's parser, which
  // dispatches only events with a data line, never learns the id it resumes from.
  let dataLines = 0;
  let fields: string[] = [];
  let kind: 'unknown' | 'data' | 'other' = 'unknown';
  let start = '';
  const endEvent = (controller: TransformStreamDefaultController<string>) => {
    if (dataLines > 0) {
      const text = data.finish(ownId);
      const lines = text === undefined ? [] : text.split('\n').map((line) => `data: ${line}`);
      if (lines.length) controller.enqueue(`${[...fields, ...lines].join('\n')}\n\n`);
    } else if (fields.length) controller.enqueue(`${fields.join('\n')}\n\n`);
    data = new MessageText();
    dataLines = 0;
    fields = [];
  };
  /** Decides what the line begun with `start` is, once that can be told (or the line ended). */
  const classify = (ended: boolean) => {
    if (!start.startsWith('data:') && (start.length >= 5 || ended)) kind = 'other';
    else if (start.length >= 6 || ended) {
      kind = 'data';
      if (dataLines++ > 0) data.add('\n');
      data.add(start.slice(start.startsWith('data: ') ? 6 : 5));
      start = '';
    }
  };
  const addToLine = (piece: string) => {
    if (kind === 'data') return data.add(piece);
    // Kept whole until the line is told apart (a piece is one chunk at most), then only its start.
    if (kind === 'unknown') {
      start += piece;
      classify(false);
    } else if (kind === 'other' && start.length < EDGE_CHARS) start += piece.slice(0, EDGE_CHARS - start.length);
    // A field line cut across chunks (`id: event` then `-2`) is kept whole up to this length.
    if (kind === 'other') start = start.slice(0, EDGE_CHARS);
  };
  const endLine = (controller: TransformStreamDefaultController<string>) => {
    start = start.replace(/\r$/, '');
    if (kind === 'unknown' && start === '') endEvent(controller);
    else if (kind === 'unknown') classify(true);
    if (kind === 'other') fields.push(start);
    kind = 'unknown';
    start = '';
  };
  return new TransformStream<string, string>({
    transform(chunk, controller) {
      let from = 0;
      for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', from)) {
        addToLine(chunk.slice(from, end).replace(/\r$/, ''));
        endLine(controller);
        from = end + 1;
      }
      if (from < chunk.length) addToLine(chunk.slice(from));
    },
    flush(controller) {
      if (kind !== 'unknown' || start) endLine(controller);
      endEvent(controller);
    },
  });
}
