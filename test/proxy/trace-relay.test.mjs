/**
 * The traces relay (`POST /v1/traces` with `telemetry.tracesUrl`): a page exports its spans to the
 * proxy, which passes the body to the site's collector under the proxy's own rules. Foreign pages,
 * oversize bodies and too many exports are refused before anything reaches the collector; the
 * page's cookies and keys never reach it; the collector's URL, headers and answers never reach
 * the page.
 */
import assert from 'node:assert/strict';
import {createServer} from 'node:http';
import {after, describe, it} from 'node:test';
import {connectRedis} from '../../scripts/redis-client.mjs';
import {startRedisServer} from '../../scripts/redis-server.mjs';
import {start as startReceiver} from '../servers/otlp-receiver.mjs';
import {fakeLlm, freshMinute, KEY, messagesBody, post, proxyModule, refusal, scenario, serveProxy} from './proxy-harness.mjs';

const receiver = await startReceiver();
after(() => receiver.close());

/** A key the site gives its collector: the proxy adds it, the page never sees it. */
const COLLECTOR_KEY = 'collector-key-1d9e7a3b5c';
const PAGE = {origin: 'http://localhost:5173'};

/** A minimal OTLP/JSON export of one span in trace `traceId`. */
function exportBody(traceId, name = 'invoke_agent', padding = '') {
  const now = BigInt(Date.now()) * 1_000_000n;
  return JSON.stringify({
    resourceSpans: [{
      resource: {attributes: [{key: 'service.name', value: {stringValue: 'browser'}}]},
      scopeSpans: [{scope: {name: 'autoui-agent'}, spans: [{traceId, spanId: 'a1b2c3d4e5f60718', name, kind: 1, startTimeUnixNano: String(now), endTimeUnixNano: String(now + 1000n), attributes: padding ? [{key: 'pad', value: {stringValue: padding}}] : []}]}],
    }],
  });
}

const randomTraceId = () => crypto.randomUUID().replaceAll('-', '');

/** A stand-in collector that records each request's headers and answers `status` with `body`. */
async function recordingCollector(status = 200, body = '{}', headers = {}) {
  const seen = [];
  const server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    seen.push({headers: req.headers, body: text});
    res.writeHead(status, {'content-type': 'application/json', ...headers}).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => new Promise((resolve) => server.close(resolve)));
  return {url: `http://127.0.0.1:${server.address().port}/v1/traces`, seen};
}

/** Every byte of an answer a page reads: status line, headers, body. */
async function everythingThePageSees(response) {
  return `${response.status} ${[...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${await response.text()}`;
}

describe('trace relay', () => {
  it('relays an export to the collector, which receives the spans, and answers without naming it', async () => {
    const proxy = await serveProxy({telemetry: {tracesUrl: `${receiver.url}/v1/traces`, tracesHeaders: {'x-collector-key': COLLECTOR_KEY}}});
    const traceId = randomTraceId();
    const answer = await post(`${proxy.url}/v1/traces`, exportBody(traceId), PAGE);
    assert.equal(answer.status, 200);
    const seen = await everythingThePageSees(answer);
    const {spans} = await (await fetch(`${receiver.url}/received?traceId=${traceId}&min=1`)).json();
    assert.deepEqual(spans.map((s) => [s.name, s.resource['service.name']]), [['invoke_agent', 'browser']]);
    for (const hidden of [receiver.url, new URL(receiver.url).port, COLLECTOR_KEY]) assert.ok(!seen.includes(hidden), `the page saw ${hidden}`);
    assert.ok(proxy.lines.every((line) => !line.includes(COLLECTOR_KEY)));
  });

  it('passes the body with the site\'s collector headers, never the page\'s cookies, authorization or visitor headers', async () => {
    const collector = await recordingCollector();
    const proxy = await serveProxy({telemetry: {tracesUrl: collector.url, tracesHeaders: {'x-collector-key': COLLECTOR_KEY}}});
    const body = exportBody(randomTraceId());
    const answer = await post(`${proxy.url}/v1/traces`, body, {...PAGE, cookie: 'session=page-cookie-77', authorization: 'Bearer page-token-88', 'x-api-key': 'page-key-99', 'x-autoui-visitor': 'v', traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'});
    assert.equal(answer.status, 200);
    assert.equal(collector.seen.length, 1);
    const [{headers, body: relayed}] = collector.seen;
    assert.equal(relayed, body);
    assert.equal(headers['x-collector-key'], COLLECTOR_KEY);
    assert.equal(headers['content-type'], 'application/json');
    for (const name of ['cookie', 'authorization', 'x-api-key', 'x-autoui-visitor', 'traceparent', 'origin']) assert.equal(headers[name], undefined, `${name} reached the collector`);
  });

  it('refuses a page of a foreign origin, relaying nothing', async () => {
    const collector = await recordingCollector();
    const proxy = await serveProxy({allowedOrigins: ['https://shop.example'], telemetry: {tracesUrl: collector.url}});
    const refused = await refusal(await post(`${proxy.url}/v1/traces`, exportBody(randomTraceId()), {origin: 'https://evil.example'}));
    assert.equal(refused.status, 403);
    assert.equal(refused.type, 'origin_not_allowed');
    const allowed = await post(`${proxy.url}/v1/traces`, exportBody(randomTraceId()), {origin: 'https://shop.example'});
    assert.equal(allowed.status, 200);
    assert.equal(collector.seen.length, 1);
  });

  it('refuses an oversize export with 413, and a body that is no OTLP encoding with 415, relaying neither', async () => {
    const collector = await recordingCollector();
    const proxy = await serveProxy({telemetry: {tracesUrl: collector.url, relayMaxBodyBytes: 2000}});
    const oversize = await refusal(await post(`${proxy.url}/v1/traces`, exportBody(randomTraceId(), 'big', 'x'.repeat(5000)), PAGE));
    assert.equal(oversize.status, 413);
    assert.equal(oversize.type, 'request_too_large');
    const text = await fetch(`${proxy.url}/v1/traces`, {method: 'POST', headers: {'content-type': 'text/plain', ...PAGE}, body: 'hello'});
    assert.equal(text.status, 415);
    assert.equal(collector.seen.length, 0);
  });

  it('refuses a visitor\'s exports past the per-minute limit with 429, counted apart from its model requests', async () => {
    await freshMinute();
    const collector = await recordingCollector();
    const s = scenario([{text: 'still answered'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, limits: {requestsPerMinute: 5}, telemetry: {tracesUrl: collector.url, relayRequestsPerMinute: 2}});
    for (let i = 0; i < 2; i++) assert.equal((await post(`${proxy.url}/v1/traces`, exportBody(randomTraceId()), PAGE)).status, 200);
    const third = await refusal(await post(`${proxy.url}/v1/traces`, exportBody(randomTraceId()), PAGE));
    assert.equal(third.status, 429);
    assert.equal(third.type, 'proxy_limit');
    assert.ok(Number(third.headers.get('retry-after')) > 0);
    assert.equal(collector.seen.length, 2);
    // The visitor's questions are untouched by its exports.
    const question = await post(`${proxy.url}/v1/messages`, messagesBody(), PAGE);
    assert.equal(question.status, 200);
    await question.text();
    assert.equal(fakeLlm.requests(s.id).length, 1);
  });

  it('tells the page only that the collector failed: not its answer, not its address', async () => {
    const failing = await recordingCollector(400, '{"message":"bad tenant internal-tenant-4411 at collector-7.internal"}');
    const proxy = await serveProxy({telemetry: {tracesUrl: failing.url}});
    const refused = await post(`${proxy.url}/v1/traces`, exportBody(randomTraceId()), PAGE);
    assert.equal(refused.status, 502);
    const seen = await everythingThePageSees(refused);
    assert.ok(!seen.includes('internal-tenant-4411') && !seen.includes(new URL(failing.url).port), seen);

    const busy = await recordingCollector(503, '{}', {'retry-after': '7'});
    const busyProxy = await serveProxy({telemetry: {tracesUrl: busy.url}});
    const wait = await post(`${busyProxy.url}/v1/traces`, exportBody(randomTraceId()), PAGE);
    // The exporter's own retry needs the status and the wait.
    assert.equal(wait.status, 503);
    assert.equal(wait.headers.get('retry-after'), '7');
    await wait.text();

    const gone = await serveProxy({telemetry: {tracesUrl: 'http://127.0.0.1:9/v1/traces'}});
    const unreachable = await post(`${gone.url}/v1/traces`, exportBody(randomTraceId()), PAGE);
    assert.equal(unreachable.status, 502);
    const told = await everythingThePageSees(unreachable);
    assert.ok(!told.includes('127.0.0.1:9') && !told.includes('ECONNREFUSED'), told);
  });

  it('has no traces route without a collector, and asks for a visitor token where the proxy requires one', async () => {
    const plain = await serveProxy({});
    assert.equal((await post(`${plain.url}/v1/traces`, exportBody(randomTraceId()), PAGE)).status, 404);
    const collector = await recordingCollector();
    const tokens = await serveProxy({visitorTokens: {secret: 'visitor-secret-of-the-site-0123456789abcdef', audience: 'https://shop.example'}, telemetry: {tracesUrl: collector.url}});
    const refused = await refusal(await post(`${tokens.url}/v1/traces`, exportBody(randomTraceId()), PAGE));
    assert.equal(refused.status, 401);
    assert.equal(refused.type, 'visitor_token_missing');
    assert.equal(collector.seen.length, 0);
  });

  it('is configured from the environment too: collector URL, its headers, the limits', async () => {
    const collector = await recordingCollector();
    const options = proxyModule.proxyOptionsFromEnv({PROXY_TRACES_URL: collector.url, PROXY_TRACES_HEADERS: `x-collector-key=${COLLECTOR_KEY},x-tenant=a%3Db`, PROXY_TRACES_PER_MINUTE: 'off', PROXY_TRACES_MAX_BODY_BYTES: '5000'});
    assert.deepEqual(options.telemetry, {tracesUrl: collector.url, tracesHeaders: {'x-collector-key': COLLECTOR_KEY, 'x-tenant': 'a=b'}, relayRequestsPerMinute: false, relayMaxBodyBytes: 5000});
    const proxy = await serveProxy(options);
    assert.equal((await post(`${proxy.url}/v1/traces`, exportBody(randomTraceId()), PAGE)).status, 200);
    assert.equal(collector.seen[0].headers['x-tenant'], 'a=b');
    assert.throws(() => proxyModule.proxyOptionsFromEnv({PROXY_TRACES_URL: 'collector:4318'}), /PROXY_TRACES_URL/);
    assert.throws(() => proxyModule.proxyOptionsFromEnv({PROXY_METRICS_VISITOR: 'plain'}), /PROXY_METRICS_VISITOR/);
  });

  it('counts its rate in a Redis store shared by two instances, as the model requests are', async () => {
    await freshMinute();
    const redis = await startRedisServer();
    const clients = [await connectRedis(redis.url), await connectRedis(redis.url)];
    after(async () => {
      for (const client of clients) client.disconnect();
      await redis.stop();
    });
    const collector = await recordingCollector();
    const [a, b] = await Promise.all(clients.map((client) => serveProxy({store: proxyModule.createRedisLimitStore({client}), telemetry: {tracesUrl: collector.url, relayRequestsPerMinute: 3}})));
    const statuses = [];
    for (const proxy of [a, b, a, b]) statuses.push((await post(`${proxy.url}/v1/traces`, exportBody(randomTraceId()), PAGE)).status);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    assert.equal(collector.seen.length, 3);
  });
});
