/**
 * The proxy forwards both wire formats with its key, streaming, and refuses what it must before
 * anything goes upstream: unknown origins, models off the list, bodies over the limit, paths that
 * try to leave the two routes.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {answerText, fakeLlm, KEY, messagesBody, post, refusal, scenario, serveProxy} from './proxy-harness.mjs';

describe('forwarding', () => {
  it('forwards an Anthropic stream byte for byte, with its key added and the page\'s key dropped', async () => {
    const s = scenario([{text: 'Hello through the shipped proxy', usage: {input: 12, output: 6}}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}});
    const response = await post(`${proxy.url}/v1/messages`, messagesBody(), {'x-api-key': 'sk-ant-from-the-page-000111', cookie: 'session=1'});
    assert.equal(response.status, 200);
    assert.equal(answerText(await response.text()), 'Hello through the shipped proxy');
    const [upstream] = fakeLlm.requests(s.id);
    assert.equal(upstream.headers['x-api-key'], KEY);
    assert.equal(upstream.headers.cookie, undefined);
    assert.equal(upstream.headers['anthropic-version'], '2023-06-01');
  });

  it('forwards OpenAI-compatible requests on both paths with a Bearer key, asking for the usage of a stream', async () => {
    const s = scenario([{text: 'one'}, {text: 'two'}]);
    const proxy = await serveProxy({openai: {apiKey: KEY, baseUrl: `${s.base}/v1`}});
    const body = {model: 'gpt-test', stream: true, messages: [{role: 'user', content: 'Q'}]};
    assert.equal(answerText(await (await post(`${proxy.url}/v1/chat/completions`, body)).text()), 'one');
    assert.equal(answerText(await (await post(`${proxy.url}/chat/completions`, body)).text()), 'two');
    const requests = fakeLlm.requests(s.id);
    assert.deepEqual(requests.map((r) => r.headers.authorization), [`Bearer ${KEY}`, `Bearer ${KEY}`]);
    assert.deepEqual(requests[0].body.stream_options, {include_usage: true});
    // A request without max_tokens gets the ceiling, so every answer has a bound.
    assert.equal(requests[0].body.max_tokens, 8192);
  });

  it('lowers a huge max_tokens to the ceiling and says so in a header', async () => {
    const s = scenario([{text: 'ok'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, maxTokens: 2048});
    const response = await post(`${proxy.url}/v1/messages`, messagesBody({maxTokens: 100_000}));
    assert.equal(response.headers.get('x-autoui-max-tokens-clamped'), '2048');
    await response.text();
    assert.equal(fakeLlm.requests(s.id)[0].body.max_tokens, 2048);
  });

  it('refuses a model off the allow-list with a clear error, forwarding nothing', async () => {
    const s = scenario([{text: 'never'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base, models: ['claude-haiku-test']}});
    const refused = await refusal(await post(`${proxy.url}/v1/messages`, messagesBody({model: 'claude-opus-expensive'})));
    assert.equal(refused.status, 400);
    assert.equal(refused.type, 'model_not_allowed');
    assert.match(refused.message, /claude-opus-expensive.*Allowed: claude-haiku-test/);
    assert.equal(refused.headers.get('x-should-retry'), 'false');
    assert.equal(fakeLlm.requests(s.id).length, 0);
  });

  it('refuses a page from an origin it was not told about, even on a request that skips the preflight', async () => {
    const s = scenario([{text: 'never'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, allowedOrigins: ['https://app.example']});
    const forged = await refusal(await post(`${proxy.url}/v1/messages`, messagesBody(), {origin: 'https://evil.example', 'content-type': 'text/plain'}));
    assert.equal(forged.status, 403);
    assert.equal(forged.type, 'origin_not_allowed');
    const allowed = await post(`${proxy.url}/v1/messages`, messagesBody(), {origin: 'https://app.example'});
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://app.example');
    assert.match(allowed.headers.get('access-control-expose-headers'), /retry-after/);
    await allowed.text();
    assert.equal(fakeLlm.requests(s.id).length, 1);
  });

  it('refuses an oversized body with 413, whether its length is declared or not, forwarding nothing', async () => {
    const s = scenario([{text: 'never'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, maxBodyBytes: 2000});
    const declared = await refusal(await post(`${proxy.url}/v1/messages`, messagesBody({text: 'x'.repeat(5000)})));
    assert.equal(declared.status, 413);
    assert.equal(declared.type, 'request_too_large');
    // A chunked body declares no length: the proxy counts as it reads and stops at the limit.
    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(messagesBody({text: 'y'.repeat(50_000)}))));
        controller.close();
      },
    });
    const streamed = await fetch(`${proxy.url}/v1/messages`, {method: 'POST', headers: {'content-type': 'application/json'}, body: chunked, duplex: 'half'});
    assert.equal(streamed.status, 413);
    assert.equal(fakeLlm.requests(s.id).length, 0);
  });

  it('serves only its routes: traversal and other paths never reach another upstream path', async () => {
    const s = scenario([{text: 'only this one'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, basePath: '/llm'});
    for (const path of ['/llm/v1/messages/../../admin', '/llm/v1/../../v1/models', '/llm/%2e%2e/v1/messages', '/llm/v1/messages%2f..%2fmodels', '/v1/messages', '//evil.example/llm/v1/messages', '/llm/v1/messages/extra']) {
      const response = await fetch(`${proxy.url}${path}`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(messagesBody())});
      assert.equal(response.status, 404, path);
      await response.text();
    }
    // The one that is a route after normalisation goes to the configured upstream path, nowhere else.
    const normalised = await post(`${proxy.url}/llm/x/../v1/messages?target=http://evil.example`, messagesBody());
    assert.equal(answerText(await normalised.text()), 'only this one');
    assert.deepEqual(fakeLlm.requests(s.id).map((r) => r.path), [`/s/${s.id}/v1/messages`]);
  });

  it('answers a clear, non-retried 503 for a route without a key', async () => {
    const proxy = await serveProxy({openai: {apiKey: KEY}});
    const refused = await refusal(await post(`${proxy.url}/v1/messages`, messagesBody()));
    assert.equal(refused.status, 503);
    assert.equal(refused.type, 'proxy_not_configured');
    assert.match(refused.message, /ANTHROPIC_API_KEY/);
    assert.equal(refused.headers.get('x-should-retry'), 'false');
  });
});
