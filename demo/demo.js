// Demo wiring (not needed by pages that use the element): reads the configuration `npm start`
// serves, points <autoui-agent> at the local servers, offers the recorded replays when no model
// key is configured, and logs the element's public DOM events.
const agent = document.getElementById('agent');
const mode = document.getElementById('mode');
const replays = document.getElementById('replays');
const events = document.getElementById('events');
const shared = document.getElementById('shared');

// Share: the canvas travels in the link's fragment (nothing is uploaded); the page that opens it
// shows the same widgets, with no question asked.
document.getElementById('share').addEventListener('click', async () => {
  try {
    const url = await agent.shareUrl();
    await navigator.clipboard?.writeText(url).catch(() => {});
    shared.textContent = `Link copied (${Math.ceil(url.length / 1000)} kB): `;
    const link = document.createElement('a');
    link.href = url;
    link.target = '_blank';
    link.textContent = 'open it in a new tab';
    shared.append(link);
  } catch (error) {
    shared.textContent = error.message;
  }
});
document.getElementById('clear').addEventListener('click', () => {
  agent.clear();
  shared.textContent = '';
});

const config = await fetch('./config.json').then((r) => (r.ok ? r.json() : null)).catch(() => null);
if (!config) {
  mode.className = 'mode error';
  mode.textContent = 'No demo configuration found: start the demo with `npm start` and open the URL it prints.';
} else {
  for (const server of config.servers) {
    const child = document.createElement('autoui-server');
    child.setAttribute('name', server.name);
    child.setAttribute('url', server.url);
    agent.append(child);
  }
  // The sign-in callback page the build ships (dist/oauth-callback.html), on this page's origin.
  agent.setAttribute('oauth-callback', '/dist/oauth-callback.html');
  if (config.mode === 'live' && config.signInServer) addSignInServer();
  agent.setAttribute('provider', config.provider);
  // MCP App views (the monitor server's) are framed from the sandbox page on its own origin.
  if (config.sandboxUrl) agent.setAttribute('sandbox-url', config.sandboxUrl);
  if (config.model) agent.setAttribute('model', config.model);
  if (config.mode === 'live') {
    agent.setAttribute('endpoint', config.endpoint);
    mode.className = 'mode live';
    mode.textContent = `Live model: ${config.label}, through the local key proxy (the key stays on the server). Ask anything about airports, weather, countries, cities, stocks or cars.`;
  } else {
    // With no key, a typed question goes to a model on this device: the browser's own where it has
    // one, else a small model the person agrees to download (where WebGPU makes it bearable).
    const onDevice = onDeviceProviders();
    if (onDevice.length) {
      agent.setAttribute('provider', onDevice.join(' '));
      if (config.localModel) agent.setAttribute('model', config.localModel);
    }
    mode.className = 'mode replay';
    mode.textContent =
      (onDevice.length
        ? `No model key: a question you type is answered on this device (${onDevice.includes('browser') ? "this browser's own model" : 'a small model, downloaded once after you agree'}); the buttons replay recorded conversations. `
        : 'Replay: no model key was found, so a local fake model replays recorded conversations. ') +
      'The MCP servers, their data and the widgets are live. Set ANTHROPIC_API_KEY, OPENAI_API_KEY or OPENAI_BASE_URL (e.g. a local Ollama) and restart `npm start` for a large model.';
    replays.hidden = false;
    for (const scenario of config.replay.scenarios) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = scenario.title;
      button.addEventListener('click', () => replay(scenario));
      replays.append(button);
    }
    // The starter questions come from the demo servers' recipes (no page code); a recipe's English
    // question is its recording's question, so a picked one plays that recording instead.
    agent.addEventListener('autoui-suggestion', (event) => {
      const scenario = config.replay.scenarios.find((s) => s.question === event.detail.question);
      if (!scenario) return;
      event.preventDefault();
      void replay(scenario);
    });
  }
}

// The sample file: fetched from this site, then attached as if the visitor had dropped it (read
// and queried in the browser). With replays, a recorded conversation then asks what is in it.
const sampleButton = document.getElementById('sample-file');
sampleButton.addEventListener('click', async () => {
  sampleButton.disabled = true;
  try {
    const blob = await fetch('./samples/penguins.csv').then((r) => {
      if (!r.ok) throw new Error(`the sample file did not load (HTTP ${r.status})`);
      return r.blob();
    });
    await agent.attach(new File([blob], 'penguins.csv', {type: 'text/csv'}));
    if (config?.mode === 'replay') await replay({file: 'penguins-file', question: 'What is in this file?'});
  } catch (error) {
    // The element has already shown a notice and sent `autoui-error` (logged below) for a refused file.
    shared.textContent = error.message;
  } finally {
    sampleButton.disabled = false;
  }
});

/** Adds the Notes server, which asks the person to sign in (once). */
function addSignInServer() {
  if (!config.signInServer || agent.querySelector(`autoui-server[name="${config.signInServer.name}"]`)) return;
  const child = document.createElement('autoui-server');
  child.setAttribute('name', config.signInServer.name);
  child.setAttribute('url', config.signInServer.url);
  agent.append(child);
}

/** Starts one recorded scenario on the fake model, then asks its question. */
async function replay(scenario) {
  if (scenario.signIn) addSignInServer();
  const response = await fetch(`${config.replay.url}/__scenarios`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({file: scenario.file}),
  });
  const {base} = await response.json();
  // A replay speaks to the fake model; typed questions go back to the device's model afterwards.
  const typed = {provider: agent.getAttribute('provider'), model: agent.getAttribute('model')};
  agent.setAttribute('provider', config.provider);
  if (config.model) agent.setAttribute('model', config.model);
  else agent.removeAttribute('model');
  agent.setAttribute('endpoint', config.provider === 'openai' ? `${base}/v1` : base);
  for (const b of replays.querySelectorAll('button')) b.disabled = true;
  try {
    await agent.ask(scenario.question);
  } finally {
    agent.setAttribute('provider', typed.provider);
    if (typed.model) agent.setAttribute('model', typed.model);
    for (const b of replays.querySelectorAll('button')) b.disabled = false;
  }
}

/** The models of this device that can answer, in order: the browser's own, then a local one where WebGPU is. */
function onDeviceProviders() {
  const providers = [];
  if ('LanguageModel' in globalThis) providers.push('browser');
  if (config.localModel && 'gpu' in navigator) providers.push('local');
  return providers;
}

const summary = {
  'autoui-text': (d) => JSON.stringify(d.delta),
  'autoui-tool-approval': (d) => `${d.name} waits for the person (${d.title})`,
  'autoui-tool-call': (d) => `${d.name} ${d.error ? '✗' : '✓'} ${d.elapsed} ms`,
  'autoui-widget-created': (d) => `${d.type} ${d.id}`,
  'autoui-widget-create': (d) => d.type,
  'autoui-widget-updated': (d) => d.id,
  'autoui-widget-removed': (d) => d.id,
  'autoui-run-start': (d) => d.question,
  'autoui-run-end': (d) => `${d.result.stopReason}, ${d.result.iterations} turns, ${d.result.usage.inputTokens}+${d.result.usage.outputTokens} tokens`,
  'autoui-message': (d) => d.text.slice(0, 80),
  'autoui-error': (d) => `${d.code}: ${d.message}`,
  'autoui-server-ready': (d) => `${d.name} (${d.tools.length} tools, MCP ${d.protocol})`,
  'autoui-sign-in': (d) => `${d.server} asks to sign in at ${new URL(d.issuer ?? d.url).host}`,
  'autoui-elicitation': (d) => `${d.server} asks: ${d.message.slice(0, 60)}`,
  'autoui-server-error': (d) => `${d.name} ${d.code}`,
  'autoui-file-attached': (d) => `${d.name}: ${d.rows} rows, ${d.columns} columns`,
  'autoui-file-removed': (d) => d.name,
  'autoui-suggestion': (d) => `${d.question} (${d.source === 'recipe' ? `recipe ${d.recipe} of ${d.server}` : 'the page'})`,
  'autoui-restored': (d) => `${d.source}: ${d.widgets.length} widgets${d.dropped.length ? `, ${d.dropped.length} left out` : ''}`,
};
for (const [name, describe] of Object.entries(summary)) {
  agent.addEventListener(name, (event) => {
    if (name === 'autoui-text') return; // too chatty for the log; the transcript shows it
    const item = document.createElement('li');
    item.textContent = `${name.replace('autoui-', '')}: ${describe(event.detail)}`;
    events.append(item);
    events.scrollTop = events.scrollHeight;
  });
}
