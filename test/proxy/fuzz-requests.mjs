/**
 * Generators of malformed and hostile requests for the proxy's fuzz test, built on fast-check so
 * a seed gives the same requests again (`FUZZ_SEED=<n> npm run test:proxy -- fuzz` replays a
 * failure). Two kinds:
 *
 * - raw exchanges for the Node adapter: the bytes of a request (request line, headers, body,
 *   chunking, sizes, encodings) written to a TCP socket in pieces, then ended or cut;
 * - `Request`s for the fetch handler: what a web `Request` can still carry (hostile headers,
 *   bodies, body streams that break).
 *
 * Nothing generated can be a well-formed request that the upstream answers with a 2xx: the fuzz
 * proxies' upstream always fails, so every answer must be the proxy's or the upstream's error.
 */
import fc from 'fast-check';

/** The model every fuzz proxy allows (so some bodies pass the model check and reach the body's other checks). */
export const FUZZ_MODEL = 'claude-fuzz';

const ROUTES = ['/v1/messages', '/v1/chat/completions', '/chat/completions', '/health', '/', '/v1/models', '/v1/messages/../messages', '//evil.example/v1/messages', '/v1/messages?x=1#f', '/%00', '/v1/%2e%2e/messages', '/\u00e9', `/${'a'.repeat(9000)}`];
const HOSTS = ['localhost', '127.0.0.1:8787', '[', ']', 'localhost:99999', 'a b', 'a/b', 'user@evil.example', '[::1]:80', '[::1', 'evil.example:-1', '', ' ', 'x'.repeat(300), 'h\u00e9te', 'localhost:8787, evil.example', '%00'];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH', 'TRACE', 'TRACK', 'CONNECT', 'post', 'PROPFIND', 'M-SEARCH', 'QUERY', 'FOO', 'G ET', 'POST\u0000', ''];
const VERSIONS = ['HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/0.9', 'HTTP/1.1 extra', 'http/1.1', ''];
const ORIGINS = ['https://evil.example', 'null', 'http://localhost:3000', 'https://app.example', 'file://', 'not a url', 'http://[', 'https://app.example.evil.example'];

const text = (maxLength = 40) => fc.string({unit: 'binary', maxLength});
const token = fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,30}$/);

/** A header value: ordinary, obs-text, control characters, or very long. */
const headerValue = fc.oneof(
  {arbitrary: fc.constantFrom('application/json', 'text/plain', 'gzip', 'chunked', '0', '-1', '1e9', '99999999999999999999', 'application/json; charset=utf-16'), weight: 4},
  {arbitrary: fc.stringMatching(/^[\x20-\x7e]{0,60}$/), weight: 4},
  {arbitrary: text(), weight: 1},
  {arbitrary: fc.string({unit: 'binary-ascii', maxLength: 60}), weight: 1},
  {arbitrary: fc.integer({min: 100, max: 20_000}).map((n) => 'v'.repeat(n)), weight: 1},
);

/** A header name: a token, or characters a token may not have. */
const headerName = fc.oneof({arbitrary: token, weight: 3}, {arbitrary: fc.constantFrom('content-length', 'transfer-encoding', 'content-encoding', 'origin', 'x-autoui-visitor', 'x-forwarded-for', 'anthropic-beta', 'expect', 'upgrade', 'host'), weight: 3}, {arbitrary: text(20), weight: 1});

/** A JSON body that is almost a model request: each is wrong or hostile in some way. */
export const hostileJson = fc.oneof(
  fc.constantFrom('', '{', '[]', 'null', '"x"', '{"model":', '\ufeff{}', '{"model":"claude-fuzz"}'),
  fc.integer({min: 101, max: 50_000}).map((n) => `{"model":"${FUZZ_MODEL}","messages":${'['.repeat(n)}${']'.repeat(n)}}`),
  fc.integer({min: 101, max: 20_000}).map((n) => `{"model":"${FUZZ_MODEL}","metadata":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`),
  fc.record({
    model: fc.oneof(fc.constant(FUZZ_MODEL), fc.constantFrom('other-model', 'claude-fuzz\nforged log line', ''), fc.jsonValue({maxDepth: 1})),
    max_tokens: fc.oneof(fc.constantFrom(-1, 0, 1.5, 1e308, '100', null, 2 ** 53), fc.jsonValue({maxDepth: 1})),
    messages: fc.oneof(fc.constant('not an array'), fc.jsonValue({maxDepth: 3})),
    extra: fc.constantFrom({n: 20}, {models: ['a', 'b']}, {mcp_servers: [{type: 'url', url: 'https://x'}]}, {service_tier: 'priority'}, {n_predict: -1}, {__proto__: {polluted: true}}, {constructor: {prototype: 1}}, {}),
  }, {requiredKeys: ['model']}).map(({extra, ...body}) => JSON.stringify({...body, ...extra})),
);

const body = fc.oneof(fc.constant(''), hostileJson, fc.uint8Array({maxLength: 2000}).map((b) => Buffer.from(b).toString('latin1')), fc.integer({min: 65_000, max: 200_000}).map((n) => `{"model":"${FUZZ_MODEL}","x":"${'y'.repeat(n)}"}`));

/** How the body is framed: its length told truly, falsely, twice, or as chunks (well or badly). */
const framing = fc.constantFrom('length', 'length', 'short-length', 'long-length', 'two-lengths', 'none', 'chunked', 'bad-chunk', 'huge-chunk', 'no-last-chunk', 'length-and-chunked');

/** How the client ends: it half-closes after writing, or cuts the connection part-way. */
const ending = fc.oneof({arbitrary: fc.constant({cutAt: undefined}), weight: 3}, {arbitrary: fc.double({min: 0, max: 1, noNaN: true}).map((cutAt) => ({cutAt})), weight: 1});

/**
 * One raw exchange: `{bytes, pieces, cutAt, method, answers}`; `bytes` (latin1) are written in
 * `pieces` writes; `cutAt` (0 to 1) destroys the socket after that share of the bytes, instead of a
 * half-close; `answers`: how many requests the bytes hold (a pipelined one makes two).
 */
export const rawExchange = fc
  .record({
    // Mostly a request Node's parser takes, so most reach the adapter and the proxy's own checks.
    method: fc.oneof({arbitrary: fc.constant('POST'), weight: 6}, {arbitrary: fc.constantFrom(...METHODS), weight: 2}),
    target: fc.oneof({arbitrary: fc.constantFrom('/v1/messages', '/v1/chat/completions'), weight: 6}, {arbitrary: fc.constantFrom(...ROUTES), weight: 2}, {arbitrary: fc.constantFrom(...ROUTES).map((r) => `http://127.0.0.1:1${r}`), weight: 1}, {arbitrary: fc.constantFrom('*', 'example.com:443', 'http://[/v1/messages', 'https://a b/v1/messages'), weight: 1}, {arbitrary: text(60), weight: 1}),
    version: fc.oneof({arbitrary: fc.constant('HTTP/1.1'), weight: 8}, {arbitrary: fc.constantFrom(...VERSIONS), weight: 1}),
    host: fc.oneof({arbitrary: fc.constant('localhost'), weight: 6}, {arbitrary: fc.constantFrom(...HOSTS), weight: 2}, {arbitrary: fc.constant(undefined), weight: 1}),
    origin: fc.oneof({arbitrary: fc.constantFrom(...ORIGINS), weight: 2}, {arbitrary: fc.constant(undefined), weight: 1}),
    headers: fc.array(fc.tuple(headerName, headerValue), {maxLength: 4}),
    body,
    framing,
    lineEnd: fc.oneof({arbitrary: fc.constant('\r\n'), weight: 12}, {arbitrary: fc.constantFrom('\n', '\r'), weight: 1}),
    pieces: fc.integer({min: 1, max: 6}),
    ending,
    pipelined: fc.boolean(),
  })
  .map((r) => {
    const eol = r.lineEnd;
    const head = [`${r.method} ${r.target} ${r.version}`.trimEnd()];
    if (r.host !== undefined) head.push(`Host: ${r.host}`);
    if (r.origin !== undefined) head.push(`Origin: ${r.origin}`);
    for (const [name, value] of r.headers) head.push(`${name}: ${value}`);
    const payload = Buffer.from(r.body, 'utf8').toString('latin1');
    const size = Buffer.byteLength(payload, 'latin1');
    let content = payload;
    switch (r.framing) {
      case 'length': head.push(`Content-Length: ${size}`); break;
      case 'short-length': head.push(`Content-Length: ${Math.max(0, size - 7)}`); break;
      case 'long-length': head.push(`Content-Length: ${size + 100}`); break;
      case 'two-lengths': head.push(`Content-Length: ${size}`, `Content-Length: ${size + 1}`); break;
      case 'none': break;
      case 'chunked': head.push('Transfer-Encoding: chunked'); content = `${size.toString(16)}${eol}${payload}${eol}0${eol}${eol}`; break;
      case 'bad-chunk': head.push('Transfer-Encoding: chunked'); content = `zz${eol}${payload}${eol}0${eol}${eol}`; break;
      case 'huge-chunk': head.push('Transfer-Encoding: chunked'); content = `ffffffffffffffff${eol}${payload}`; break;
      case 'no-last-chunk': head.push('Transfer-Encoding: chunked'); content = `${size.toString(16)};ext=1${eol}${payload}${eol}`; break;
      case 'length-and-chunked': head.push(`Content-Length: ${size}`, 'Transfer-Encoding: chunked'); content = `${size.toString(16)}${eol}${payload}${eol}0${eol}${eol}`; break;
    }
    let bytes = `${head.join(eol)}${eol}${eol}${content}`;
    // A second request on the same connection, right behind the first (pipelining, smuggling).
    if (r.pipelined) bytes += `POST /v1/messages HTTP/1.1${eol}Host: localhost${eol}Content-Length: 2${eol}${eol}{}`;
    return {bytes, pieces: r.pieces, cutAt: r.ending.cutAt, method: r.method, answers: r.pipelined ? 2 : 1};
  });

/** A `Request` for the fetch handler: its URL, method, headers and a body (bytes, or a stream that breaks). */
export const fetchRequest = fc
  .record({
    path: fc.constantFrom('/v1/messages', '/v1/messages', '/v1/chat/completions', '/chat/completions', '/health', '/nope', '/v1/messages/x'),
    query: fc.oneof(fc.constant(''), text(30).map((q) => `?${encodeURIComponent(q)}`)),
    method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'),
    headers: fc.array(fc.tuple(token, fc.oneof(fc.string({unit: 'binary-ascii', maxLength: 60}).map((v) => v.replace(/[\0\r\n]/g, '').trim()), fc.constantFrom('1', '-5', 'x', 'interleaved-thinking-2025-05-14', 'https://evil.example', 'null'))), {maxLength: 6}),
    origin: fc.oneof(fc.constantFrom(...ORIGINS), fc.constant(undefined)),
    body: fc.oneof(body.map((b) => ({kind: 'bytes', value: Buffer.from(b, 'utf8')})), fc.uint8Array({maxLength: 500}).map((b) => ({kind: 'breaks', value: Buffer.from(b)}))),
  })
  .map((r) => {
    const headers = new Headers();
    for (const [name, value] of r.headers) {
      try {
        headers.append(name, value);
      } catch {
        // a value Headers refuses cannot reach a fetch handler either
      }
    }
    if (r.origin !== undefined) headers.set('origin', r.origin);
    const url = `http://proxy.test${r.path}${r.query}`;
    if (r.method === 'GET') return new Request(url, {method: r.method, headers});
    const payload = r.body.value;
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new Uint8Array(payload));
        if (r.body.kind === 'breaks') controller.error(new Error('the client went away'));
        else controller.close();
      },
    });
    return new Request(url, {method: r.method, headers, body: stream, duplex: 'half'});
  });
