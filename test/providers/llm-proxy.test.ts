/**
 * The key proxy (the shipped `src/proxy/`, served by test/servers/llm-proxy.mjs) between the real
 * providers and the fake LLM server: keys added server-side, browser keys stripped, streams passed
 * through as they come, origins, missing keys and oversized bodies refused with clear errors; and
 * what the providers make of the proxy's own refusals: usage limits as `PROXY_LIMIT`, the visitor
 * token sent in `x-autoui-visitor`, a model off the allow-list in the proxy's words.
 */
import {expect} from '@open-wc/testing';
import {SERVERS} from '@test/servers';
import type {ModelRequest} from '../../src/providers/language-model.js';
import {ErrorCodes} from '../../src/errors.js';
import {createProvider, type ProviderOptions, type RetryInfo} from '../../src/providers/index.js';
import {collect, errorOf, scenario, textOf, type FakeTurn} from './fake-llm.js';

const PROXY_KEY = 'sk-ant-proxy-7d1c0e9b8a776655';
const REQUEST: ModelRequest = {system: 'S', messages: [{role: 'user', content: 'Q'}], tools: []};

/** POSTs `body` to a route of the proxy factory and returns its JSON answer. */
async function factory<T>(route: string, body: Record<string, unknown>): Promise<T> {
  if (!SERVERS['llm-proxy']) throw new Error('the llm-proxy test server is not running (TEST_SERVERS must include llm-proxy)');
  const response = await fetch(`${SERVERS['llm-proxy']}${route}`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)});
  if (response.status !== 201) throw new Error(`${route} refused: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Starts a proxy with `options` (those of `createLlmProxy`) and returns its URL. */
async function proxy(options: Record<string, unknown>): Promise<string> {
  return (await factory<{url: string}>('/__proxies', options)).url;
}

/** A visitor token signed server-side, as the site's own server would. */
async function visitorToken(options: {secret: string; subject: string; audience: string; expiresInSeconds?: number}): Promise<string> {
  return (await factory<{token: string}>('/__visitor-tokens', options)).token;
}

/** A proxy clock (`clockAt` of the proxy factory) 30 s into a minute: a per-minute limit then names a 30 s wait. */
const HALF_MINUTE = Date.UTC(2026, 11, 7, 12, 0, 30);

const VISITORS = {secret: 'visitor-secret-0123456789abcdef0123456789abcdef', audience: 'https://site.example'};

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

describe('key proxy refusals, as the providers report them', () => {
  for (const wire of ['anthropic', 'openai'] as const) {
    /** A scenario and a proxy of `wire` in front of it; `endpoint` is what a page sets. */
    const viaProxy = async (turns: FakeTurn[], proxyOptions: Record<string, unknown>, upstream: Record<string, unknown> = {}) => {
      const s = await scenario(turns, 'proxy refusals');
      const url = await proxy({[wire]: {apiKey: PROXY_KEY, baseUrl: s.endpoint(wire), ...upstream}, ...proxyOptions});
      return {s, endpoint: wire === 'anthropic' ? url : `${url}/v1`};
    };

    it(`${wire}: a request over the proxy's limit is PROXY_LIMIT with the limit, the wait and the proxy's words; nothing goes upstream`, async () => {
      // The limit counts in the clock's minutes: the proxy's clock stands still 30 s into one, so
      // both requests fall in it and the wait it names is known, however slow the machine.
      const {s, endpoint} = await viaProxy([{text: 'first'}, {text: 'never'}], {limits: {requestsPerMinute: 1}, clockAt: HALF_MINUTE});
      const model = createProvider({provider: wire, endpoint, maxRetries: 0});
      expect(textOf(await collect(model.stream(REQUEST)))).to.equal('first');
      const error = errorOf(await collect(model.stream(REQUEST)))!;
      expect(error.code).to.equal(ErrorCodes.PROXY_LIMIT);
      expect(error.details).to.include({status: 429, type: 'proxy_limit', limit: 'requests_per_minute', retryAfterSeconds: 30});
      expect(error.message).to.equal('Too many requests this minute. Try again in 30 s.');
      expect(await s.requests()).to.have.length(1);
    });

    it(`${wire}: sends the visitor token in x-autoui-visitor, read again for each request; the upstream never sees it`, async () => {
      const {s, endpoint} = await viaProxy([{text: 'one'}, {text: 'two'}], {visitorTokens: VISITORS});
      const tokens = [await visitorToken({...VISITORS, subject: 'visitor-1'}), await visitorToken({...VISITORS, subject: 'visitor-2'})];
      const seen: string[] = [];
      const model = createProvider({
        provider: wire,
        endpoint,
        visitorToken: () => {
          const token = tokens[seen.length];
          seen.push(token);
          return token;
        },
      });
      expect(textOf(await collect(model.stream(REQUEST)))).to.equal('one');
      expect(textOf(await collect(model.stream(REQUEST)))).to.equal('two');
      expect(seen, 'one read per request').to.deep.equal(tokens);
      const upstream = JSON.stringify(await s.requests());
      for (const token of tokens) expect(upstream).not.to.contain(token);
    });

    it(`${wire}: without a visitor token, a clear PROVIDER_HTTP 401 naming it, not retried, with no key hint`, async () => {
      const {s, endpoint} = await viaProxy([{text: 'never'}], {visitorTokens: VISITORS});
      const retries: RetryInfo[] = [];
      const error = errorOf(await collect(createProvider({provider: wire, endpoint, onRetry: (r) => retries.push(r)}).stream(REQUEST)))!;
      expect(error.code).to.equal(ErrorCodes.PROVIDER_HTTP);
      expect(error.details).to.include({status: 401, type: 'visitor_token_missing'});
      expect(error.message).to.contain('needs a visitor token');
      expect(error.message).not.to.contain('api-key');
      expect(error.message).not.to.match(/\.\.$/);
      expect(retries).to.deep.equal([]);
      expect(await s.requests()).to.have.length(0);
    });

    it(`${wire}: a token the proxy refuses is told by its type, and never quoted`, async () => {
      const {endpoint} = await viaProxy([{text: 'never'}], {visitorTokens: VISITORS});
      const forged = await visitorToken({...VISITORS, secret: 'another-secret-0123456789abcdef0123456789', subject: 'visitor-1'});
      const expired = await visitorToken({...VISITORS, subject: 'visitor-1', expiresInSeconds: -120});
      for (const [token, type] of [[forged, 'visitor_token_invalid'], [expired, 'visitor_token_expired']]) {
        const error = errorOf(await collect(createProvider({provider: wire, endpoint, visitorToken: token}).stream(REQUEST)))!;
        expect(error.details).to.include({status: 401, type});
        expect(error.message).not.to.contain(token);
        expect(error.message).not.to.contain(token.split('.')[2]);
      }
    });

    it(`${wire}: a model off the proxy's allow-list is PROVIDER_HTTP 400 in the proxy's words`, async () => {
      const {s, endpoint} = await viaProxy([{text: 'never'}], {}, {models: ['allowed-model']});
      const error = errorOf(await collect(createProvider({provider: wire, endpoint, model: 'other-model'}).stream(REQUEST)))!;
      expect(error.code).to.equal(ErrorCodes.PROVIDER_HTTP);
      expect(error.details).to.include({status: 400, type: 'model_not_allowed'});
      expect(error.message).to.contain('This proxy does not serve the model "other-model". Allowed: allowed-model.');
      expect(await s.requests()).to.have.length(0);
    });
  }

  it('a short wait (a stream slot, 5 s) is waited for and retried, as the proxy says with x-should-retry', async () => {
    const s = await scenario([{text: 'held open', fault: {stall: true}}, {text: 'second'}]);
    const url = await proxy({anthropic: {apiKey: PROXY_KEY, baseUrl: s.base}, limits: {concurrentStreams: 1}});
    const first = new AbortController();
    const held = createProvider({provider: 'anthropic', endpoint: url}).stream(REQUEST, {signal: first.signal})[Symbol.asyncIterator]();
    await held.next();
    const retries: RetryInfo[] = [];
    let retried = () => {};
    const refused = new Promise<void>((resolve) => (retried = resolve));
    const second = new AbortController();
    const onRetry = (r: RetryInfo) => (retries.push(r), retried());
    const waiting = collect(createProvider({provider: 'anthropic', endpoint: url, onRetry}).stream(REQUEST, {signal: second.signal}));
    // Waits for the retry however long a busy machine takes to get there (the test's timeout catches a hang).
    await refused;
    expect(retries[0]).to.deep.equal({attempt: 1, delayMs: 5000, status: 429});
    second.abort();
    first.abort();
    expect(errorOf(await waiting), 'a stop while waiting ends quietly').to.equal(undefined);
  });
});

describe('the visitor token and proxy refusals, without a network', () => {
  /** A provider whose fetch records the request headers and answers `response`. */
  const stubbed = (response: () => Response, visitorToken?: string) => {
    const sent: Headers[] = [];
    const model = createProvider({
      provider: 'anthropic',
      endpoint: 'https://proxy.example',
      maxRetries: 0,
      visitorToken,
      fetch: async (_url, init) => {
        sent.push(new Headers(init?.headers));
        return response();
      },
    });
    return {model, sent};
  };

  it('sends a token trimmed, none when it is blank, and refuses one a header cannot carry without quoting it', async () => {
    const ok = () => new Response(JSON.stringify({content: [{type: 'text', text: 'ok'}], stop_reason: 'end_turn'}), {headers: {'content-type': 'application/json'}});
    const padded = stubbed(ok, '  header.payload.signature\n');
    await collect(padded.model.stream(REQUEST));
    expect(padded.sent[0].get('x-autoui-visitor')).to.equal('header.payload.signature');

    const blank = stubbed(ok, '   ');
    await collect(blank.model.stream(REQUEST));
    expect(blank.sent[0].has('x-autoui-visitor')).to.equal(false);

    const broken = stubbed(ok, 'header.pay load.signature');
    const error = errorOf(await collect(broken.model.stream(REQUEST)))!;
    expect(error.code).to.equal(ErrorCodes.INVALID_ARGUMENT);
    expect(error.message).not.to.contain('pay load');
    expect(broken.sent, 'no request was made').to.have.length(0);
  });

  it('a proxy_limit answer without a message still says which limit and how long to wait (from retry-after)', async () => {
    const {model} = stubbed(() => new Response(JSON.stringify({type: 'error', error: {type: 'proxy_limit', limit: 'tokens_per_day'}}), {status: 429, headers: {'content-type': 'application/json', 'retry-after': '42'}}));
    const error = errorOf(await collect(model.stream(REQUEST)))!;
    expect(error.code).to.equal(ErrorCodes.PROXY_LIMIT);
    expect(error.details).to.deep.equal({status: 429, type: 'proxy_limit', limit: 'tokens_per_day', retryAfterSeconds: 42});
    expect(error.message).to.equal('The key proxy refused the request: a usage limit (tokens_per_day) is reached. Try again in 42 s.');
  });

  it('never quotes the visitor token, even when an error body echoes it', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ2In0.c2lnbmF0dXJl';
    const {model} = stubbed(() => new Response(JSON.stringify({error: {type: 'bad', message: `refused ${token}`}}), {status: 400}), token);
    const error = errorOf(await collect(model.stream(REQUEST)))!;
    expect(error.message).to.contain('refused [redacted]');
    expect(error.message).not.to.contain(token);
  });
});
