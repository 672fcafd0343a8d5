/**
 * A test MCP server with an MCP App view written to be driven by tests: `probe` shows
 * `ui://probe/view.html`, a plain-JavaScript view that speaks MCP Apps by hand (no SDK), records
 * every message it receives (`window.probeLog`), and gives tests `window.rpc(method, params)` and
 * `window.notify(method, params)` to send what an app, well-behaved or not, would send. Tools of
 * each visibility: `probe_count` (apps only, read-only), `probe_write` (apps only, writes: asks
 * approval), `probe_secret` (model only). `client_capabilities` says what the client announced. `probe_odd` shows the same view behind a
 * vertical tab and a line separator, declaring no CSP.
 * `probe({note: 'fail'})` fails (an `isError` result); `probe({note: 'slow'})` takes 8 s, to be stopped.
 * "Act" sends what a test put in `window.onAct`, as a click in the view would. On
 * `ui/resource-teardown` the view tries one more `tools/call` and `ui/update-model-context`, then
 * logs `teardown: <reason> (call ran|refused, context ran|refused)` through `notifications/message`
 * and answers; on `tool-cancelled` it logs `cancelled: <reason>`.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {startMcpHttpHost} from '../../demo/servers/lib/mcp-http-host.mjs';

export const name = 'app-probe';

const VIEW = 'ui://probe/view.html';
const ODD_VIEW = 'ui://probe/odd.html';
const MIME = 'text/html;profile=mcp-app';

const html = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Probe view</title>
<style>body { font: 14px sans-serif; margin: 8px; } #filler { height: 10px; }</style></head>
<body><h1>Probe view</h1><button id="act" type="button">Act</button><pre id="log"></pre><div id="filler"></div>
<script>
  window.probeLog = [];
  let next = 1;
  const pending = new Map();
  const send = (message) => window.parent.postMessage(message, '*');
  window.rpc = (method, params = {}) => new Promise((resolve) => {
    const id = 'probe-' + next++;
    pending.set(id, resolve);
    send({jsonrpc: '2.0', id, method, params});
  });
  window.notify = (method, params = {}) => send({jsonrpc: '2.0', method, params});
  // What a click on "Act" sends (a test sets it, then clicks: the request comes with the person's activation).
  window.onAct = undefined;
  document.addEventListener('click', (event) => {
    if (event.target.id === 'act' && window.onAct) window.actResult = window.onAct();
  });
  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || message.jsonrpc !== '2.0') return;
    if (message.id !== undefined && !message.method) {
      pending.get(message.id)?.(message);
      pending.delete(message.id);
      return;
    }
    window.probeLog.push(message);
    document.getElementById('log').textContent += message.method + '\\n';
    if (message.method === 'ui/resource-teardown') {
      // A view that is going saves what it must (a call), tries to tell the model once more, then answers.
      Promise.all([
        window.rpc('tools/call', {name: 'probe_count', arguments: {}}),
        window.rpc('ui/update-model-context', {content: [{type: 'text', text: 'from a closing view'}]}),
      ]).then(([call, context]) => {
        const said = (answer) => (answer.error ? 'refused' : 'ran');
        window.notify('notifications/message', {level: 'info', data: 'teardown: ' + message.params.reason + ' (call ' + said(call) + ', context ' + said(context) + ')'});
        send({jsonrpc: '2.0', id: message.id, result: {}});
      });
    } else if (message.method === 'ui/notifications/tool-cancelled') {
      window.notify('notifications/message', {level: 'info', data: 'cancelled: ' + message.params.reason});
    } else if (message.method === 'ping') send({jsonrpc: '2.0', id: message.id, result: {}});
  });
  window.ready = (async () => {
    const answer = await window.rpc('ui/initialize', {appCapabilities: {availableDisplayModes: ['inline', 'fullscreen']}, appInfo: {name: 'probe', version: '1.0.0'}, protocolVersion: '2026-01-26'});
    window.hostInit = answer.result;
    window.notify('ui/notifications/initialized', {});
    return answer.result;
  })();
</script></body></html>`;

function createProbeServer(origin) {
  const server = new McpServer({name: 'Probe', version: '1.0.0'});
  server.registerTool(
    'probe',
    {description: 'Shows the probe view.', inputSchema: {note: z.string().optional()}, annotations: {readOnlyHint: true}, _meta: {ui: {resourceUri: VIEW}}},
    async ({note}, {signal}) => {
      if (note === 'fail') throw new Error('probe failed on purpose');
      if (note === 'slow') await new Promise((resolve) => (setTimeout(resolve, 8000).unref(), signal.addEventListener('abort', resolve)));
      return {content: [{type: 'text', text: `probe ran: ${note ?? ''}`}], structuredContent: {note: note ?? '', ran: true}};
    },
  );
  let count = 0;
  server.registerTool('probe_count', {description: 'Counts (apps only).', annotations: {readOnlyHint: true}, _meta: {ui: {visibility: ['app']}}}, async () => ({
    content: [{type: 'text', text: String(++count)}],
  }));
  server.registerTool('probe_write', {description: 'Writes (apps only).', inputSchema: {value: z.string()}, _meta: {ui: {visibility: ['app']}}}, async ({value}) => ({
    content: [{type: 'text', text: `wrote ${value}`}],
  }));
  server.registerTool('probe_secret', {description: 'For the model only.', annotations: {readOnlyHint: true}, _meta: {ui: {visibility: ['model']}}}, async () => ({
    content: [{type: 'text', text: 'the secret'}],
  }));
  server.registerTool('client_capabilities', {description: 'What the client announced.', annotations: {readOnlyHint: true}}, async () => ({
    content: [{type: 'text', text: JSON.stringify(server.server.getClientCapabilities() ?? {})}],
  }));
  server.registerResource('probe view', VIEW, {mimeType: MIME}, async () => ({
    contents: [{uri: VIEW, mimeType: MIME, text: html, _meta: {ui: {csp: {connectDomains: [origin]}, prefersBorder: true}}}],
  }));
  // The same view behind characters JavaScript counts as blank and HTML does not (a vertical tab,
  // a line separator): a sandbox that looked for the view's doctype past them put its policy in the body.
  server.registerTool('probe_odd', {description: 'Shows the probe view, oddly prefixed.', annotations: {readOnlyHint: true}, _meta: {ui: {resourceUri: ODD_VIEW}}}, async () => ({
    content: [{type: 'text', text: 'odd probe ran'}],
  }));
  server.registerResource('odd probe view', ODD_VIEW, {mimeType: MIME}, async () => ({
    contents: [{uri: ODD_VIEW, mimeType: MIME, text: `\u000b\u2028${html}`}],
  }));
  return server;
}

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export async function start() {
  let origin = '';
  const host = await startMcpHttpHost({
    // A server from before 2026-07-28 (the v1 SDK): the 2025 lifecycle only.
    protocols: '2025',
    createServer: () => createProbeServer(origin),
  });
  origin = new URL(host.url).origin;
  return {url: host.url, close: host.close};
}
