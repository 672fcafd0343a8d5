/**
 * The key proxy (demo/proxy/) between the real providers and the fake LLM server: keys added
 * server-side, browser keys stripped, streams passed through as they come, origins, missing keys
 * and oversized bodies refused with clear errors.
 */
import {expect} from '@open-wc/testing';
import {SERVERS} from '@test/servers';
import type {ModelRequest} from '../../src/providers/language-model.js';
import {ErrorCodes} from '../../src/errors.js';
import {createProvider, type ProviderOptions, type RetryInfo} from '../../src/providers/index.js';
import {collect, errorOf, scenario, textOf, type FakeTurn} from './fake-llm.js';

const PROXY_KEY = 'sk-ant-proxy-7d1c0e9b8a776655';
const REQUEST: ModelRequest = {system: 'S', messages: [{role: 'user', content: 'Q'}], tools: []};

/** Starts a proxy with `options` (see startLlmProxy) and returns its URL. */
async function proxy(options: Record<string, unknown>): Promise<string> {
  if (!SERVERS['llm-proxy']) throw new Error('the llm-proxy test server is not running (TEST_SERVERS must include llm-proxy)');
  const response = await fetch(`${SERVERS['llm-proxy']}/__proxies`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(options)});
  return ((await response.json()) as {url: string}).url;
}

/** A scenario, an Anthropic proxy in front of it, and a key-less provider pointed at the proxy. */
async function anthropicViaProxy(turns: FakeTurn[], proxyOptions: Record<string, unknown> = {}, providerOptions: Partial<ProviderOptions> = {}) {
  const s = await scenario(turns, 'proxy');
  const url = await proxy({anthropic: {apiKey: PROXY_KEY, baseUrl: s.base}, ...proxyOptions});
  const retries: RetryInfo[] = [];
  const model = createProvider({provider: 'anthropic', endpoint: url, retryBaseDelayMs: 1, onRetry: (r) => retries.push(r), ...providerOptions});
  return {s, url, model, retries};
}

describe('key proxy', () => {
  it('forwards Anthropic requests with the key added upstream; the page sends none', async () => {
    const {s, model} = await anthropicViaProxy([{text: 'Hello through the proxy'}]);
    expect(textOf(await collect(model.stream(REQUEST)))).to.equal('Hello through the proxy');
    const [upstream] = await s.requests();
    expect(upstream.headers['x-api-key']).to.equal(PROXY_KEY);
    expect(upstream.headers['anthropic-version']).to.equal('2023-06-01');
    expect(upstream.body.messages).to.deep.equal([{role: 'user', content: [{type: 'text', text: 'Q', cache_control: {type: 'ephemeral'}}]}]);
  });

  it('replaces a key sent by the browser with its own', async () => {
    const browserKey = 'sk-ant-browser-0011223344';
    const {s, model} = await anthropicViaProxy([{text: 'ok'}], {}, {apiKey: browserKey, allowBrowserKey: true});
    await collect(model.stream(REQUEST));
    const [upstream] = await s.requests();
    expect(upstream.headers['x-api-key']).to.equal(PROXY_KEY);
    expect(JSON.stringify(upstream.headers)).not.to.contain(browserKey);
    expect(upstream.headers).not.to.have.property('anthropic-dangerous-direct-browser-access');
  });

  it('forwards OpenAI-compatible requests (/v1/chat/completions and /chat/completions) with a Bearer key', async () => {
    const s = await scenario([{text: 'one'}, {text: 'two'}]);
    const url = await proxy({openai: {apiKey: 'sk-openai-proxy-abcdef12', baseUrl: `${s.base}/v1`}});
    expect(textOf(await collect(createProvider({provider: 'openai', endpoint: `${url}/v1`}).stream(REQUEST)))).to.equal('one');
    expect(textOf(await collect(createProvider({provider: 'openai', endpoint: url}).stream(REQUEST)))).to.equal('two');
    expect((await s.requests()).map((r) => r.headers.authorization)).to.deep.equal(['Bearer sk-openai-proxy-abcdef12', 'Bearer sk-openai-proxy-abcdef12']);
  });

  it('forwards to a keyless OpenAI-compatible server (e.g. Ollama) when only its base URL is set', async () => {
    const s = await scenario([{text: 'local model'}]);
    const url = await proxy({openai: {baseUrl: `${s.base}/v1`}});
    expect(textOf(await collect(createProvider({provider: 'openai', endpoint: `${url}/v1`}).stream(REQUEST)))).to.equal('local model');
    expect((await s.requests())[0].headers).not.to.have.property('authorization');
  });

  it('passes the stream through as it comes: text arrives while the upstream turn is still open', async () => {
    const {model} = await anthropicViaProxy([{text: 'Streaming through the proxy right now', fault: {stall: true}}]);
    const controller = new AbortController();
    const iterator = model.stream(REQUEST, {signal: controller.signal})[Symbol.asyncIterator]();
    expect((await iterator.next()).value).to.deep.equal({type: 'text-delta', delta: 'Streaming through the '});
    controller.abort();
    expect((await iterator.next()).done).to.equal(true);
  });

  it('passes retry headers through, so the provider honours them', async () => {
    const {s, model, retries} = await anthropicViaProxy([{text: 'after retry', fault: {status: 529, headers: {'retry-after-ms': '30'}, failTimes: 1}}]);
    expect(textOf(await collect(model.stream(REQUEST)))).to.equal('after retry');
    expect(await s.requests()).to.have.length(2);
    expect(retries).to.deep.equal([{attempt: 1, delayMs: 30, status: 529}]);
  });

  it('refuses a page from an origin it was not told about, forwarding nothing', async () => {
    const {s, url, model} = await anthropicViaProxy([{text: 'never'}], {allowedOrigins: ['https://app.example']}, {maxRetries: 0});
    expect(errorOf(await collect(model.stream(REQUEST)))!.code).to.equal(ErrorCodes.PROVIDER_NETWORK);
    // A "simple" cross-origin POST skips the preflight: the proxy must refuse it too.
    await fetch(`${url}/v1/messages`, {method: 'POST', mode: 'no-cors', headers: {'content-type': 'text/plain'}, body: JSON.stringify({model: 'm', max_tokens: 5, messages: [{role: 'user', content: 'x'}]})});
    expect(await s.requests()).to.have.length(0);
  });

  it('answers a clear, non-retried error when no key is configured for the route', async () => {
    const s = await scenario([{text: 'never'}]);
    const url = await proxy({openai: {apiKey: 'sk-only-openai-123456'}});
    const retries: RetryInfo[] = [];
    const error = errorOf(await collect(createProvider({provider: 'anthropic', endpoint: url, onRetry: (r) => retries.push(r)}).stream(REQUEST)))!;
    expect(error.code).to.equal(ErrorCodes.PROVIDER_HTTP);
    expect(error.details).to.include({status: 503, type: 'proxy_not_configured'});
    expect(error.message).to.contain('ANTHROPIC_API_KEY');
    expect(retries).to.deep.equal([]);
    expect(await s.requests()).to.have.length(0);
  });

  it('refuses a body over its size limit with 413, forwarding nothing', async () => {
    const {s, model} = await anthropicViaProxy([{text: 'never'}], {maxBodyBytes: 2000});
    const error = errorOf(await collect(model.stream({...REQUEST, system: 'x'.repeat(5000)})))!;
    expect(error.code).to.equal(ErrorCodes.PROVIDER_HTTP);
    expect(error.details).to.include({status: 413, type: 'request_too_large'});
    expect(await s.requests()).to.have.length(0);
  });

  it('reports an unreachable upstream as 502, retried, then PROVIDER_HTTP', async () => {
    const url = await proxy({anthropic: {apiKey: PROXY_KEY, baseUrl: 'http://127.0.0.1:9'}});
    const retries: RetryInfo[] = [];
    const error = errorOf(await collect(createProvider({provider: 'anthropic', endpoint: url, retryBaseDelayMs: 1, onRetry: (r) => retries.push(r)}).stream(REQUEST)))!;
    expect(error.details).to.include({status: 502, type: 'upstream_unreachable'});
    expect(error.message).not.to.contain(PROXY_KEY);
    expect(retries).to.have.length(2);
  });
});
