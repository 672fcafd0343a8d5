/**
 * The requests that stopped the Node proxy, one by one: a malformed Host, a request line in
 * absolute form, a method the fetch standard forbids, and a body nested too deep to serialise.
 * Each gets a JSON 4xx and the server goes on answering. (fuzz.test.mjs generates thousands more.)
 */
import assert from 'node:assert/strict';
import {createServer} from 'node:http';
import {after, describe, it} from 'node:test';
import {answerText, KEY, messagesBody, post, proxyModule, scenario} from './proxy-harness.mjs';
import {exchange, splitResponses} from './raw-exchange.mjs';

/** A proxy served as scripts/proxy.mjs serves it, with the raw port and every uncaught error kept. */
async function serveRaw(options) {
  const listener = proxyModule.toNodeListener(proxyModule.createLlmProxy(options));
  const server = createServer({requireHostHeader: false}, listener).on('clientError', listener.clientError);
  // The raw client half-closes after its request: the answer must still come (Node drops it otherwise).
  server.httpAllowHalfOpen = true;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  return server.address().port;
}

const crashes = [];
const servers = [];
process.on('uncaughtException', (error) => {
  crashes.push(error);
  // The request that threw is never answered: close its socket so the test fails instead of hanging.
  for (const server of servers) server.closeAllConnections();
});
after(() => assert.deepEqual(crashes.map(String), [], 'errors thrown outside any handler'));

/** The one answer to `bytes`, parsed. */
async function answer(port, bytes) {
  const [response, ...more] = splitResponses(await exchange(port, {bytes, pieces: 1}));
  assert.equal(more.length, 0);
  return {...response, json: JSON.parse(response.body)};
}

// A hang detector only: on a proxy that throws outside its handler the socket never answers.
describe('requests that stopped the Node proxy', {timeout: 60_000}, () => {
  it('answers a malformed Host with a JSON 400 and keeps serving', async () => {
    const s = scenario([{text: 'still here'}]);
    const port = await serveRaw({anthropic: {apiKey: KEY, baseUrl: s.base}});
    for (const host of ['[', 'localhost:99999', 'a b', 'evil.example/v1/messages#', 'user@evil.example']) {
      const refused = await answer(port, `POST /v1/messages HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 2\r\n\r\n{}`);
      assert.equal(refused.status, 400, host);
      assert.equal(refused.json.error.type, 'invalid_request', host);
    }
    const response = await post(`http://127.0.0.1:${port}/v1/messages`, messagesBody());
    assert.equal(answerText(await response.text()), 'still here');
  });

  it('serves a request line in absolute form (legal HTTP/1.1) by its path, whatever host it names', async () => {
    const s = scenario([{text: 'absolute'}]);
    const port = await serveRaw({anthropic: {apiKey: KEY, baseUrl: s.base}});
    const body = JSON.stringify(messagesBody({stream: false}));
    const served = await answer(port, `POST http://127.0.0.1:${port}/v1/messages HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
    assert.equal(served.status, 200, served.body);
    assert.equal(answerText(served.body), 'absolute');
    const elsewhere = await answer(port, `GET http://evil.example/admin HTTP/1.1\r\nHost: evil.example\r\n\r\n`);
    assert.equal(elsewhere.status, 404);
  });

  it('answers TRACE (a method Request refuses) with a JSON 405, and a request Node cannot parse with a JSON 400', async () => {
    const port = await serveRaw({anthropic: {apiKey: KEY}});
    const trace = await answer(port, 'TRACE /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    assert.equal(trace.status, 405);
    assert.equal(trace.json.error.type, 'method_not_allowed');
    const broken = await answer(port, 'POST /v1/messages HTTP/1.1\r\nHost: localhost\r\nContent-Length: x\r\n\r\n');
    assert.equal(broken.status, 400);
    assert.equal(broken.json.error.type, 'invalid_request');
    const noHost = await answer(port, 'GET /health HTTP/1.1\r\n\r\n');
    assert.equal(noHost.status, 400);
    assert.match(noHost.json.error.message, /Host/);
  });

  it('refuses a body nested deeper than any model request with a 400, not a 500', async () => {
    const s = scenario([{text: 'never'}]);
    const port = await serveRaw({anthropic: {apiKey: KEY, baseUrl: s.base}});
    for (const deep of [`{"model":"m","max_tokens":1,"messages":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, `{"model":"m","max_tokens":1,"metadata":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`]) {
      const response = await post(`http://127.0.0.1:${port}/v1/messages`, deep);
      const json = await response.json();
      assert.equal(response.status, 400);
      assert.equal(json.error.type, 'invalid_request');
      assert.match(json.error.message, /nests deeper/);
    }
  });
});
