/**
 * A test MCP server whose MCP App view floods its host with calls that need approval, as a
 * polling view does (the system monitor polls every two seconds): `flood({burst, every})` shows
 * `ui://flood/view.html`, which on its call's input fires `burst` calls of `flood_poll` at once
 * and one of `flood_mark`, then polls `flood_poll` every `every` ms. Both tools are for apps only
 * and are not marked read-only, so under the default policy each call needs the person's yes.
 * The view reports through `notifications/message` (the host's console): `burst: sent=… ran=…
 * refused=… denied=… other=…` whenever the burst's tally changes (debounced), `mark: <outcome>`,
 * and `poll: <outcome>` for each later poll. An outcome is `ran`, `refused` (the host would not
 * queue it), `denied` (the person said no) or the error's message.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {startMcpHttpHost} from '../../demo/servers/lib/mcp-http-host.mjs';

export const name = 'mcp-app-flood';

const VIEW = 'ui://flood/view.html';
const MIME = 'text/html;profile=mcp-app';

const html = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Flood view</title></head>
<body><h1>Flood view</h1>
<script>
  let next = 1;
  const pending = new Map();
  const send = (message) => window.parent.postMessage(message, '*');
  const rpc = (method, params = {}) => new Promise((resolve) => {
    const id = 'flood-' + next++;
    pending.set(id, resolve);
    send({jsonrpc: '2.0', id, method, params});
  });
  const log = (data) => send({jsonrpc: '2.0', method: 'notifications/message', params: {level: 'info', data}});
  const outcome = (answer) => {
    if (answer.result && !answer.result.isError) return 'ran';
    const message = answer.error ? answer.error.message : JSON.stringify(answer.result.content);
    if (/waiting for the person's approval/.test(message)) return 'refused';
    if (/declined/.test(message)) return 'denied';
    return message;
  };
  const call = (name) => rpc('tools/call', {name, arguments: {}}).then(outcome);
  let started = false;
  function flood({burst, every}) {
    const tally = {sent: burst, ran: 0, refused: 0, denied: 0, other: 0};
    let timer;
    const report = () => log('burst: ' + Object.entries(tally).map(([k, v]) => k + '=' + v).join(' '));
    for (let i = 0; i < burst; i++) {
      call('flood_poll').then((result) => {
        tally[result in tally ? result : 'other']++;
        clearTimeout(timer);
        timer = setTimeout(report, 50);
      });
    }
    call('flood_mark').then((result) => log('mark: ' + result));
    setInterval(() => call('flood_poll').then((result) => log('poll: ' + result)), every);
  }
  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || message.jsonrpc !== '2.0') return;
    if (message.id !== undefined && !message.method) {
      pending.get(message.id)?.(message);
      pending.delete(message.id);
      return;
    }
    if (message.method === 'ui/notifications/tool-input' && !started) {
      started = true;
      flood(message.params.arguments);
    } else if (message.id !== undefined) send({jsonrpc: '2.0', id: message.id, result: {}});
  });
  rpc('ui/initialize', {appCapabilities: {}, appInfo: {name: 'flood', version: '1.0.0'}, protocolVersion: '2026-01-26'}).then(() => send({jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {}}));
</script></body></html>`;

function createFloodServer() {
  const server = new McpServer({name: 'Flood', version: '1.0.0'});
  server.registerTool(
    'flood',
    {description: 'Shows the flood view.', inputSchema: {burst: z.number().int().min(0).max(5000), every: z.number().int().min(50)}, annotations: {readOnlyHint: true}, _meta: {ui: {resourceUri: VIEW}}},
    async ({burst}) => ({content: [{type: 'text', text: `flood of ${burst} shown`}]}),
  );
  let polls = 0;
  server.registerTool('flood_poll', {description: 'A poll (apps only; not marked read-only).', _meta: {ui: {visibility: ['app']}}}, async () => ({
    content: [{type: 'text', text: String(++polls)}],
  }));
  server.registerTool('flood_mark', {description: 'Another tool (apps only; not marked read-only).', _meta: {ui: {visibility: ['app']}}}, async () => ({
    content: [{type: 'text', text: 'marked'}],
  }));
  server.registerResource('flood view', VIEW, {mimeType: MIME}, async () => ({contents: [{uri: VIEW, mimeType: MIME, text: html}]}));
  return server;
}

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export async function start() {
  // A server from before 2026-07-28 (the v1 SDK), like the probe: the 2025 lifecycle only.
  const host = await startMcpHttpHost({protocols: '2025', createServer: () => createFloodServer()});
  return {url: host.url, close: host.close};
}
