// Loads the bundle named by ?build= (es or iife) and runs one agent loop with a scripted model,
// through the bundle's own exports. Publishes the outcome on window.__result for the e2e case.
import {loadBundle} from './load-bundle.js';

const api = await loadBundle(new URL(location.href).searchParams.get('build'));

const turns = [
  [{type: 'tool-call', id: 't1', name: 'data_mcp_count', input: {}}, {type: 'finish', reason: 'tool-calls'}],
  [{type: 'text-delta', delta: 'There are 3.'}, {type: 'finish', reason: 'stop', usage: {inputTokens: 1, outputTokens: 1}}],
];
const requests = [];
const provider = {
  provider: 'scripted',
  modelId: 'scripted',
  async *stream(request) {
    requests.push(request.tools.map((t) => t.name));
    yield* turns[requests.length - 1];
  },
};
const layer = {
  protocol: 'mcp',
  serverName: 'Data',
  tools: [{name: 'count', description: 'Count rows', inputSchema: {type: 'object', properties: {}}}],
  async execute() {
    return {text: '3'};
  },
};
const result = await api.runAgentLoop('How many?', {provider, layers: [layer], lang: 'en'});
window.__result = {
  defined: Boolean(customElements.get('autoui-agent')),
  rendered: Boolean(document.querySelector('autoui-agent').shadowRoot?.querySelector('[part=canvas]')),
  stopReason: result.stopReason,
  text: result.text,
  firstTools: requests[0],
};
document.getElementById('out').textContent = JSON.stringify(window.__result, null, 2);
