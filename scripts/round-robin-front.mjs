/**
 * A small load balancer: one address whose requests go to several proxy instances in turn
 * (round-robin), answers streamed, as a site's own front would spread visitors over instances.
 * It keeps the `Host` of the request (a same-origin page stays same-origin), adds the client's
 * address to `x-forwarded-for` (what `PROXY_CLIENT_ADDRESS_HEADER=x-forwarded-for` reads without
 * visitor tokens), and passes a client going away on to the instance, so its stream slot frees.
 */
import {Agent, createServer, request as forwardRequest} from 'node:http';

/** Headers about one connection, not about the message: a proxy never passes them on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

/** @param {import('node:http').IncomingMessage} req @returns {Promise<Buffer>} */
const readBody = (req) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('the client went away while sending'));
    });
  });

const withoutHopByHop = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/**
 * Starts the front on `host:port` (port 0: a free one).
 * @param {{targets: string[], port?: number, host?: string}} options `targets`: the instances' base URLs
 * @returns {Promise<{url: string, close(): Promise<void>}>}
 */
export async function startRoundRobinFront({targets, port = 0, host = '127.0.0.1'}) {
  if (!targets.length) throw new Error('startRoundRobinFront needs at least one target');
  // Connections to the instances are kept and reused, as a real balancer's are.
  const agent = new Agent({keepAlive: true, maxSockets: Infinity});
  let turn = 0;

  const server = createServer(async (req, res) => {
    const target = new URL(targets[turn++ % targets.length]);
    const headers = withoutHopByHop(req.headers);
    headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    // The body is read whole before it is sent (requests to the proxy are small JSON), so a
    // request can be sent again; a client that goes away while sending it is simply dropped.
    let body;
    try {
      body = await readBody(req);
    } catch {
      return void res.destroy();
    }
    const send = (retried) => {
      const forwarded = forwardRequest({hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent}, (answer) => {
        res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        res.flushHeaders();
        answer.pipe(res);
        // An answer cut by the instance must reach the client cut too, never as a clean end.
        answer.on('close', () => {
          if (!answer.complete) res.destroy();
        });
      });
      forwarded.on('error', (error) => {
        if (res.headersSent) return void res.destroy();
        // A kept connection the instance closed as this request went out on it: the request never
        // reached the instance, so it is sent once more on a new connection, as Node's documentation
        // of request.reusedSocket advises and as balancers do. Anything else is the instance's fault.
        if (!retried && forwarded.reusedSocket && error.code === 'ECONNRESET') return void send(true);
        res.writeHead(502, {'content-type': 'application/json'}).end(JSON.stringify({type: 'error', error: {type: 'instance_unreachable', message: 'The front could not reach a proxy instance.'}}));
      });
      res.on('close', () => {
        if (!res.writableFinished) forwarded.destroy();
      });
      forwarded.end(body);
    };
    send(false);
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return {
    url: `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          agent.destroy();
          resolve();
        });
      }),
  };
}
