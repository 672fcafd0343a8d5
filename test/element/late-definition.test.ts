/**
 * An element rendered before its class was defined (a framework renders first, the script comes
 * later) ends with what the page bound: properties set on the plain element are taken over at the
 * upgrade, and the lowercase attributes React 19 writes for multi-word props on such an element
 * (`maxiterations` for `maxIterations`) are read as the dashed ones. The element is made in a
 * document without custom elements, then adopted here, where it is upgraded.
 */
import {expect, waitUntil} from '@open-wc/testing';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import type {AutouiServer} from '../../src/element/servers/autoui-server.js';
import {createScenario, serverElement, settle, ui} from './harness.js';

type Bindable = HTMLElement & Record<string, unknown>;

/** An `<autoui-agent>` that is still a plain element, as a framework holds it before the definition. */
const plainAgent = (): Bindable => document.implementation.createHTMLDocument('').createElement('autoui-agent') as unknown as Bindable;

/** Puts `element` in the page, which upgrades it; resolves after its first update. */
async function upgraded(element: HTMLElement): Promise<AutouiAgent> {
  document.body.append(document.adoptNode(element));
  const agent = element as AutouiAgent;
  expect(agent).to.be.instanceOf(customElements.get('autoui-agent')!);
  await agent.updateComplete;
  return agent;
}

/** A model that keeps calling a tool: the run ends only by `max-iterations`. */
const endlessScenario = () => {
  const call = {name: 'autoui_webmcp_canvas', input: {action: 'list'}};
  return createScenario([{toolCalls: [call]}, {toolCalls: [call]}, {toolCalls: [call]}, {text: 'done'}]);
};

const LOWERCASE_ATTRIBUTES: Array<[attribute: string, value: string, property: string, expected: unknown]> = [
  ['maxiterations', '5', 'maxIterations', 5],
  ['tooltimeout', '7', 'toolTimeout', 7],
  ['streamtimeout', '30', 'streamTimeout', 30],
  ['eagertools', '', 'eagerTools', true],
  ['nodrafts', '', 'noDrafts', true],
  ['imagehosts', 'img.example', 'imageHosts', 'img.example'],
  ['allowbrowserkey', '', 'allowBrowserKey', true],
  ['apikey', 'sk-test', 'apiKey', 'sk-test'],
  ['sandboxurl', 'https://sandbox.example/sandbox.html', 'sandboxUrl', 'https://sandbox.example/sandbox.html'],
  ['snapshotsrc', '/test/fixtures/snapshots/dashboard.json', 'snapshotSrc', '/test/fixtures/snapshots/dashboard.json'],
  ['clientid', 'https://app.example/client.json', 'clientId', 'https://app.example/client.json'],
  ['oauthcallback', '/oauth-callback.html', 'oauthCallback', '/oauth-callback.html'],
];

describe('<autoui-agent> defined after the page bound it', () => {
  const made: HTMLElement[] = [];
  afterEach(() => made.splice(0).forEach((e) => e.remove()));

  it('takes over the properties set on the plain element, and uses them', async () => {
    const scenario = await endlessScenario();
    const plain = plainAgent();
    made.push(plain);
    Object.assign(plain, {endpoint: scenario.base, lang: 'en', maxIterations: 2, toolTimeout: 7, eagerTools: true, imageHosts: 'img.example', clientId: 'https://app.example/client.json'});
    const agent = await upgraded(plain);

    expect([agent.maxIterations, agent.toolTimeout, agent.eagerTools, agent.imageHosts, agent.clientId]).to.deep.equal([2, 7, true, 'img.example', 'https://app.example/client.json']);
    expect(Object.keys(agent).filter((k) => k === 'maxIterations' || k === 'endpoint'), 'no own property hides an accessor').to.deep.equal([]);
    const result = await agent.ask('Keep going');
    expect(result.iterations).to.equal(2);
    expect(await scenario.requests()).to.have.length(2);
  });

  it('keeps a property set again after the upgrade, before the first render, over the one set before', async () => {
    const plain = plainAgent();
    made.push(plain);
    Object.assign(plain, {maxIterations: 5, toolTimeout: 7});
    document.body.append(document.adoptNode(plain));
    const agent = plain as unknown as AutouiAgent;
    agent.maxIterations = 3;
    await agent.updateComplete;
    expect([agent.maxIterations, agent.toolTimeout]).to.deep.equal([3, 7]);
  });

  it('lets an attribute set after a property win, on an element defined from the start', async () => {
    const agent = document.createElement('autoui-agent');
    made.push(agent);
    agent.maxIterations = 5;
    agent.setAttribute('max-iterations', '3');
    agent.toolTimeout = 9;
    document.body.append(agent);
    await agent.updateComplete;
    expect([agent.maxIterations, agent.toolTimeout]).to.deep.equal([3, 9]);
  });

  it('starts from a snapshotSrc set on the plain element (read after the upgrade, not lost)', async () => {
    const plain = plainAgent();
    made.push(plain);
    Object.assign(plain, {snapshotSrc: '/test/fixtures/snapshots/dashboard.json'});
    const agent = await upgraded(plain);
    await waitUntil(() => ui(agent).widgets().filter((w) => w.element).length === 2, 'the snapshot did not start the element', {timeout: 8000});
    expect(agent.widgets.map((w) => w.type)).to.deep.equal(['stat-card', 'table']);
  });

  it('reads the lowercase spelling of each multi-word attribute as the dashed attribute', async () => {
    const plain = plainAgent();
    made.push(plain);
    for (const [attribute, value] of LOWERCASE_ATTRIBUTES) plain.setAttribute(attribute, value);
    const agent = (await upgraded(plain)) as unknown as Bindable;
    expect(LOWERCASE_ATTRIBUTES.map(([, , property]) => agent[property])).to.deep.equal(LOWERCASE_ATTRIBUTES.map(([, , , expected]) => expected));
  });

  it('runs with the settings of lowercase attributes (maxiterations="2")', async () => {
    const scenario = await endlessScenario();
    const plain = plainAgent();
    made.push(plain);
    for (const [name, value] of Object.entries({endpoint: scenario.base, lang: 'en', maxiterations: '2'})) plain.setAttribute(name, value);
    const agent = await upgraded(plain);
    const result = await agent.ask('Keep going');
    expect(result.stopReason).to.equal('max_iterations');
    expect(result.iterations).to.equal(2);
    await settle(agent);
  });

  it('lets the dashed attribute win over its lowercase spelling, in either order and after a change', async () => {
    const plain = plainAgent();
    made.push(plain);
    plain.setAttribute('maxiterations', '5');
    plain.setAttribute('max-iterations', '3');
    plain.setAttribute('tool-timeout', '9');
    plain.setAttribute('tooltimeout', '4');
    const agent = await upgraded(plain);
    expect([agent.maxIterations, agent.toolTimeout]).to.deep.equal([3, 9]);

    agent.setAttribute('maxiterations', '8');
    expect(agent.maxIterations, 'the dashed attribute is there').to.equal(3);
    agent.removeAttribute('tool-timeout');
    agent.setAttribute('tooltimeout', '6');
    expect(agent.toolTimeout, 'the dashed attribute is gone').to.equal(6);
  });

  it('reads <autoui-server clientid> as client-id', async () => {
    const server = serverElement({url: 'https://mcp.example/mcp', clientid: 'https://app.example/client.json'}) as AutouiServer;
    made.push(server);
    document.body.append(server);
    expect(server.clientId).to.equal('https://app.example/client.json');
    expect(server.config.clientId).to.equal('https://app.example/client.json');
    server.setAttribute('client-id', 'registered-id');
    expect(server.config.clientId, 'the dashed attribute wins').to.equal('registered-id');
  });
});
