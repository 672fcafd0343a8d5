/**
 * Which pages may spend the key: with allowed origins configured only they pass; without, only
 * the proxy's configured public origin and localhost pages do. The request's Host header decides
 * nothing, so a DNS-rebinding page (its own name resolved to the proxy's address, sending
 * matching Origin and Host) is refused.
 */
import assert from 'node:assert/strict';
import {request as httpRequest} from 'node:http';
import {describe, it} from 'node:test';
import {fakeLlm, KEY, messagesBody, proxyModule, scenario, serveProxy} from './proxy-harness.mjs';

/** POSTs a model request with the given headers, Host included (fetch may not set Host). */
function postAs(url, headers) {
  const body = JSON.stringify(messagesBody());
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}/v1/messages`, {method: 'POST', headers: {'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers}}, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({status: res.statusCode, headers: res.headers, text}));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('origins', () => {
  it('refuses a DNS-rebinding page whose Origin and Host agree, forwarding nothing', async () => {
    const s = scenario([{text: 'never'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}});
    const port = new URL(proxy.url).port;
    // The attacker's page is http://rebind.attacker.example:PORT, whose name now resolves to 127.0.0.1.
    const rebound = await postAs(proxy.url, {origin: `http://rebind.attacker.example:${port}`, host: `rebind.attacker.example:${port}`});
    assert.equal(rebound.status, 403);
    assert.equal(JSON.parse(rebound.text).error.type, 'origin_not_allowed');
    assert.ok(!rebound.text.includes(KEY));
    assert.equal(fakeLlm.requests(s.id).length, 0);
  });

  it('judges same-origin pages against the configured public origin, never the Host header', async () => {
    const s = scenario([{text: 'first'}, {text: 'second'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, publicOrigin: 'https://shop.example/any/path'});
    // Behind a front the Host may be anything: the page on the public origin still passes.
    const own = await postAs(proxy.url, {origin: 'https://shop.example', host: 'internal-proxy:8787'});
    assert.equal(own.status, 200, own.text);
    // A page whose origin matches the Host it sent, but not the public origin, is refused.
    const other = await postAs(proxy.url, {origin: 'https://evil.example', host: 'evil.example'});
    assert.equal(other.status, 403);
    // Localhost pages pass by default, for development.
    const local = await postAs(proxy.url, {origin: 'http://localhost:5173'});
    assert.equal(local.status, 200, local.text);
    assert.equal(fakeLlm.requests(s.id).length, 2);
  });

  it('with allowed origins configured, lets only them through: not a same-host page, not localhost', async () => {
    const s = scenario([{text: 'listed'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, allowedOrigins: ['https://app.example']});
    const port = new URL(proxy.url).port;
    for (const [origin, host] of [[`http://127.0.0.1:${port}`, `127.0.0.1:${port}`], ['http://localhost:3000', undefined], ['https://proxy.example', 'proxy.example']]) {
      const refused = await postAs(proxy.url, {origin, ...(host ? {host} : {})});
      assert.equal(refused.status, 403, origin);
    }
    const listed = await postAs(proxy.url, {origin: 'https://app.example'});
    assert.equal(listed.status, 200, listed.text);
    assert.equal(fakeLlm.requests(s.id).length, 1);
  });

  it('reads the public origin from PROXY_PUBLIC_ORIGIN and refuses a malformed one at start', () => {
    assert.equal(proxyModule.proxyOptionsFromEnv({PROXY_PUBLIC_ORIGIN: 'https://shop.example/'}).publicOrigin, 'https://shop.example');
    assert.throws(() => proxyModule.proxyOptionsFromEnv({PROXY_PUBLIC_ORIGIN: 'shop.example'}), /PROXY_PUBLIC_ORIGIN|public origin/);
    assert.throws(() => proxyModule.createLlmProxy({publicOrigin: 'ftp://shop.example'}), /public origin/);
  });
});
