// A strict TypeScript app using autoui-agent as its README shows: the element's events with
// their details, every tag typed from document.querySelector/createElement, <autoui-server>
// properties, both entries' types, and the README's "loop alone" example. It is only compiled
// (tsc --noEmit, strict, skipLibCheck off): every line that does not type-check is an error a
// developer would meet.
import 'autoui-agent';
import type {AutouiAgent, AutouiServer, AutouiTagNameMap, ErrorDetail, WidgetCreatedDetail} from 'autoui-agent';
import {AgentSession, connectMcpServer, createProvider, createWebMcpServer, runAgentLoop, type AgentResult, type McpLayer, type SessionEvent} from 'autoui-agent/core';

// Tags: the element, its parts and every widget, each with its own class.
const agent: AutouiAgent | null = document.querySelector('autoui-agent');
const server: AutouiServer = document.createElement('autoui-server');
server.name = 'data';
server.url = 'https://data.example.org/mcp';
server.tools = ['query_sql', 'list_tables'];
server.token = 'token';
const tools: string[] = server.tools;

const canvas = document.createElement('autoui-canvas');
canvas.store = new AgentSession().widgets;
const composerDisabled: boolean = document.createElement('autoui-composer').running;
document.createElement('autoui-transcript');
document.createElement('autoui-console');
const widgetTags = [
  'autoui-alert', 'autoui-cards', 'autoui-chart', 'autoui-code', 'autoui-gallery', 'autoui-hemicycle', 'autoui-json', 'autoui-kv', 'autoui-list',
  'autoui-map', 'autoui-markdown', 'autoui-profile', 'autoui-stat', 'autoui-stat-card', 'autoui-table', 'autoui-tags', 'autoui-timeline',
] as const satisfies ReadonlyArray<keyof AutouiTagNameMap>;
for (const tag of widgetTags) {
  // `params` exists on widget classes only: an untyped tag (HTMLElement) fails here.
  const params: unknown = document.createElement(tag).params;
  void params;
}
const chart = document.createElement('autoui-chart');
chart.params = {type: 'bar', labels: ['a'], datasets: [{data: [1]}]};
const table = document.querySelector('autoui-table');
console.log(table?.params.rows.length);

// Events, with their details, from the DOM's own addEventListener.
if (agent) {
  agent.endpoint = '/llm';
  agent.provider = 'openai';
  agent.maxIterations = 5;
  agent.addEventListener('autoui-widget-create', (e) => {
    const type: string = e.detail.type;
    if (type === 'map') e.preventDefault();
  });
  agent.addEventListener('autoui-widget-created', (e) => {
    const id: string = e.detail.id;
    const element: HTMLElement = e.detail.element;
    console.log(id, element.localName, e.detail.type, e.detail.params);
  });
  agent.addEventListener('autoui-widget-updated', (e) => console.log(e.detail.id, e.detail.params));
  agent.addEventListener('autoui-widget-removed', (e) => console.log(e.detail.id.length));
  agent.addEventListener('autoui-tool-call', (e) => console.log(e.detail.name, e.detail.elapsed, e.detail.error));
  agent.addEventListener('autoui-text', (e) => console.log(e.detail.delta.toUpperCase()));
  agent.addEventListener('autoui-message', (e) => console.log(e.detail.role === 'assistant' ? e.detail.text : ''));
  agent.addEventListener('autoui-run-start', (e) => console.log(e.detail.question));
  agent.addEventListener('autoui-run-end', (e) => console.log(e.detail.result.stopReason, e.detail.result.widgets.length));
  agent.addEventListener('autoui-error', (e) => console.warn(e.detail.code, e.detail.message));
  agent.addEventListener('autoui-server-ready', (e) => console.log(e.detail.name, e.detail.tools.join(' ')));
  agent.addEventListener('autoui-server-error', (e) => console.warn(e.detail.name, e.detail.code));
  // Events bubble: a listener on the document sees them, typed too.
  document.addEventListener('autoui-error', (e: CustomEvent<ErrorDetail>) => console.warn(e.detail.code));
  const onCreated = (detail: WidgetCreatedDetail) => detail.id;
  agent.addEventListener('autoui-widget-created', (e) => onCreated(e.detail));
  agent.append(server);
  const result: AgentResult = await agent.ask('How many airports are there?');
  console.log(result.text, agent.session.transcript.length, agent.widgets.map((w) => w.type), tools, composerDisabled);
}

// The core: a session with the page's own UI.
const session = new AgentSession({model: {provider: 'anthropic', endpoint: '/llm'}, language: 'en', servers: [{name: 'data', url: '/mcp'}]});
session.subscribe((event: SessionEvent) => {
  if (event.type === 'text') console.log(event.delta);
  if (event.type === 'error') console.warn(event.error.code, event.error.message);
  if (event.type === 'widget-create' && event.widget.type === 'map') event.veto();
});

// In-page tools beside the element (the README's "add your in-page tools" pattern).
const pageTools = createWebMcpServer('page', {
  description: 'What the page knows.',
  tools: [{name: 'selection', description: 'The rows the user selected.', inputSchema: {type: 'object', properties: {}}, execute: async () => '[]'}],
});
agent?.addLayer(pageTools.layer);

// The README's "loop alone" example, as written there.
declare function runQuery(sql: string, signal: AbortSignal | undefined): Promise<string>;
const data: McpLayer = {
  protocol: 'mcp',
  serverName: 'Data',
  tools: [{name: 'query_sql', description: 'Run SQL', inputSchema: {type: 'object', properties: {sql: {type: 'string'}}}}],
  execute: async (name, args, {signal}) => ({text: await runQuery(String(args.sql), signal)}),
};
const model = createProvider({provider: 'anthropic', endpoint: '/llm'});
const loop = await runAgentLoop('How many airports in France?', {provider: model, layers: [data], lang: 'en'});
console.log(loop.stopReason, loop.text, loop.toolCalls, loop.usage);
const live = await connectMcpServer({url: 'https://data.example.org/mcp', name: 'data'});
console.log(live.layer.tools.length);

export {};
