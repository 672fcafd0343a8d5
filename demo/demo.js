// Demo wiring (not needed by pages that use the element): reads the configuration `npm start`
// serves, points <autoui-agent> at the local servers and, when no model key is configured, plays
// recorded replays for the element's starter questions and the "More demos" menu.
import {startDeveloperView} from './developer-view.js';
import {showFirstWidget, startLanguageSwitch, startMenu} from './page-controls.js';

const agent = document.getElementById('agent');
const modeText = document.getElementById('mode-text');
const connectLink = document.getElementById('connect-link');
const connectDialog = document.getElementById('connect');
const menuList = document.getElementById('more-demos-list');
const shared = document.getElementById('shared');

/**
 * Which replay each starter question plays: the starters are the demo servers' recipes' questions
 * (no page code), picked by recipe name, so a French starter plays the same recording.
 */
const STARTER_REPLAYS = {
  'seattle-weather-dashboard': 'seattle-weather',
  'airports-map': 'airports-map',
  'largest-cities-map': 'largest-cities',
  'machine-load': 'machine-load',
};

/**
 * Servers that speak only the 2025 MCP revision. Pinned, the element speaks it at once instead of
 * probing with the 2026 `server/discover`, which such a server answers with an HTTP 400 (harmless,
 * but DevTools shows it as a red error on every load). `monitor` is the published MCP Apps example.
 */
const PINNED_PROTOCOLS = {monitor: '2025-11-25'};

startDeveloperView(agent, {
  toggle: document.getElementById('developer-view'),
  panel: document.getElementById('developer'),
  log: document.getElementById('events'),
});
startLanguageSwitch(agent, document.querySelectorAll('[data-lang]'));
const menu = startMenu(document.getElementById('more-demos'), menuList);
// An answer's widgets go after the earlier ones, often out of sight: on a phone below the
// conversation, on any screen after a few answers. The canvas is scrolled to the first new one.
showFirstWidget(agent);

connectLink.addEventListener('click', (event) => {
  event.preventDefault();
  connectDialog.showModal();
});

// Share: the canvas travels in the link's fragment (nothing is uploaded); the page that opens it
// shows the same widgets, with no question asked.
document.getElementById('share').addEventListener('click', async () => {
  shared.hidden = false;
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
  shared.hidden = true;
});

const config = await fetch('./config.json').then((r) => (r.ok ? r.json() : null)).catch(() => null);
if (!config) {
  modeText.parentElement.classList.add('error');
  modeText.textContent = 'No demo configuration found: start the demo with `npm start` and open the URL it prints.';
} else {
  for (const server of config.servers) addServer(server);
  // The sign-in callback page the build ships (dist/oauth-callback.html), on this page's origin.
  agent.setAttribute('oauth-callback', '/dist/oauth-callback.html');
  agent.setAttribute('provider', config.provider);
  // MCP App views (the monitor server's) are framed from the sandbox page on its own origin.
  if (config.sandboxUrl) agent.setAttribute('sandbox-url', config.sandboxUrl);
  if (config.model) agent.setAttribute('model', config.model);
  connectLink.hidden = false;
  if (config.mode === 'live') {
    agent.setAttribute('endpoint', config.endpoint);
    modeText.textContent = `Live model: ${config.label}, through the demo's key proxy.`;
    connectLink.textContent = 'Use another model';
    connectDialog.querySelector('#replay-info').hidden = true;
    // The Notes server answers 401 until the person signs in: added when asked for, not at load.
    if (config.signInServer) {
      addMenuItem('My private notes (asks to sign in)', () => {
        addServer(config.signInServer);
        void agent.ask('Show my private notes.');
      });
    }
  } else {
    // With no key, a typed question goes to a model on this device: the browser's own where it has
    // one, else a small model the person agrees to download (where WebGPU makes it bearable).
    const onDevice = onDeviceProviders();
    if (onDevice.length) {
      agent.setAttribute('provider', onDevice.join(' '));
      if (config.localModel) agent.setAttribute('model', config.localModel);
    }
    modeText.textContent = 'The suggested questions replay recorded answers, with live data.';
    connectDialog.querySelector(onDevice.length ? '#on-device' : '#no-model').hidden = false;
    const starters = new Set(Object.values(STARTER_REPLAYS));
    for (const scenario of config.replay.scenarios) {
      if (!starters.has(scenario.file)) addMenuItem(scenario.title, () => replay(scenario));
    }
    agent.addEventListener('autoui-suggestion', (event) => {
      const file = STARTER_REPLAYS[event.detail.recipe];
      const scenario = config.replay.scenarios.find((s) => s.file === file || s.question === event.detail.question);
      if (!scenario) return;
      event.preventDefault();
      void replay({...scenario, question: event.detail.question});
    });
  }
}
if (location.hash === '#connect') connectDialog.showModal();

// The sample file: fetched from this site, then attached as if the visitor had dropped it (read
// and queried in the browser). With replays, a recorded conversation then asks what is in it.
document.getElementById('sample-file').addEventListener('click', async () => {
  try {
    const blob = await fetch('./samples/penguins.csv').then((r) => {
      if (!r.ok) throw new Error(`the sample file did not load (HTTP ${r.status})`);
      return r.blob();
    });
    await agent.attach(new File([blob], 'penguins.csv', {type: 'text/csv'}));
    if (config?.mode === 'replay') await replay({file: 'penguins-file', question: 'What is in this file?'});
  } catch (error) {
    // The element has already shown a notice and sent `autoui-error` for a refused file.
    shared.hidden = false;
    shared.textContent = error.message;
  }
});

/** Adds one `<autoui-server>` (once), pinned to its MCP revision when the demo knows it. */
function addServer({name, url, protocol}) {
  if (agent.querySelector(`autoui-server[name="${name}"]`)) return;
  const child = document.createElement('autoui-server');
  child.setAttribute('name', name);
  child.setAttribute('url', url);
  const pinned = protocol ?? PINNED_PROTOCOLS[name];
  if (pinned) child.setAttribute('protocol', pinned);
  agent.append(child);
}

/** Adds an item to the "More demos" menu. */
function addMenuItem(title, run) {
  const item = document.createElement('li');
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = title;
  button.addEventListener('click', run);
  item.append(button);
  menuList.append(item);
}

/** Starts one recorded scenario on the fake model, then asks its question. */
async function replay(scenario) {
  menu.close();
  if (scenario.signIn) addServer(config.signInServer);
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
  const items = menuList.querySelectorAll('button');
  for (const b of items) b.disabled = true;
  try {
    await agent.ask(scenario.question);
  } finally {
    agent.setAttribute('provider', typed.provider);
    if (typed.model) agent.setAttribute('model', typed.model);
    for (const b of items) b.disabled = false;
  }
}

/** The models of this device that can answer, in order: the browser's own, then a local one where WebGPU is. */
function onDeviceProviders() {
  const providers = [];
  if ('LanguageModel' in globalThis) providers.push('browser');
  if (config.localModel && 'gpu' in navigator) providers.push('local');
  return providers;
}
