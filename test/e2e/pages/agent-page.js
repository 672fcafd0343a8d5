// A plain page using <autoui-agent> the way a site would: one bundle, attributes, children and
// DOM events. Query string: build (es|iife), provider, endpoint, model, maxIterations, servers (JSON [[name, url, protocol?]]),
// key (api-key), allowKey, veto (cancel every autoui-widget-create), lang, approve (the policy),
// pageDenies (cancel every autoui-tool-approval and deny it a moment later, as a page's own dialog would),
// noDrafts (the no-drafts attribute), persist (persist="local", id "e2e-agent"), share (the share attribute),
// sandbox (the sandbox-url attribute), readonly, webmcp (the webmcp attribute), id, toolTimeout (seconds),
// oauthCallback (the oauth-callback attribute), files (the files attribute).
import {loadBundle} from './load-bundle.js';
import {appendServers} from '../../support/page-servers.js';

const params = new URL(location.href).searchParams;
await loadBundle(params.get('build'), {api: false});

const agent = document.createElement('autoui-agent');
agent.setAttribute('provider', params.get('provider') ?? 'anthropic');
if (params.get('endpoint')) agent.setAttribute('endpoint', params.get('endpoint'));
if (params.get('model')) agent.setAttribute('model', params.get('model'));
if (params.get('maxIterations')) agent.setAttribute('max-iterations', params.get('maxIterations'));
agent.setAttribute('lang', params.get('lang') ?? 'en');
if (params.get('key')) agent.setAttribute('api-key', params.get('key'));
if (params.has('allowKey')) agent.setAttribute('allow-browser-key', '');
if (params.get('approve')) agent.setAttribute('approve', params.get('approve'));
if (params.has('noDrafts')) agent.setAttribute('no-drafts', '');
if (params.has('persist')) {
  agent.setAttribute('persist', 'local');
  agent.id = 'e2e-agent';
}
if (params.has('share')) agent.setAttribute('share', '');
if (params.get('sandbox')) agent.setAttribute('sandbox-url', params.get('sandbox'));
if (params.has('readonly')) agent.setAttribute('readonly', '');
if (params.get('webmcp')) agent.setAttribute('webmcp', params.get('webmcp'));
if (params.get('id')) agent.id = params.get('id');
if (params.get('toolTimeout')) agent.setAttribute('tool-timeout', params.get('toolTimeout'));
if (params.get('oauthCallback')) agent.setAttribute('oauth-callback', params.get('oauthCallback'));
if (params.get('files')) agent.setAttribute('files', params.get('files'));
agent.setAttribute('debug', '');
appendServers(agent, params.get('servers'));

const events = [];
const summarise = {
  'autoui-widget-created': (d) => ({id: d.id, type: d.type, params: d.params, element: d.element?.localName, connected: d.element?.isConnected}),
  'autoui-run-end': (d) => ({stopReason: d.result.stopReason, widgets: d.result.widgets.length, error: d.result.error, model: d.result.model}),
};
for (const type of ['autoui-widget-create', 'autoui-widget-created', 'autoui-widget-updated', 'autoui-widget-removed', 'autoui-tool-call', 'autoui-tool-approval', 'autoui-text', 'autoui-message', 'autoui-run-start', 'autoui-run-end', 'autoui-error', 'autoui-server-ready', 'autoui-server-error', 'autoui-sign-in', 'autoui-elicitation', 'autoui-file-attached', 'autoui-file-removed', 'autoui-model-download']) {
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

// The canvas comes with the element's views chunk (the engine, the first transcript entry or the
// page being idle): until then the element's shadow root has no <autoui-canvas>, nor any widget.
const canvasRoot = () => agent.shadowRoot?.querySelector('autoui-canvas')?.shadowRoot ?? document.createDocumentFragment();
/** Elements a draft rendered, in order (looked for every frame, and heard as their `draft` attribute changes), to compare with the widgets' elements afterwards. */
const draftElements = [];
const watchDrafts = () => {
  for (const element of agent.shadowRoot?.querySelector('autoui-canvas')?.shadowRoot?.querySelectorAll('[part~="draft"] > [draft]') ?? []) {
    if (!draftElements.includes(element)) draftElements.push(element);
  }
  requestAnimationFrame(watchDrafts);
};
requestAnimationFrame(watchDrafts);
// Also heard, not only looked for: a draft that becomes its widget within one frame is still seen
// (the element's `draft` attribute was set, then removed: its old value says so).
customElements.whenDefined('autoui-canvas').then(async () => {
  // Defined with the views, which re-render the element with its canvas.
  await agent.updateComplete;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const element = record.target;
      if ((element.hasAttribute('draft') || record.oldValue !== null) && !draftElements.includes(element)) draftElements.push(element);
    }
  });
  observer.observe(canvasRoot(), {subtree: true, attributes: true, attributeFilter: ['draft'], attributeOldValue: true});
});
/** The most rows or points a draft had, as the session's store said (heard, not polled). */
let draftedItems = 0;
customElements.whenDefined('autoui-agent').then(() =>
  agent.session.widgets.subscribe((change) => {
    const params = change.draft?.params;
    if (change.kind === 'drafted') draftedItems = Math.max(draftedItems, params?.rows?.length ?? params?.datasets?.[0]?.data?.length ?? 0);
  }),
);

window.__e2e = {
  events,
  ask: (question) => agent.ask(question).then((r) => ({stopReason: r.stopReason, widgets: r.widgets, error: r.error, text: r.text})),
  /** Starts a question without waiting for it (`answer()` waits). */
  start(question) {
    draftedItems = 0;
    window.__e2e.pending = window.__e2e.ask(question);
  },
  draftedItems: () => draftedItems,
  answer: () => window.__e2e.pending,
  running: () => agent.session.running,
  /** The drafts on the canvas now: busy, with how many rows or points their widget shows; their elements are remembered. */
  drafts: () =>
    [...canvasRoot().querySelectorAll('[part~="draft"]')].map((frame) => {
      const element = frame.querySelector('[draft]');
      const params = element?.params;
      return {busy: frame.getAttribute('aria-busy'), element: element?.localName, items: params?.rows?.length ?? params?.datasets?.[0]?.data?.length ?? 0};
    }),
  /** For each widget frame: its element's tag and whether a draft rendered that very element first. */
  widgetFrames: () =>
    [...canvasRoot().querySelectorAll('[part~="widget"]:not([part~="draft"])')].map((frame) => {
      const widget = [...frame.children].find((c) => c.localName.startsWith('autoui-'));
      return {element: widget?.localName, wasDraft: draftElements.includes(widget), busy: frame.hasAttribute('aria-busy')};
    }),
  abort: () => agent.abort(),
  /** Answers the model download card (Download, or Not now); false while there is none. */
  answerDownload(yes) {
    const button = agent.shadowRoot.querySelector(`[part="model-download-${yes ? 'accept' : 'decline'}"]`);
    button?.click();
    return Boolean(button);
  },
  clearLocalModels: () => agent.clearLocalModels(),
  widgets: () => agent.widgets,
  /** Widget frames whose widget element has rendered, by type. */
  renderedTypes: () => [...canvasRoot().querySelectorAll('[part~="widget"]:not([part~="draft"])')].map((f) => [...f.children].find((c) => c.localName.startsWith('autoui-') && c.shadowRoot?.childElementCount)?.localName ?? null),
  notices: () => [...(agent.shadowRoot.querySelector('autoui-transcript')?.shadowRoot?.querySelectorAll('[part~="notice"]') ?? [])].map((n) => n.textContent.replace(/\s+/g, ' ').trim()),
  /** Questions an MCP App view sent, as the transcript shows them. */
  appQuestions: () => [...(agent.shadowRoot.querySelector('autoui-transcript')?.shadowRoot?.querySelectorAll('[part~="from-app"]') ?? [])].map((n) => n.textContent.replace(/\s+/g, ' ').trim()),
  /** Each MCP App widget's sandbox frame: its src and sandbox attributes and its inner height, or the text shown instead. */
  appFrames: () =>
    [...canvasRoot().querySelectorAll('autoui-mcp-app')].map((app) => {
      const frame = app.shadowRoot?.querySelector('iframe');
      return frame ? {src: frame.src, sandbox: frame.getAttribute('sandbox'), height: frame.clientHeight, fallback: null} : {src: null, fallback: app.shadowRoot?.querySelector('[part="fallback"]')?.textContent.replace(/\s+/g, ' ').trim() ?? null};
    }),
  /** Removes widget `id` as its close button would. */
  remove: (id) => agent.session.widgets.remove(id),
  questions: () => [...(agent.shadowRoot.querySelector('autoui-transcript')?.shadowRoot?.querySelectorAll('[part="user"]') ?? [])].map((n) => n.textContent.replace(/\s+/g, ' ').trim()),
  shareUrl: () => agent.shareUrl(),
  clear: () => agent.clear(),
  serversSettled: () => events.filter((e) => e.type === 'autoui-server-ready' || e.type === 'autoui-server-error').length,
};
