/**
 * An MCP App view that floods the element with calls needing approval, in the real element in
 * Chromium: the flood view of test/servers/mcp-app-flood.mjs, in its sandbox on another origin,
 * fires a thousand calls of `flood_poll` at once and one of `flood_mark`, then polls every 200
 * ms, as a system monitor's view polls. The person sees one card per tool, not one per call; the
 * calls that waited run on "Allow once"; a later poll asks again; after "Always allow" the polls
 * run without a card; the other tool's card is answered on its own.
 */
import {expect, waitUntil} from '@open-wc/testing';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {MAX_WAITING_CALLS} from '../../src/session/app-approval-line.js';
import {EventLog, createScenario, mountAgent, serverUrl, settle, ui, warmUpFirstElement} from './harness.js';

const BURST = 1000;
const servers = () => [{name: 'flood', url: serverUrl('mcp-app-flood')}];

/** What the flood view reported through `notifications/message` (the host writes it to the console). */
const reports: string[] = [];
const consoleInfo = console.info;

/** The pending cards of `tool`. */
const cardsOf = (agent: AutouiAgent, tool: string) => ui(agent).cards().filter((card) => card.textContent?.includes(tool));
/** The view's last tally of its burst, as numbers. */
const lastTally = (): Record<string, number> => {
  const line = reports.filter((r) => r.startsWith('burst: ')).at(-1) ?? '';
  return Object.fromEntries([...line.matchAll(/(\w+)=(\d+)/g)].map(([, key, value]) => [key, Number(value)]));
};
const polls = (outcome: string) => reports.filter((r) => r === `poll: ${outcome}`).length;

async function until(agent: AutouiAgent, condition: () => boolean, what: string): Promise<void> {
  await waitUntil(async () => (await settle(agent), condition()), what, {timeout: 30_000});
}

describe('<autoui-agent> approvals of a view that floods', () => {
  warmUpFirstElement(servers);
  beforeEach(() => {
    reports.length = 0;
    console.info = (...args: unknown[]) => {
      if (String(args[0]).includes('MCP App flood of')) reports.push(String(args[1]));
      else consoleInfo.apply(console, args);
    };
  });
  afterEach(() => {
    console.info = consoleInfo;
  });

  it('shows one card per tool for a thousand calls and a poll; Allow once runs the waiting ones, Always allow covers later polls', async function () {
    this.timeout(180_000);
    const scenario = await createScenario([{toolCalls: [{name: 'flood_mcp_flood', input: {burst: BURST, every: 200}}]}, {text: 'Shown.'}], 'approval flood');
    const agent = await mountAgent(scenario, {
      attributes: {lang: 'en', 'eager-tools': true, 'sandbox-url': serverUrl('mcp-app-sandbox')},
      servers: servers(),
    });
    const log = new EventLog(agent);
    await waitUntil(() => agent.session.servers.every((s) => s.state === 'ready'), 'the flood server did not connect', {timeout: 30_000});
    const result = await agent.ask('Show the flood.');
    expect(result.widgets.map((w) => w.type)).to.deep.equal(['mcp-app']);
    const asked = (tool: string) => log.of('autoui-tool-approval').filter((r) => r.tool === tool).length;

    // Every call of the burst reached the element (those past the line's bound are refused at
    // once), or the cards pile up as they did: either way the count of cards is then known.
    await until(agent, () => lastTally().refused >= BURST - MAX_WAITING_CALLS || ui(agent).cards().length > 2, 'the burst did not reach the element');
    expect(ui(agent).cards().length, 'one card per tool').to.equal(2);
    expect(cardsOf(agent, 'flood_poll')).to.have.length(1);
    expect(cardsOf(agent, 'flood_mark')).to.have.length(1);
    await until(agent, () => polls('refused') >= 1, 'a poll while the line is full was not refused');
    expect(asked('flood_poll'), 'no card came and went meanwhile').to.equal(1);

    // Allow once: the calls that waited for this card run, none asks again.
    cardsOf(agent, 'flood_poll')[0].querySelector<HTMLButtonElement>('[part="approval-allow"]')!.click();
    await until(agent, () => lastTally().ran >= 1 && lastTally().ran + lastTally().refused === BURST, 'the waiting calls did not run');
    expect(lastTally().ran).to.be.at.most(MAX_WAITING_CALLS);
    expect(lastTally().denied).to.equal(0);

    // A poll after that answer asks again: one new card.
    await until(agent, () => cardsOf(agent, 'flood_poll').length === 1, 'a later poll did not ask again');
    expect(asked('flood_poll')).to.equal(2);
    expect(cardsOf(agent, 'flood_mark'), "the other tool's card still waits").to.have.length(1);

    // Always allow: later polls run without a card.
    cardsOf(agent, 'flood_poll')[0].querySelector<HTMLButtonElement>('[part="approval-always"]')!.click();
    const ranBefore = polls('ran');
    await until(agent, () => polls('ran') >= ranBefore + 3, 'the polls did not run after "Always allow"');
    expect(asked('flood_poll'), 'no card after "Always allow"').to.equal(2);
    expect(cardsOf(agent, 'flood_poll')).to.have.length(0);

    // The other tool's own card, answered on its own.
    cardsOf(agent, 'flood_mark')[0].querySelector<HTMLButtonElement>('[part="approval-deny"]')!.click();
    await until(agent, () => reports.includes('mark: denied'), 'the denied mark was not told');
    expect(asked('flood_mark')).to.equal(1);
    expect(ui(agent).cards()).to.have.length(0);
  });
});
