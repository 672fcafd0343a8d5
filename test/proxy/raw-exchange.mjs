/**
 * A raw HTTP/1.x client for the fuzz test: it writes bytes exactly as given (no client library
 * would send a broken request line), collects whatever the server answers until it closes the
 * connection, and splits that into responses.
 */
import {connect} from 'node:net';

/**
 * Writes `bytes` (latin1) to `port` in `pieces` writes, then half-closes, or destroys the socket
 * after the `cutAt` share of the bytes. Resolves with every byte the server sent, once it closed
 * or once `answers` complete answers arrived (`method` says whether the first has a body).
 */
export function exchange(port, {bytes, pieces, cutAt, answers = 1, method}) {
  return new Promise((resolve) => {
    const data = Buffer.from(bytes, 'latin1');
    const socket = connect(port, '127.0.0.1');
    const received = [];
    socket.on('data', (chunk) => {
      received.push(chunk);
      // Once every answer is complete, nothing more is expected: close rather than wait for the
      // server's keep-alive timeout to close the idle connection.
      try {
        const responses = splitResponses(Buffer.concat(received), {bodiless: method === 'HEAD'});
        if (responses.length >= answers && responses.every((r) => r.complete)) socket.destroy();
      } catch {
        // an answer not all there yet
      }
    });
    socket.on('error', () => {}); // a reset after a refusal is an answer too
    socket.on('close', () => resolve(Buffer.concat(received)));
    socket.on('connect', async () => {
      const end = cutAt === undefined ? data.length : Math.floor(data.length * cutAt);
      const size = Math.max(1, Math.ceil(end / pieces));
      for (let at = 0; at < end; at += size) {
        if (socket.destroyed) return;
        socket.write(data.subarray(at, Math.min(end, at + size)));
        // Let the server see each piece on its own, so a split can fall inside a line or a chunk.
        await new Promise((next) => setImmediate(next));
      }
      if (cutAt === undefined) socket.end();
      else socket.destroy();
    });
  });
}

/**
 * The responses in `raw`: `[{status, headers, body}]`, bodies framed by content-length, by
 * chunks, or to the end. `bodiless` (the first request was HEAD): its answer has none (the
 * pipelined request behind it is never a HEAD).
 * @returns {{status: number, headers: Record<string, string>, body: string, headOnly: boolean, complete: boolean}[]}
 *   `headOnly`: an answer that has no body by definition (to HEAD, or a 204); `complete`: its end
 *   is known to have arrived (a body read to the connection's end never is)
 */
export function splitResponses(raw, {bodiless = false} = {}) {
  const responses = [];
  let rest = raw.toString('latin1');
  while (rest.length) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) throw new Error(`an unfinished response head: ${JSON.stringify(rest.slice(0, 200))}`);
    const [statusLine, ...lines] = rest.slice(0, headEnd).split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
    if (!status) throw new Error(`not a status line: ${JSON.stringify(statusLine.slice(0, 200))}`);
    const headers = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    rest = rest.slice(headEnd + 4);
    let body = '';
    let complete = false;
    // A request Node's parser refused has no method the answer could go by: it carries a body, and ends the connection.
    const parserRefusal = headers.connection === 'close' && rest.length > 0 && !rest.startsWith('HTTP/1.');
    const headOnly = (bodiless && responses.length === 0 && !parserRefusal) || status === 204 || status === 304;
    if (headOnly) {
      complete = true;
    } else if (headers['transfer-encoding'] === 'chunked') {
      for (;;) {
        const lineEnd = rest.indexOf('\r\n');
        if (lineEnd < 0) break; // cut mid-body
        const size = parseInt(rest.slice(0, lineEnd), 16);
        rest = rest.slice(lineEnd + 2);
        if (!size) {
          rest = rest.slice(rest.indexOf('\r\n') + 2);
          complete = true;
          break;
        }
        body += rest.slice(0, size);
        rest = rest.slice(size + 2);
      }
    } else if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      body = rest.slice(0, length);
      complete = rest.length >= length;
      rest = rest.slice(length);
    } else {
      body = rest;
      rest = '';
    }
    responses.push({status, headers, body: Buffer.from(body, 'latin1').toString('utf8'), headOnly, complete});
  }
  return responses;
}
