// The README's example of a page that drives an AgentSession with its own UI (a list, a form,
// the canvas element), from the built `autoui-agent/core` and `autoui-agent/widgets` entries (no
// <autoui-agent>); `?llm=` and `?data=` name the model endpoint and the Data MCP server.
// Publishes what happened on window.__session.
import {AgentSession, createAutouiLayer} from '/dist/core.js';
import {createDefaultRegistry, defineCanvasElements} from '/dist/widgets.js';

const params = new URL(location.href).searchParams;
const registry = createDefaultRegistry();
const session = new AgentSession({
  model: {provider: 'anthropic', endpoint: params.get('llm')},
  language: 'en',
  servers: [{name: 'data', url: params.get('data')}],
  layers: [createAutouiLayer({catalog: registry, imageHosts: () => []})],
});
defineCanvasElements();
Object.assign(document.querySelector('#canvas'), {store: session.widgets, registry});

const log = document.querySelector('#log');
const seen = [];
session.subscribe((event) => {
  seen.push(event.type);
  if (event.type === 'run-start') log.append(document.createElement('li'));
  if (event.type === 'text') log.lastElementChild.textContent += event.delta;
});
document.querySelector('#ask').addEventListener('submit', async (e) => {
  e.preventDefault();
  const result = await session.ask(e.target.q.value);
  window.__session = {stopReason: result.stopReason, widgets: session.widgets.list(), events: seen, answer: log.lastElementChild.textContent};
});
window.__ready = true;
