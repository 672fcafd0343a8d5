/**
 * What the upstream does wrong reaches the page as it happened (status, reason, retry hints), and
 * never carries the key: not in an error body that quotes it, not in the proxy's own errors, not
 * in its log. A request that failed upstream spends nothing of the visitor's limits.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {answerText, KEY, messagesBody, post, refusal, scenario, serveProxy} from './proxy-harness.mjs';

describe('upstream errors', () => {
  for (const [status, errorType] of [[401, 'authentication_error'], [429, 'rate_limit_error'], [500, 'api_error'], [529, 'overloaded_error']]) {
    it(`passes a ${status} on with its reason and retry headers, without the key it quotes`, async () => {
      const s = scenario([{text: 'x', fault: {status, errorType, message: `upstream says no to key ${KEY}`, headers: {'retry-after': '7'}}}]);
      const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}});
      const response = await post(`${proxy.url}/v1/messages`, messagesBody());
      const text = await response.text();
      assert.equal(response.status, status);
      assert.equal(response.headers.get('retry-after'), '7');
      assert.equal(JSON.parse(text).error.type, errorType);
      assert.ok(!text.includes(KEY), text);
      assert.match(text, /upstream says no to key \[redacted\]/);
      assert.ok(!proxy.lines.join('\n').includes(KEY));
    });
  }

  it('ends the page\'s stream when the upstream cuts its own, so the page sees a cut answer', async () => {
    const s = scenario([{text: 'This answer will be cut in the middle of a frame', fault: {cutAfterBytes: 400}}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}});
    const response = await post(`${proxy.url}/v1/messages`, messagesBody());
    assert.equal(response.status, 200);
    await assert.rejects(response.text());
  });

  it('answers 502 for an unreachable upstream, naming its origin but never the key', async () => {
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: 'http://127.0.0.1:9'}});
    const refused = await refusal(await post(`${proxy.url}/v1/messages`, messagesBody()));
    assert.equal(refused.status, 502);
    assert.equal(refused.type, 'upstream_unreachable');
    assert.match(refused.message, /127\.0\.0\.1:9/);
    assert.ok(!refused.message.includes(KEY));
  });

  it('does not count an upstream failure against the visitor\'s tokens', async () => {
    const s = scenario([{text: 'fine', usage: {input: 40, output: 10}, fault: {status: 500, failTimes: 1}}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, limits: {tokensPerDay: 60}});
    assert.equal((await post(`${proxy.url}/v1/messages`, messagesBody())).status, 500);
    // Had the failure counted its reservation (body + max_tokens > 60), this one would be refused.
    assert.equal(answerText(await (await post(`${proxy.url}/v1/messages`, messagesBody({maxTokens: 20}))).text()), 'fine');
  });
});
