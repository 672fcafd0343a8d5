/**
 * The element's JS API for pages: `registerWidget()` with a page-defined element,
 * `addLayer()`/`removeLayer()` with a `createWebMcpServer` layer, and `clear()`.
 */
import {expect, fixture, html} from '@open-wc/testing';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {createWebMcpServer} from '../../src/webmcp/webmcp-server.js';
import {EventLog, createScenario, engineLoaded, messageTexts, mountAgent, offeredTools, settle, systemPrompt, ui} from './harness.js';

/** A page's own widget: shows its label. */
class PageBadge extends HTMLElement {
  #params: {label?: string} = {};
  set params(value: {label?: string}) {
    this.#params = value;
    this.textContent = `Badge: ${value.label ?? ''}`;
  }
  get params() {
    return this.#params;
  }
}
customElements.define('page-badge', PageBadge);

const badge = {
  type: 'badge',
  tagName: 'page-badge',
  description: 'A small badge with a label.',
  schema: {type: 'object', required: ['label'], additionalProperties: false, properties: {label: {type: 'string'}}},
};
const display = (name: string, params: unknown) => ({name: 'autoui_webmcp_widget_display', input: {name, params}});

describe('<autoui-agent> page API', () => {
  it('registerWidget() lets the model show a page-defined element, validated against its schema', async () => {
    const scenario = await createScenario([
      {toolCalls: [display('badge', {label: 42})]},
      {match: {lastToolResultIncludes: 'Validation failed'}, toolCalls: [display('badge', {label: 'New'})]},
      {match: {lastToolResultIncludes: '"widget"'}, text: 'Done.'},
    ]);
    const agent = await mountAgent(scenario);
    agent.registerWidget(badge);
    const log = new EventLog(agent);

    const result = await agent.ask('Show a badge');
    await settle(agent);

    expect(result.toolCalls.map((c) => Boolean(c.error))).to.deep.equal([true, false]);
    const [created] = log.of('autoui-widget-created');
    expect(created.type).to.equal('badge');
    expect(created.element).to.be.instanceOf(PageBadge);
    expect(created.element.textContent).to.equal('Badge: New');
    expect(ui(agent).widgets().map((w) => w.element)).to.deep.equal([created.element]);
    const [first] = await scenario.requests();
    const displayTool = first.body.tools.find((t: {name: string}) => t.name === 'autoui_webmcp_widget_display');
    expect(displayTool.description).to.include('badge: A small badge with a label.');
  });

  it('registerWidget() called before the element is on the page (before its engine loads) is kept', async () => {
    const scenario = await createScenario([{toolCalls: [display('badge', {label: 'Early'})]}, {text: 'Done.'}]);
    const element = document.createElement('autoui-agent');
    element.registerWidget(badge);
    element.setAttribute('endpoint', scenario.base);
    const agent = await fixture<AutouiAgent>(html`${element}`);
    await engineLoaded(agent);
    const log = new EventLog(agent);
    const result = await agent.ask('Show a badge');
    expect(result.toolCalls[0].error).to.equal(undefined);
    expect(log.of('autoui-widget-created').map((e) => e.type)).to.deep.equal(['badge']);
  });

  it('addLayer() adds a page’s WebMCP tools, run in the page; removeLayer() takes them away', async () => {
    const calls: unknown[] = [];
    const shop = createWebMcpServer('shop', {
      description: 'The shop of this page: prices of its products.',
      tools: [{name: 'price', description: 'Price of a product', inputSchema: {type: 'object', properties: {sku: {type: 'string'}}}, annotations: {readOnlyHint: true}, execute: (args) => (calls.push(args), 'The price is 12 EUR')}],
    });
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'price'}, toolCalls: [{name: 'shop_webmcp_price', input: {sku: 'A1'}}]},
      {match: {lastToolResultIncludes: '12 EUR'}, text: 'It costs 12 EUR.'},
      {match: {lastUserIncludes: 'again'}, toolCalls: [{name: 'shop_webmcp_price', input: {sku: 'A1'}}]},
      {match: {lastUserIncludes: 'again'}, text: 'I cannot tell.'},
    ]);
    const agent = await mountAgent(scenario, {attributes: {'eager-tools': true}});
    agent.addLayer(shop.layer);
    await engineLoaded(agent);
    expect(agent.layers.map((l) => l.serverName)).to.deep.equal(['shop', 'autoui']);

    expect((await agent.ask('What is the price?')).text).to.equal('It costs 12 EUR.');
    expect(calls).to.deep.equal([{sku: 'A1'}]);

    agent.removeLayer('shop');
    expect(agent.layers.map((l) => l.serverName)).to.deep.equal(['autoui']);
    const after = await agent.ask('The price again?');
    expect(after.toolCalls[0].error, 'the tool is gone').to.be.a('string');
    expect(calls, 'the page’s tool did not run again').to.have.length(1);

    const requests = await scenario.requests();
    expect(offeredTools(requests[0])).to.include('shop_webmcp_price');
    expect(systemPrompt(requests[0])).to.include('The shop of this page');
    expect(offeredTools(requests[2])).to.not.include('shop_webmcp_price');
    expect(systemPrompt(requests[2])).to.not.include('The shop of this page');
  });

  it('a page layer with its own widget_display and a tool named recall works beside autoui', async () => {
    // The page's kit shows its badges through the canvas of the call, as autoui's widget_display does.
    const designkit = createWebMcpServer('designkit', {
      description: 'The brand kit of this page.',
      tools: [
        {
          name: 'widget_display',
          description: 'Shows a brand badge',
          inputSchema: {type: 'object', properties: {label: {type: 'string'}}},
          displays: true,
          execute: (args, context) => {
            const shown = context.widgets?.create({type: 'badge', params: {label: String(args.label)}});
            return shown ? `badge ${shown.id}` : 'not shown';
          },
        },
        {name: 'recall', description: 'The brand colours', annotations: {readOnlyHint: true}, execute: () => 'teal and sand'},
      ],
    });
    const scenario = await createScenario([
      {toolCalls: [{id: 'toolu_dk_badge', name: 'designkit_webmcp_widget_display', input: {label: 'Brand'}}, display('stat', {label: 'Sales', value: 7})]},
      {match: {lastToolResultIncludes: '"widget"'}, toolCalls: [{name: 'designkit_webmcp_recall', input: {}}, {name: 'recall', input: {id: 'toolu_dk_badge'}}]},
      {match: {lastToolResultIncludes: 'teal and sand'}, text: 'Branded.'},
    ]);
    const agent = await mountAgent(scenario);
    agent.registerWidget(badge);
    agent.addLayer(designkit.layer);
    const log = new EventLog(agent);

    const result = await agent.ask('Brand the dashboard');

    expect(result.toolCalls.map((c) => [c.name, c.error ?? null])).to.deep.equal([
      ['designkit_webmcp_widget_display', null],
      ['autoui_webmcp_widget_display', null],
      ['designkit_webmcp_recall', null],
      ['recall', null],
    ]);
    expect(result.toolCalls[2].result, "the page's recall ran").to.equal('teal and sand');
    expect(result.toolCalls[3].result, "the loop's recall gave back the first result").to.match(/^badge w_[a-z0-9]{6}$/);
    expect(log.of('autoui-widget-create').map((d) => d.type), 'the page is asked for both').to.deep.equal(['badge', 'stat']);
    expect(log.of('autoui-widget-created').map((d) => d.type).sort()).to.deep.equal(['badge', 'stat']);
    expect(agent.widgets.map((w) => w.type)).to.deep.equal(['badge', 'stat']);
    expect(result.widgets.map((w) => w.type)).to.deep.equal(['badge', 'stat']);
    const [first, second] = await scenario.requests();
    expect(offeredTools(first)).to.include.members(['designkit_webmcp_widget_display', 'autoui_webmcp_widget_display']);
    expect(offeredTools(second)).to.include.members(['designkit_webmcp_recall', 'recall']);
  });

  it('a person closing a widget fires autoui-widget-removed and drops it from `widgets`', async () => {
    const scenario = await createScenario([{toolCalls: [display('stat', {label: 'Closable', value: 3})]}, {text: 'Shown.'}]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}});
    const log = new EventLog(agent);
    const [{id}] = (await agent.ask('Show it')).widgets;
    await settle(agent);

    // A frame's controls are drawn when it is first focused or hovered.
    ui(agent).widgets()[0].frame.focus();
    await settle(agent);
    const close = ui(agent).widgets()[0].frame.querySelector<HTMLButtonElement>('[part="close"]')!;
    expect(close.getAttribute('aria-label')).to.equal('Close stat');
    close.click();
    await settle(agent);

    expect(log.of('autoui-widget-removed')).to.deep.equal([{id}]);
    expect(agent.widgets).to.deep.equal([]);
    expect(ui(agent).widgets()).to.have.length(0);
  });

  it('clear() removes the widgets (autoui-widget-removed), empties the transcript and forgets the conversation', async () => {
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'Before'}, toolCalls: [display('stat', {label: 'A', value: 1}), display('stat', {label: 'B', value: 2})]},
      {match: {lastToolResultIncludes: '"widget"'}, text: 'Two stats.'},
      {match: {lastUserIncludes: 'After'}, text: 'Fresh start.'},
    ]);
    const agent = await mountAgent(scenario);
    const log = new EventLog(agent);
    const first = await agent.ask('Before clearing');
    expect(agent.widgets).to.have.length(2);

    agent.clear();
    await settle(agent);

    expect(log.of('autoui-widget-removed').map((d) => d.id).sort()).to.deep.equal(first.widgets.map((w) => w.id).sort());
    expect(agent.widgets).to.deep.equal([]);
    expect(ui(agent).widgets()).to.have.length(0);
    expect(ui(agent).log()!.querySelectorAll('li')).to.have.length(0);

    await agent.ask('After clearing');
    const last = (await scenario.requests()).at(-1)!;
    expect(messageTexts(last)).to.deep.equal(['After clearing']);
  });
});
