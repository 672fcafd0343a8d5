/**
 * The few bridges between `node:http` and the web-standard `Request`/`Response` the MCP SDK v2
 * server package speaks (it ships no node:http transport of its own), and the small HTTP answers
 * the demo hosts share.
 */
import {Readable} from 'node:stream';

/** Largest JSON body read (1 MB): a demo server never needs more, and a public one must cap it. */
export const MAX_BODY = 1_000_000;

/** What {@link readJson} returns for a body that is not JSON or is too large. */
export const INVALID = Symbol('invalid');

/**
 * Reads a JSON body (capped at {@link MAX_BODY}).
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<unknown>} the parsed value, or {@link INVALID}
 */
export async function readJson(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) return INVALID;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return INVALID;
  }
}

/**
 * The web-standard Request of a node request whose body was already read (a node stream can be
 * read once; the SDK then gets the parsed body beside it).
 * @param {import('node:http').IncomingMessage} req
 * @param {unknown} body the parsed body, undefined for GET/DELETE
 */
export function toRequest(req, body) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
  return new Request(url, {method: req.method, headers, ...(body !== undefined ? {body: JSON.stringify(body)} : {})});
}

/**
 * Writes a web-standard Response, streamed: server-sent events flow as they come, the headers go
 * out at once (a client waits for them before the first event), and a client that goes away
 * cancels the stream so the SDK forgets it.
 * @param {import('node:http').ServerResponse} res
 * @param {Response} response
 */
export function sendResponse(res, response) {
  const headers = {};
  response.headers.forEach((value, key) => (headers[key] = value));
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  res.flushHeaders();
  const body = Readable.fromWeb(response.body);
  res.once('close', () => body.destroy());
  body.pipe(res);
}

/**
 * A JSON-RPC error with no id, the shape MCP transports answer HTTP-level refusals with.
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} message
 * @param {number} [code]
 */
export function rpcError(res, status, message, code = -32000) {
  res.writeHead(status, {'Content-Type': 'application/json'}).end(JSON.stringify({jsonrpc: '2.0', error: {code, message}, id: null}));
}

/**
 * Whether a Host header names one of `allowed` (DNS-rebinding protection: a page on another
 * name that resolves to this machine must not reach a local server).
 * @param {string | undefined} hostHeader
 * @param {Set<string>} allowed lower-case host names, IPv6 in brackets
 */
export function hostAllowed(hostHeader, allowed) {
  if (!hostHeader) return false;
  const name = hostHeader.startsWith('[') ? hostHeader.slice(0, hostHeader.indexOf(']') + 1) : hostHeader.split(':')[0];
  return allowed.has(name.toLowerCase());
}
