/**
 * A pass-through in front of the fake LLM that notes when each answer starts and ends there, so
 * a test can count the streams that really ran at once upstream. It changes nothing: the request
 * goes on as it came, the answer comes back byte for byte.
 *
 * Why upstream and not at the client: a proxy forwards only after it admitted the request, and it
 * frees the stream slot only after the upstream's answer has ended. So an answer's time at the
 * tap lies inside the time its slot was held, and answers overlapping at the tap held their
 * slots at the same time. The client's times do not bound the slot that way (the last bytes can
 * still be on their way to the client after the slot was freed).
 */
import {createServer, request as forwardRequest} from 'node:http';

/**
 * @typedef {{kind: 'start' | 'end', key: string}} TapEvent
 */

/**
 * Starts the tap on a free loopback port, forwarding to `target`.
 * @param {{target: string, keyOf: (body: any) => string}} options `keyOf` names an answer from
 *   its request body (e.g. the visitor it is for)
 * @returns {Promise<{url: string, events: TapEvent[], close(): Promise<void>}>} `events` in the
 *   order they happened in this process
 */
export async function startUpstreamTap({target, keyOf}) {
  const events = [];
  const to = new URL(target);
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const key = keyOf(JSON.parse(body.toString('utf8')));
    events.push({kind: 'start', key});
    const forwarded = forwardRequest({hostname: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers}, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      // Noted before the end is passed on: the proxy cannot see the end (and settle) before this.
      let ended = false;
      const end = () => {
        if (!ended) events.push({kind: 'end', key});
        ended = true;
      };
      answer.once('end', end);
      answer.once('close', end); // a cut answer ends too
      answer.pipe(res);
    });
    forwarded.on('error', () => res.destroy());
    forwarded.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    events,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The most answers that ran at the same time for each key.
 * @param {TapEvent[]} events
 * @returns {Map<string, number>}
 */
export function mostAtOnce(events) {
  const open = new Map();
  const most = new Map();
  for (const {kind, key} of events) {
    const now = (open.get(key) ?? 0) + (kind === 'start' ? 1 : -1);
    open.set(key, now);
    most.set(key, Math.max(most.get(key) ?? 0, now));
  }
  return most;
}
