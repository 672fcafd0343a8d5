/**
 * Clients that hold the proxy without using it: one that never reads its answer is cut after the
 * idle timeout and its stream slot is freed; one that sends its body too slowly is refused; an
 * answer that runs past the longest allowed is cut. A client that leaves stops the upstream.
 */
import assert from 'node:assert/strict';
import {connect} from 'node:net';
import {describe, it} from 'node:test';
import {answerText, fakeLlm, KEY, messagesBody, post, refusal, scenario, serveProxy} from './proxy-harness.mjs';

/** Opens a raw connection that sends `body` to `path` and then never reads a byte. */
function neverReadingClient(url, path, body) {
  const {hostname, port} = new URL(url);
  const socket = connect(Number(port), hostname);
  const text = JSON.stringify(body);
  socket.write(`POST ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  socket.pause();
  let received = 0;
  socket.on('data', (data) => (received += data.length));
  /** Starts reading what arrived; resolves with the byte count once the proxy has closed the connection. */
  const drain = () => {
    socket.resume();
    return new Promise((resolve) => socket.once('close', () => resolve(received)));
  };
  return {socket, drain};
}

/** A large answer the fake LLM writes as fast as it can, then holds open. */
function largeAnswer(megabytes) {
  const chunk = Buffer.from(`event: content_block_delta\ndata: ${JSON.stringify({type: 'content_block_delta', index: 0, delta: {type: 'text_delta', text: 'z'.repeat(64_000)}})}\n\n`).toString('base64');
  return {raw: {chunks: Array.from({length: megabytes * 16}, () => chunk), end: 'stall'}};
}

const until = async (condition, what) => {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('slow and absent clients', () => {
  it('cuts a client that never reads its answer and frees its stream slot', async () => {
    const s = scenario([largeAnswer(24), {text: 'the slot is free again'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, limits: {concurrentStreams: 1}, clientIdleTimeoutMs: 300});
    const client = neverReadingClient(proxy.url, '/v1/messages', messagesBody());
    await until(() => fakeLlm.requests(s.id).length === 1, 'the upstream request');
    // While the unread answer holds the visitor's one slot, another request of the same visitor waits its turn.
    const busy = await refusal(await post(`${proxy.url}/v1/messages`, messagesBody()));
    assert.equal(busy.status, 429);
    assert.equal(busy.limit, 'concurrent_streams');
    await until(() => proxy.lines.some((line) => line.includes('client_idle')), 'the idle cut');
    // The connection was closed long before the 24 MB answer could have arrived.
    assert.ok((await client.drain()) < 24 * 64_000 * 16, 'the answer was cut');
    assert.equal(answerText(await (await post(`${proxy.url}/v1/messages`, messagesBody())).text()), 'the slot is free again');
  });

  it('refuses a body that arrives too slowly with 408, forwarding nothing', async () => {
    const s = scenario([{text: 'never'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, bodyTimeoutMs: 300});
    const {hostname, port} = new URL(proxy.url);
    const socket = connect(Number(port), hostname);
    socket.write(`POST /v1/messages HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 500\r\n\r\n{"model":`);
    const answer = await new Promise((resolve) => {
      let text = '';
      // The rest of the body never comes: the proxy answers without it.
      socket.on('data', (d) => {
        text += d;
        if (text.includes('request_timeout')) socket.destroy();
      });
      socket.on('close', () => resolve(text));
    });
    assert.match(answer, /^HTTP\/1\.1 408/);
    assert.match(answer, /request_timeout/);
    assert.equal(fakeLlm.requests(s.id).length, 0);
  });

  it('cuts an answer that runs past the longest allowed, and frees its slot', async () => {
    const s = scenario([{text: 'next one', fault: {stall: true, failTimes: 1}}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, limits: {concurrentStreams: 1}, maxStreamMs: 400});
    const response = await post(`${proxy.url}/v1/messages`, messagesBody());
    await assert.rejects(response.text());
    assert.ok(proxy.lines.some((line) => line.includes('too_long')));
    assert.equal(answerText(await (await post(`${proxy.url}/v1/messages`, messagesBody())).text()), 'next one');
  });

  it('stops the upstream when the client goes away mid-answer', async () => {
    const s = scenario([{text: 'slow words one after another for a while', chunkDelayMs: 100}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}});
    const controller = new AbortController();
    const response = await post(`${proxy.url}/v1/messages`, messagesBody(), {}, controller.signal);
    const reader = response.body.getReader();
    await reader.read();
    controller.abort();
    await until(() => proxy.lines.some((line) => line.includes('client_gone')), 'the proxy to see the client leave');
  });
});
