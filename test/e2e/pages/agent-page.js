// A plain page using <autoui-agent> the way a site would: one bundle, attributes, children and
// DOM events. Query string: build (es|iife), provider, endpoint, servers (JSON [[name, url]]),
// key (api-key), allowKey, veto (cancel every autoui-widget-create), lang, approve (the policy),
// pageDenies (cancel every autoui-tool-approval and deny it a moment later, as a page's own dialog would).
import {loadBundle} from './load-bundle.js';

const params = new URL(location.href).searchParams;
await loadBundle(params.get('build'), {api: false});

const agent = document.createElement('autoui-agent');
agent.setAttribute('provider', params.get('provider') ?? 'anthropic');
if (params.get('endpoint')) agent.setAttribute('endpoint', params.get('endpoint'));
agent.setAttribute('lang', params.get('lang') ?? 'en');
if (params.get('key')) agent.setAttribute('api-key', params.get('key'));
if (params.has('allowKey')) agent.setAttribute('allow-browser-key', '');
if (params.get('approve')) agent.setAttribute('approve', params.get('approve'));
agent.setAttribute('debug', '');
for (const [name, url] of JSON.parse(params.get('servers') ?? '[]')) {
  const server = document.createElement('autoui-server');
  server.setAttribute('name', name);
  server.setAttribute('url', url);
  agent.append(server);
}

const events = [];
const summarise = {
  'autoui-widget-created': (d) => ({id: d.id, type: d.type, params: d.params, element: d.element?.localName, connected: d.element?.isConnected}),
  'autoui-run-end': (d) => ({stopReason: d.result.stopReason, widgets: d.result.widgets.length, error: d.result.error}),
};
for (const type of ['autoui-widget-create', 'autoui-widget-created', 'autoui-widget-updated', 'autoui-widget-removed', 'autoui-tool-call', 'autoui-tool-approval', 'autoui-text', 'autoui-message', 'autoui-run-start', 'autoui-run-end', 'autoui-error', 'autoui-server-ready', 'autoui-server-error']) {
  agent.addEventListener(type, (e) => {
    if (type === 'autoui-widget-create' && params.has('veto')) e.preventDefault();
    if (type === 'autoui-tool-approval' && params.has('pageDenies')) {
      e.preventDefault();
      setTimeout(() => e.detail.respond('deny', 'The page said no.'), 200);
    }
    events.push({type, detail: summarise[type] ? summarise[type](e.detail) : JSON.parse(JSON.stringify(e.detail))});
  });
}
document.getElementById('main').append(agent);

window.__e2e = {
  events,
  ask: (question) => agent.ask(question).then((r) => ({stopReason: r.stopReason, widgets: r.widgets, error: r.error, text: r.text})),
  abort: () => agent.abort(),
  widgets: () => agent.widgets,
  serversSettled: () => events.filter((e) => e.type === 'autoui-server-ready' || e.type === 'autoui-server-error').length,
};
