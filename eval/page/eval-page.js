// The evaluation's page: one <autoui-agent> over the Data and Atlas demo servers, configured from
// the query string (provider, endpoint, model, lang, servers as JSON [[name, url]]). The runner
// asks each question through window.__eval.ask and gets back what the run did, read only from the
// element's public events, its `widgets` property and the canvas as rendered.
await window.AutouiAgent.ready;

const params = new URL(location.href).searchParams;
const agent = document.createElement('autoui-agent');
agent.setAttribute('provider', params.get('provider') ?? 'anthropic');
if (params.get('endpoint')) agent.setAttribute('endpoint', params.get('endpoint'));
if (params.get('model')) agent.setAttribute('model', params.get('model'));
agent.setAttribute('lang', params.get('lang') ?? 'en');
document.documentElement.lang = params.get('lang') ?? 'en';
if (params.get('maxIterations')) agent.setAttribute('max-iterations', params.get('maxIterations'));
for (const [name, url] of JSON.parse(params.get('servers') ?? '[]')) {
  const server = document.createElement('autoui-server');
  server.setAttribute('name', name);
  server.setAttribute('url', url);
  agent.append(server);
}

// A model run in the browser (provider="local") asks before its download: whoever runs the
// evaluation with it has agreed, so the card is answered yes as soon as it shows.
agent.addEventListener('autoui-run-start', () => {
  const accept = setInterval(() => agent.shadowRoot?.querySelector('[part="model-download-accept"]')?.click(), 200);
  agent.addEventListener('autoui-run-end', () => clearInterval(accept), {once: true});
});

const calls = [];
const elements = new Map();
agent.addEventListener('autoui-tool-call', (e) => {
  const {name, server, tool, args, result, error, errorCode, elapsed} = e.detail;
  calls.push(JSON.parse(JSON.stringify({name, server, tool, args, result, error, errorCode, elapsed})));
});
// No question of the suite writes: a call that would (save_query, approval by default) is refused
// at once rather than left waiting for a person.
agent.addEventListener('autoui-tool-approval', (e) => {
  e.preventDefault();
  e.detail.respond('deny', 'This evaluation does not change the servers.');
});
agent.addEventListener('autoui-widget-created', (e) => elements.set(e.detail.id, e.detail.element));

const ready = new Promise((resolve) => {
  let pending = agent.querySelectorAll('autoui-server').length;
  const settle = () => --pending <= 0 && resolve();
  agent.addEventListener('autoui-server-ready', settle);
  agent.addEventListener('autoui-server-error', settle);
});
document.getElementById('main').append(agent);

/** The visible text under `node`, shadow roots included (styles and scripts left out). */
function deepText(node) {
  if (node.nodeType === Node.TEXT_NODE) return node.data;
  if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return '';
  if (node.localName === 'style' || node.localName === 'script') return '';
  const own = node.shadowRoot ? deepText(node.shadowRoot) : '';
  return own + ' ' + [...node.childNodes].map(deepText).join(' ');
}

/** Each widget on the canvas with the size and text it rendered. */
function renderedWidgets() {
  return agent.widgets.map(({id, type, params}) => {
    const element = elements.get(id);
    const box = element?.isConnected ? element.getBoundingClientRect() : {width: 0, height: 0};
    return {
      id,
      type,
      params: JSON.parse(JSON.stringify(params ?? {})),
      width: Math.round(box.width),
      height: Math.round(box.height),
      text: element?.isConnected ? deepText(element).replace(/\s+/g, ' ').trim() : '',
    };
  });
}

/**
 * Tokens the model read (cached ones included) and wrote, the same way for both wires: Anthropic
 * counts cache reads and writes apart from `input_tokens`, OpenAI counts cached tokens inside
 * `prompt_tokens`.
 */
function promptUsage(usage = {}) {
  const cached = (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0);
  const anthropic = agent.getAttribute('provider') !== 'openai';
  return {
    inputTokens: (usage.inputTokens ?? 0) + (anthropic ? cached : 0),
    outputTokens: usage.outputTokens ?? 0,
    cachedTokens: usage.cacheReadTokens ?? 0,
  };
}

window.__eval = {
  /** Presses Stop: the runner's time limit for one question is over. */
  stop() {
    agent.abort();
  },
  /** Asks `question`; resolves with the run's record (without axe and screenshot, which the runner adds). */
  async ask(question) {
    await ready;
    calls.length = 0;
    const started = performance.now();
    const result = await agent.ask(question);
    const elapsedMs = Math.round(performance.now() - started);
    // ask() resolves once the widgets are on the canvas; a frame more lets charts and maps lay out.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return {
      stopReason: result.stopReason,
      error: result.error,
      iterations: result.iterations,
      usage: promptUsage(result.usage),
      elapsedMs,
      toolCalls: [...calls],
      widgets: renderedWidgets(),
      answer: result.text ?? '',
    };
  },
};
