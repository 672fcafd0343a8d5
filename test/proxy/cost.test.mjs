/**
 * The proxy counts everything it forwards: fields that multiply what a request costs are refused
 * before anything goes upstream, what a route does not need is dropped, the output limit is one
 * clamped field, and a stream the client cuts before its final usage is charged its reservation.
 * A billing upstream (it counts tokens as a provider bills them, `n` choices and all) shows the
 * daily budget holding under concurrent hostile requests.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {fakeLlm, KEY, messagesBody, post, proxyModule, refusal, scenario, serveProxy} from './proxy-harness.mjs';

const {createMemoryLimitStore} = proxyModule;

/**
 * A `fetch` standing in for a provider that bills as the real ones do: input tokens up to the
 * body's bytes plus what it fetches or searches itself, and every choice of `n` up to its limit.
 */
function billingUpstream() {
  const bill = {tokens: 0, calls: 0, bodies: []};
  const fetch = async (url, init) => {
    const body = JSON.parse(init.body);
    bill.calls++;
    bill.bodies.push(body);
    const fetched = JSON.stringify(body).match(/"type":"(url|file|web_search[^"]*)"/g)?.length ?? 0;
    const input = init.body.length + 20_000 * fetched + (body.mcp_servers ? 20_000 : 0);
    const limit = body.n_predict === -1 ? 100_000 : (body.max_completion_tokens ?? body.max_tokens ?? 4096);
    const output = limit * Math.max(1, Number(body.n ?? 1)) * (body.models ? body.models.length : 1);
    bill.tokens += input + output;
    const usage = url.endsWith('/v1/messages') ? {input_tokens: input, output_tokens: output} : {prompt_tokens: input, completion_tokens: output};
    return Response.json({id: 'x', content: [{type: 'text', text: 'billed'}], choices: [{message: {content: 'billed'}}], usage});
  };
  return {bill, fetch};
}

const openaiBody = (extra = {}) => ({model: 'gpt-test', max_tokens: 2000, messages: [{role: 'user', content: 'Q'}], ...extra});

const HOSTILE = {
  anthropic: {
    mcp_servers: {...messagesBody({stream: false}), mcp_servers: [{type: 'url', url: 'https://mcp.example/sse', name: 'x'}]},
    service_tier: {...messagesBody({stream: false}), service_tier: 'priority'},
    container: {...messagesBody({stream: false}), container: 'c1'},
    'web search server tool': {...messagesBody({stream: false}), tools: [{type: 'web_search_20250305', name: 'web_search', max_uses: 99}]},
    'URL document': {...messagesBody({stream: false}), messages: [{role: 'user', content: [{type: 'document', source: {type: 'url', url: 'https://example.com/1000-pages.pdf'}}, {type: 'text', text: 'sum up'}]}]},
    'URL image': {...messagesBody({stream: false}), messages: [{role: 'user', content: [{type: 'image', source: {type: 'url', url: 'https://example.com/a.png'}}]}]},
    'server tool result block': {...messagesBody({stream: false}), messages: [{role: 'user', content: [{type: 'web_search_tool_result', tool_use_id: 'x', content: []}]}]},
  },
  openai: {
    'n: 20': openaiBody({n: 20}),
    'OpenRouter models': openaiBody({models: ['gpt-test', 'o1-pro', 'claude-opus']}),
    service_tier: openaiBody({service_tier: 'priority'}),
    n_predict: openaiBody({n_predict: -1}),
    best_of: openaiBody({best_of: 20}),
    plugins: openaiBody({plugins: [{id: 'web'}]}),
    'URL image': openaiBody({messages: [{role: 'user', content: [{type: 'image_url', image_url: {url: 'https://example.com/huge.png'}}]}]}),
    'file part': openaiBody({messages: [{role: 'user', content: [{type: 'file', file: {file_id: 'file-1'}}]}]}),
    'web search tool': openaiBody({tools: [{type: 'web_search'}]}),
  },
};

describe('what the proxy forwards', () => {
  it('refuses each field that multiplies cost with a 400 naming it, forwarding nothing', async () => {
    const {bill, fetch} = billingUpstream();
    const proxy = await serveProxy({anthropic: {apiKey: KEY}, openai: {apiKey: KEY}, fetch});
    for (const [wire, cases] of Object.entries(HOSTILE)) {
      for (const [name, body] of Object.entries(cases)) {
        const refused = await refusal(await post(`${proxy.url}${wire === 'anthropic' ? '/v1/messages' : '/v1/chat/completions'}`, body));
        assert.equal(refused.status, 400, `${wire} ${name}: ${refused.message}`);
        assert.equal(refused.type, 'invalid_request', `${wire} ${name}`);
      }
    }
    const beta = await refusal(await post(`${proxy.url}/v1/messages`, messagesBody({stream: false}), {'anthropic-beta': 'context-1m-2025-08-07'}));
    assert.equal(beta.status, 400);
    assert.match(beta.message, /anthropic-beta/);
    assert.equal(bill.calls, 0, `forwarded: ${JSON.stringify(bill.bodies).slice(0, 300)}`);
  });

  it('forwards only the fields a route needs, one clamped output limit, and names what it dropped', async () => {
    const {bill, fetch} = billingUpstream();
    const proxy = await serveProxy({anthropic: {apiKey: KEY}, openai: {apiKey: KEY}, fetch, maxTokens: 1000});
    const anthropic = await post(`${proxy.url}/v1/messages`, {...messagesBody({stream: false, maxTokens: 500}), metadata: {user_id: 'u'}, thinking: {type: 'enabled', budget_tokens: 100_000}, extra_body: {x: 1}});
    assert.equal(anthropic.status, 200);
    assert.equal(anthropic.headers.get('x-autoui-dropped-fields'), 'metadata, thinking, extra_body');
    await anthropic.text();
    // Both limits named: the one the API reads is clamped, the other is not sent for any server to read unclamped.
    const openai = await post(`${proxy.url}/v1/chat/completions`, openaiBody({max_completion_tokens: 10, max_tokens: 1_000_000, stream: false, stream_options: {include_usage: false}, logit_bias: {1: 100}}));
    assert.equal(openai.status, 200);
    assert.equal(openai.headers.get('x-autoui-max-tokens-clamped'), '1000');
    await openai.text();
    const [a, o] = bill.bodies;
    assert.deepEqual(Object.keys(a).sort(), ['max_tokens', 'messages', 'model', 'stream']);
    assert.equal(a.max_tokens, 500);
    assert.deepEqual(Object.keys(o).sort(), ['max_completion_tokens', 'messages', 'model', 'stream']);
    assert.equal(o.max_completion_tokens, 1000);
  });

  it('holds the daily budget with concurrent hostile requests: the upstream bills no more than the proxy counts', async (t) => {
    const {bill, fetch} = billingUpstream();
    const store = createMemoryLimitStore();
    const budget = 50_000;
    const proxy = await serveProxy({openai: {apiKey: KEY}, anthropic: {apiKey: KEY}, fetch, store, limits: {dailyTokenBudget: budget, concurrentStreams: false, requestsPerMinute: false}});
    const hostile = [openaiBody({n: 20, max_tokens: 8192}), openaiBody({models: ['a', 'b', 'c', 'd'], max_tokens: 8192}), openaiBody({n_predict: -1}), {...messagesBody({stream: false, maxTokens: 8192}), mcp_servers: [{type: 'url', url: 'https://mcp.example', name: 'm'}]}];
    const asked = Array.from({length: 16}, (_, i) => hostile[i % hostile.length]);
    // And plain requests asking far more than the ceiling, all at once.
    asked.push(...Array.from({length: 16}, () => openaiBody({max_tokens: 1_000_000})));
    await Promise.all(asked.map((body) => post(`${proxy.url}${body.mcp_servers ? '/v1/messages' : '/v1/chat/completions'}`, body).then((r) => r.text())));
    const {used, reserved} = await store.usage(Date.now());
    t.diagnostic(`billed ${bill.tokens}, counted ${used}, budget ${budget}`);
    assert.equal(reserved, 0);
    // What the provider billed is what the proxy counted, and that stays within the budget plus one request.
    assert.equal(bill.tokens, used, `the upstream billed ${bill.tokens} tokens, the proxy counted ${used}`);
    assert.ok(used <= budget + 8192 + 1000, `counted ${used} tokens against a ${budget} budget`);
  });

  it('charges a stream the client cuts before its final usage its reservation, not the input and 1 token', async () => {
    const s = scenario([{text: 'a long answer that goes on and on', usage: {input: 40, output: 900}, chunkDelayMs: 50}]);
    const store = createMemoryLimitStore();
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, store});
    const body = JSON.stringify(messagesBody({maxTokens: 1000}));
    const controller = new AbortController();
    const response = await post(`${proxy.url}/v1/messages`, body, {}, controller.signal);
    const reader = response.body.getReader();
    let seen = '';
    while (!seen.includes('content_block_delta')) seen += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    await reader.cancel().catch(() => {});
    // The proxy settles once it sees the client gone; wait for that, not for a time.
    for (let i = 0; i < 1000 && (await store.usage(Date.now())).reserved > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    const {used} = await store.usage(Date.now());
    assert.equal(used, Buffer.byteLength(body) + 1000, `a cut stream was charged ${used} tokens`);
    assert.ok(fakeLlm.requests(s.id).length === 1);
  });
});
