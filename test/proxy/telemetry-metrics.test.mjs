/**
 * The proxy's usage as OpenTelemetry metrics, with the real Node SDK's MeterProvider as a site
 * would plug it in (`telemetry.meterProvider`): a request's tokens show in the exported
 * `gen_ai.client.token.usage`, forwarded requests and refusals are counted with their reason, and
 * the visitor is a keyed hash: never its address or its token's subject.
 */
import assert from 'node:assert/strict';
import {after, describe, it} from 'node:test';
import {AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader} from '@opentelemetry/sdk-metrics';
import {freshMinute, KEY, messagesBody, post, proxyModule, scenario, serveProxy} from './proxy-harness.mjs';

const PAGE = {origin: 'http://localhost:5173'};

/** A MeterProvider exporting to memory on demand (the interval is never reached in a test). */
function sdkMeters() {
  const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const provider = new MeterProvider({readers: [new PeriodicExportingMetricReader({exporter, exportIntervalMillis: 3_600_000})]});
  after(() => provider.shutdown());
  /** The exported data points as `{name, attributes, value, count?}`, once `ready(points)` holds (the visitor's hash is computed asynchronously). */
  const points = async (ready = () => true) => {
    for (let attempt = 0; ; attempt++) {
      await provider.forceFlush();
      const last = exporter.getMetrics().at(-1);
      const all = (last?.scopeMetrics ?? []).flatMap((sm) =>
        sm.metrics.flatMap((m) => m.dataPoints.map((p) => ({name: m.descriptor.name, attributes: p.attributes, ...(typeof p.value === 'number' ? {value: p.value} : {value: p.value.sum, count: p.value.count})}))),
      );
      if (ready(all) || attempt === 50) return all;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return {provider, points};
}

describe('proxy metrics', () => {
  it('exports a request\'s input and output tokens as gen_ai.client.token.usage, and counts the request', async () => {
    const {provider, points} = sdkMeters();
    const s = scenario([{text: 'Counted.', usage: {input: 321, output: 45}}]);
    // The visitor's address as a trusted front would pass it, so the test can look for it.
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, clientAddressHeader: 'x-client-address', telemetry: {meterProvider: provider}});
    const answer = await post(`${proxy.url}/v1/messages`, messagesBody({model: 'claude-test'}), {...PAGE, 'x-client-address': '203.0.113.77'});
    await answer.text();
    const all = await points((p) => p.some((x) => x.name === 'autoui.proxy.requests'));
    const tokens = all.filter((p) => p.name === 'gen_ai.client.token.usage');
    const byType = Object.fromEntries(tokens.map((p) => [p.attributes['gen_ai.token.type'], p]));
    assert.equal(byType.input.value, 321);
    assert.equal(byType.output.value, 45);
    assert.equal(byType.input.count, 1);
    for (const p of tokens) {
      assert.equal(p.attributes['gen_ai.request.model'], 'claude-test');
      assert.equal(p.attributes['gen_ai.provider.name'], 'anthropic');
      assert.equal(p.attributes['gen_ai.operation.name'], 'chat');
      assert.match(String(p.attributes['autoui.proxy.visitor']), /^[0-9a-f]{16}$/);
    }
    const [requests] = all.filter((p) => p.name === 'autoui.proxy.requests');
    assert.equal(requests.value, 1);
    assert.equal(requests.attributes['http.response.status_code'], 200);
    assert.equal(all.filter((p) => p.name === 'gen_ai.client.operation.duration')[0]?.count, 1);
    // The visitor is a hash: its address is nowhere in the metrics.
    assert.ok(!JSON.stringify(all).includes('203.0.113.77'));
  });

  it('counts refusals by reason: a model not allowed, the per-minute limit, a foreign page', async () => {
    await freshMinute();
    const {provider, points} = sdkMeters();
    const s = scenario([{text: 'one'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base, models: ['claude-test']}, allowedOrigins: [PAGE.origin], limits: {requestsPerMinute: 1}, telemetry: {meterProvider: provider}});
    assert.equal((await post(`${proxy.url}/v1/messages`, messagesBody({model: 'claude-other'}), PAGE)).status, 400);
    const first = await post(`${proxy.url}/v1/messages`, messagesBody(), PAGE);
    await first.text();
    assert.equal((await post(`${proxy.url}/v1/messages`, messagesBody(), PAGE)).status, 429);
    assert.equal((await post(`${proxy.url}/v1/messages`, messagesBody(), {origin: 'https://evil.example'})).status, 403);
    const reasons = (all) => Object.fromEntries(all.filter((p) => p.name === 'autoui.proxy.refusals').map((p) => [p.attributes['error.type'], p.value]));
    const counted = reasons(await points((all) => Object.keys(reasons(all)).length >= 3));
    assert.deepEqual(counted, {model_not_allowed: 1, requests_per_minute: 1, origin_not_allowed: 1});
  });

  it('leaves the visitor out with metricsVisitor none, and hashes a token\'s subject the same on two instances sharing a key', async () => {
    const secret = 'visitor-secret-of-the-site-0123456789abcdef';
    const subject = 'user-7f3a9c';
    const token = await proxyModule.createVisitorToken({secret, subject, audience: 'https://shop.example'});
    const hashes = [];
    for (const telemetry of [{metricsVisitorKey: 'shared-key'}, {metricsVisitorKey: 'shared-key'}, {metricsVisitor: 'none'}]) {
      const {provider, points} = sdkMeters();
      const s = scenario([{text: 'hi', usage: {input: 5, output: 1}}]);
      const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, visitorTokens: {secret, audience: 'https://shop.example'}, telemetry: {...telemetry, meterProvider: provider}});
      await (await post(`${proxy.url}/v1/messages`, messagesBody(), {...PAGE, 'x-autoui-visitor': token})).text();
      const all = await points((p) => p.some((x) => x.name === 'autoui.proxy.requests'));
      assert.ok(!JSON.stringify(all).includes(subject));
      hashes.push(all.find((p) => p.name === 'autoui.proxy.requests').attributes['autoui.proxy.visitor']);
    }
    assert.match(hashes[0], /^[0-9a-f]{16}$/);
    assert.equal(hashes[1], hashes[0]);
    assert.equal(hashes[2], undefined);
  });
});
