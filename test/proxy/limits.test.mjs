/**
 * The limits as a visitor meets them on one proxy (the default store, in memory): over a limit
 * comes a 429 with `retry-after` and the limit's name; tokens count from the usage the upstream
 * reports, in both wire formats, streamed or not; the day's budget is shared by every visitor;
 * a store that fails refuses everything unless the site chose to fail open.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {answerText, fakeLlm, freshMinute, KEY, messagesBody, post, refusal, scenario, serveProxy} from './proxy-harness.mjs';

const from = (address) => ({'x-forwarded-for': `10.0.0.99, ${address}`});

describe('limits on one proxy', () => {
  it('refuses the request over the per-minute limit with 429, the limit and when to retry', async () => {
    const s = scenario([{text: '1'}, {text: '2'}, {text: '3'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, limits: {requestsPerMinute: 2}});
    await freshMinute();
    for (let i = 0; i < 2; i++) assert.equal((await post(`${proxy.url}/v1/messages`, messagesBody(), {connection: 'close'}).then((r) => r.text().then(() => r.status))), 200);
    const refused = await refusal(await post(`${proxy.url}/v1/messages`, messagesBody()));
    assert.equal(refused.status, 429);
    assert.equal(refused.type, 'proxy_limit');
    assert.equal(refused.limit, 'requests_per_minute');
    const wait = Number(refused.headers.get('retry-after'));
    assert.ok(wait >= 1 && wait <= 60, `retry-after ${wait}`);
    assert.equal(refused.retry_after_seconds, wait);
    assert.match(refused.message, new RegExp(`Try again in ${wait} s`));
    assert.equal(refused.headers.get('x-should-retry'), String(wait <= 10));
    assert.equal(fakeLlm.requests(s.id).length, 2);
  });

  it('counts the tokens the upstream reports, streamed or not, in both wire formats, and stops the visitor at its daily limit', async () => {
    const s = scenario([{text: 'a', usage: {input: 300, output: 100}}, {text: 'b', usage: {input: 300, output: 100}}, {text: 'c', usage: {input: 300, output: 100}}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, openai: {apiKey: KEY, baseUrl: `${s.base}/v1`}, limits: {tokensPerDay: 1000}, clientAddressHeader: 'x-forwarded-for'});
    const openai = {model: 'gpt-test', max_tokens: 50, stream: true, messages: [{role: 'user', content: 'Q'}]};
    assert.equal(answerText(await (await post(`${proxy.url}/v1/messages`, messagesBody({maxTokens: 50}), from('1.1.1.1'))).text()), 'a');
    assert.equal(answerText(await (await post(`${proxy.url}/v1/chat/completions`, openai, from('1.1.1.1'))).text()), 'b');
    // 800 tokens used: still under 1000, so this one goes (a limit is exceeded by at most one request).
    assert.equal(answerText(await (await post(`${proxy.url}/v1/messages`, messagesBody({maxTokens: 50, stream: false}), from('1.1.1.1'))).text()), 'c');
    const refused = await refusal(await post(`${proxy.url}/v1/messages`, messagesBody(), from('1.1.1.1')));
    assert.equal(refused.status, 429);
    assert.equal(refused.limit, 'tokens_per_day');
    assert.equal(refused.headers.get('x-should-retry'), 'false');
    assert.match(refused.message, /daily token limit/);
    assert.ok(proxy.lines.some((line) => line.includes('tokens=400')));
  });

  it('shares the daily budget between visitors', async () => {
    const s = scenario([{text: 'first', usage: {input: 500, output: 100}}, {text: 'second', usage: {input: 500, output: 100}}, {text: 'never'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, limits: {dailyTokenBudget: 1000}, clientAddressHeader: 'x-forwarded-for'});
    assert.equal((await post(`${proxy.url}/v1/messages`, messagesBody(), from('2.2.2.2')).then((r) => r.text())).includes('first'), true);
    assert.equal((await post(`${proxy.url}/v1/messages`, messagesBody(), from('3.3.3.3')).then((r) => r.text())).includes('second'), true);
    const refused = await refusal(await post(`${proxy.url}/v1/messages`, messagesBody(), from('4.4.4.4')));
    assert.equal(refused.limit, 'daily_token_budget');
    assert.match(refused.message, /daily token budget/);
    assert.equal(fakeLlm.requests(s.id).length, 2);
  });

  it('holds the tokens of answers in flight against the limit, so parallel requests cannot overrun it', async () => {
    const s = scenario(Array.from({length: 10}, (_, i) => ({text: `slow ${i}`, usage: {input: 10, output: 10}, chunkDelayMs: 60})));
    // Each request reserves its body (about 100 bytes) plus max_tokens (400). A request is admitted while
    // used + reserved < 1200: at 0, ~500 and ~1000 reserved, three go; the fourth would see ~1500.
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, limits: {tokensPerDay: 1200, concurrentStreams: false}});
    const statuses = await Promise.all(Array.from({length: 10}, () => post(`${proxy.url}/v1/messages`, messagesBody({maxTokens: 400})).then(async (r) => (await r.text(), r.status))));
    assert.equal(statuses.filter((status) => status === 200).length, 3);
    assert.equal(statuses.filter((status) => status === 429).length, 7);
  });

  it('refuses every request when its store fails, unless told to fail open', async () => {
    const broken = {admit: () => Promise.reject(new Error('connection refused')), settle: () => Promise.resolve(), usage: () => Promise.reject(new Error('down'))};
    const hanging = {...broken, admit: () => new Promise(() => {})};
    const s = scenario([{text: 'open'}]);
    for (const store of [broken, hanging]) {
      const closed = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, store, storeTimeoutMs: 200});
      const refused = await refusal(await post(`${closed.url}/v1/messages`, messagesBody()));
      assert.equal(refused.status, 503);
      assert.equal(refused.type, 'limits_unavailable');
    }
    assert.equal(fakeLlm.requests(s.id).length, 0);
    const open = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, store: broken, failOpen: true});
    assert.equal(answerText(await (await post(`${open.url}/v1/messages`, messagesBody())).text()), 'open');
    assert.ok(open.lines.some((line) => line.includes('forwarding without limits')));
  });
});
