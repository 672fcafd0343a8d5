/**
 * Errors name the hop that failed: a request to the page's own endpoint (a relative URL such as
 * `/llm`, or the page's origin) that finds no key proxy there says so, naming that endpoint, instead
 * of blaming the provider; an endpoint elsewhere (the provider's API, or a server speaking its wire,
 * here the fake LLM server) keeps the provider's name.
 */
import {expect} from '@open-wc/testing';
import {ErrorCodes} from '../../src/errors.js';
import {createProvider} from '../../src/providers/index.js';
import {hopLabel, pageEndpointPath} from '../../src/providers/http/endpoint-hop.js';
import {collect, errorOf, scenario, type Wire} from './fake-llm.js';
import {REQUEST} from './provider-setup.js';

const WIRES: Array<{wire: Wire; suffix: string; label: string}> = [
  {wire: 'anthropic', suffix: '', label: 'The Anthropic API'},
  {wire: 'openai', suffix: '/v1', label: 'The chat completions API'},
];

describe('errors name the hop that failed', () => {
  for (const {wire, suffix, label} of WIRES) {
    it(`${wire}: the page's own /llm with no key proxy mounted is a 404 of that endpoint, asking whether the proxy is there`, async () => {
      // The test page's own server has nothing at /llm: the newcomer's page copied without its proxy.
      const error = errorOf(await collect(createProvider({provider: wire, endpoint: `/llm${suffix}`, maxRetries: 0}).stream(REQUEST)))!;
      expect(error.code).to.equal(ErrorCodes.PROVIDER_HTTP);
      expect(error.details).to.include({status: 404, path: `/llm${suffix}${wire === 'anthropic' ? '/v1/messages' : '/chat/completions'}`});
      expect(error.message).to.match(new RegExp(`^The endpoint /llm${suffix} answered HTTP 404: is the key proxy mounted there\\?`));
      expect(error.message).not.to.contain(label);
    });

    it(`${wire}: the page's origin written out in full is its own endpoint too`, async () => {
      const error = errorOf(await collect(createProvider({provider: wire, endpoint: `${location.origin}/llm${suffix}/`, maxRetries: 0}).stream(REQUEST)))!;
      expect(error.message).to.match(new RegExp(`^The endpoint /llm${suffix} answered HTTP 404: is the key proxy mounted there\\?`));
    });

    it(`${wire}: an endpoint elsewhere (the fake LLM server) that answers 404 keeps the provider's name and asks nothing of a proxy`, async () => {
      const s = await scenario([{fault: {status: 404, errorType: 'not_found_error', message: 'model: claude-nope'}}], 'hop elsewhere');
      const error = errorOf(await collect(createProvider({provider: wire, endpoint: s.endpoint(wire), maxRetries: 0}).stream(REQUEST)))!;
      expect(error.code).to.equal(ErrorCodes.PROVIDER_HTTP);
      expect(error.message).to.match(new RegExp(`^${label} answered HTTP 404`));
      expect(error.message).to.contain('model: claude-nope');
      expect(error.message).not.to.contain('key proxy');
      expect(error.details).not.to.have.property('path');
    });
  }

  it('a key refused behind the page’s own endpoint names it, keeping the key hint (and the status before any colon, as the canvas reads it)', async () => {
    const model = createProvider({
      provider: 'anthropic',
      endpoint: '/llm',
      maxRetries: 0,
      fetch: async () => new Response(JSON.stringify({type: 'error', error: {type: 'authentication_error', message: 'invalid x-api-key'}}), {status: 401}),
    });
    const error = errorOf(await collect(model.stream(REQUEST)))!;
    expect(error.message).to.equal('The endpoint /llm answered HTTP 401 (authentication_error): invalid x-api-key. Check the key held by the proxy (or the api-key attribute).');
  });

  it('a stream gone silent on the page’s own endpoint names it', async () => {
    const model = createProvider({
      provider: 'anthropic',
      endpoint: '/llm',
      idleTimeoutMs: 1,
      fetch: (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    });
    expect(errorOf(await collect(model.stream(REQUEST)))!.message).to.equal('The endpoint /llm sent nothing for 0 s; the turn was abandoned.');
  });

  it('tells the page’s own endpoints from others by origin', () => {
    const page = 'https://site.example/app/index.html';
    expect(pageEndpointPath('/llm', page)).to.equal('/llm');
    expect(pageEndpointPath('llm/', page), 'relative to the page').to.equal('/app/llm');
    expect(pageEndpointPath('https://site.example/proxy/v1', page)).to.equal('/proxy/v1');
    expect(pageEndpointPath('https://site.example', page)).to.equal('/');
    for (const elsewhere of ['https://api.anthropic.com', 'https://site.example:8443/llm', 'http://site.example/llm', 'https://llm.site.example/']) {
      expect(pageEndpointPath(elsewhere, page), elsewhere).to.equal(undefined);
    }
    expect(pageEndpointPath('/llm', 'file:///home/me/page.html'), 'a file: page has no server').to.equal(undefined);
    expect(pageEndpointPath('http://localhost:5173/llm', 'http://localhost:5173/'), 'a dev server').to.equal('/llm');
    expect(pageEndpointPath('/llm', null), 'no page (Node)').to.equal(undefined);
    expect(hopLabel('/llm', 'The Anthropic API', page)).to.equal('The endpoint /llm');
    expect(hopLabel('https://api.anthropic.com', 'The Anthropic API', page)).to.equal('The Anthropic API');
  });
});
