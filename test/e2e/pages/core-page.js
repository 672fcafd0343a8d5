// Loads the bundle named by ?build= (es or iife) and runs one agent loop with a scripted model,
// through the bundle's own exports. Publishes the outcome on window.__result for the e2e case.
const build = new URL(location.href).searchParams.get('build');
let api;
if (build === 'iife') {
  await new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = '/dist/autoui-agent.iife.js';
    s.onload = resolve;
    s.onerror = reject;
    document.head.append(s);
  });
  api = window.AutouiAgent;
} else {
  // The ES build: the element from the main entry, the core's API from `autoui-agent/core`.
  await import('/dist/autoui-agent.js');
  api = await import('/dist/core.js');
}

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
  async callTool() {
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
