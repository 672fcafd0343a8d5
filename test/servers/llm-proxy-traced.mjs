/**
 * A factory of key proxies with their telemetry on, for the browser's tracing tests: like
 * `llm-proxy`, but each proxy has a Node SDK tracer provider exporting its spans to the OTLP
 * receiver (`service.name` `autoui-proxy`), and relays `POST /v1/traces` to that receiver unless
 * the options name another collector.
 *
 *   POST /__proxies   the options of `createLlmProxy` as JSON (upstreams pointed at fake-LLM
 *                     scenarios, allowedOrigins, telemetry.relayMaxBodyBytes, ...) → 201 `{url}`
 *
 * So one question asked through such a proxy gives browser, proxy and MCP server spans in one
 * trace at the receiver.
 */
import {createServer} from 'node:http';
import {OTLPTraceExporter} from '@opentelemetry/exporter-trace-otlp-http';
import {resourceFromAttributes} from '@opentelemetry/resources';
import {SimpleSpanProcessor, TracerProvider} from '@opentelemetry/sdk-trace';
import {loadProxy} from '../support/proxy-source.mjs';

export const name = 'llm-proxy-traced';

/** Started after these, whose URLs `start` receives. */
export const needs = ['otlp-receiver'];

/**
 * Starts the factory on a free port.
 * @param {{urls?: Record<string, string>}} [options]
 */
export async function start(options = {}) {
  const receiver = options.urls?.['otlp-receiver'];
  if (!receiver) throw new Error('llm-proxy-traced needs the otlp-receiver test server.');
  const {createLlmProxy, toNodeListener} = await loadProxy();
  // One provider for every proxy of the run: its spans leave as each ends (no batch timer to wait for).
  const tracerProvider = new TracerProvider({
    resource: resourceFromAttributes({'service.name': 'autoui-proxy'}),
    spanProcessors: [new SimpleSpanProcessor({exporter: new OTLPTraceExporter({url: `${receiver}/v1/traces`})})],
  });
  const proxies = [];

  async function serveProxy(proxyOptions) {
    const telemetry = {tracesUrl: `${receiver}/v1/traces`, ...proxyOptions.telemetry, tracerProvider};
    const server = createServer(toNodeListener(createLlmProxy({...proxyOptions, telemetry})));
    await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
    proxies.push(server);
    return `http://127.0.0.1:${server.address().port}`;
  }

  const server = createServer(async (req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'content-type');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method !== 'POST' || req.url !== '/__proxies') return void res.writeHead(404).end();
    let body = '';
    for await (const chunk of req) body += chunk;
    try {
      const url = await serveProxy(JSON.parse(body || '{}'));
      res.writeHead(201, {'content-type': 'application/json'}).end(JSON.stringify({url}));
    } catch (error) {
      res.writeHead(400, {'content-type': 'application/json'}).end(JSON.stringify({error: String(error)}));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    async close() {
      const all = [...proxies, server];
      for (const s of all) s.closeAllConnections();
      await Promise.all(all.map((s) => new Promise((resolve) => s.close(resolve))));
      await tracerProvider.shutdown();
    },
  };
}
