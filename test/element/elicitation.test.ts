/**
 * A server's questions to the person (MCP elicitation) through the element, on both protocol
 * eras: the `mcp-elicits` server asks during a tool call (a 2025 `elicitation/create` request,
 * or a 2026-07-28 "input required" result), the transcript shows a card, and what the person
 * typed, or the page's own answer, reaches the server.
 */
import {expect, waitUntil} from '@open-wc/testing';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {EventLog, createScenario, mountAgent, serverUrl, settle} from './harness.js';

const ERAS = ['2026-07-28', '2025-11-25'] as const;

async function agentAsking(protocol: string, tool: string) {
  const scenario = await createScenario([{toolCalls: [{name: `elicits_mcp_${tool}`, input: {}}]}, {text: 'Done.'}], 'elicitation');
  const agent = await mountAgent(scenario, {attributes: {lang: 'en', 'eager-tools': true}, servers: [{name: 'elicits', url: serverUrl('mcp-elicits'), protocol}]});
  await waitUntil(() => agent.session.servers.every((s) => s.state === 'ready'), 'the server did not connect', {timeout: 8000});
  return {agent, log: new EventLog(agent)};
}

const transcript = (agent: AutouiAgent) => agent.shadowRoot!.querySelector('autoui-transcript')!.shadowRoot!;
const card = (agent: AutouiAgent) => transcript(agent).querySelector<HTMLElement>('[part~="elicitation"]');

async function cardShown(agent: AutouiAgent): Promise<HTMLElement> {
  await waitUntil(async () => (await settle(agent), card(agent) !== null), 'no elicitation card', {timeout: 8000});
  return card(agent)!;
}

/** Types into the field labelled `label` as a person would. */
function type(root: HTMLElement, label: string, value: string) {
  const labelled = [...root.querySelectorAll('label')].find((l) => l.textContent!.trim().startsWith(label))!;
  const input = root.querySelector<HTMLInputElement>(`#${CSS.escape(labelled.htmlFor)}`)!;
  input.value = value;
  input.dispatchEvent(new Event('input', {bubbles: true}));
}

const resultOf = async (run: Promise<{toolCalls: Array<{tool?: string; result?: string; error?: string}>}>, tool: string) =>
  (await run).toolCalls.find((c) => c.tool === tool)?.result ?? '';

describe('<autoui-agent> answers a server\'s questions (elicitation)', () => {
  for (const protocol of ERAS) {
    describe(`speaking ${protocol}`, () => {
      it('shows the form; an invalid answer is refused in place; the person\'s answer reaches the server', async () => {
        const {agent, log} = await agentAsking(protocol, 'book_table');
        expect(agent.session.servers[0].protocol).to.equal(protocol);
        const run = agent.ask('Book a table');
        const event = await log.next('autoui-elicitation');
        expect(event).to.include({server: 'elicits', mode: 'form', message: 'How many guests, and under which name?'});
        const shown = await cardShown(agent);
        expect(shown.textContent).to.contain('How many guests');
        // Guests: 40 is over the schema's maximum of 12: the card says so and answers nothing.
        type(shown, 'Guests', '40');
        type(shown, 'Name', 'Ada');
        shown.querySelector<HTMLButtonElement>('[part="elicitation-submit"]')!.click();
        await settle(agent);
        expect(card(agent), 'the card stays').to.not.equal(null);
        expect(card(agent)!.querySelector('[aria-invalid="true"]')).to.not.equal(null);
        type(card(agent)!, 'Guests', '3');
        card(agent)!.querySelector<HTMLButtonElement>('[part="elicitation-submit"]')!.click();
        expect(await resultOf(run, 'book_table')).to.equal('Booked a table for 3 under Ada.');
        await settle(agent);
        expect(card(agent)).to.equal(null);
        expect(transcript(agent).querySelector('[part="elicitation-status"]')!.textContent).to.contain('Answered elicits');
        agent.remove();
      });

      it('a URL question opens nothing until the person clicks, then Done answers', async () => {
        const {agent} = await agentAsking(protocol, 'link_account');
        const opened: string[] = [];
        const open = window.open;
        window.open = ((url: string) => (opened.push(String(url)), null)) as typeof window.open;
        try {
          const run = agent.ask('Link my account');
          const shown = await cardShown(agent);
          expect(shown.textContent).to.contain(new URL(serverUrl('mcp-elicits')).host);
          expect(opened).to.deep.equal([]);
          shown.querySelector<HTMLButtonElement>('[part="elicitation-open"]')!.click();
          expect(opened).to.deep.equal([`${new URL(serverUrl('mcp-elicits')).origin}/connect?id=demo`]);
          await settle(agent);
          card(agent)!.querySelector<HTMLButtonElement>('[part="elicitation-done"]')!.click();
          expect(await resultOf(run, 'link_account')).to.equal('Account linked.');
        } finally {
          window.open = open;
          agent.remove();
        }
      });
    });
  }

  it('a page that cancels autoui-elicitation answers in its own UI; no card is shown', async () => {
    const {agent} = await agentAsking('auto', 'book_table');
    agent.addEventListener('autoui-elicitation', (e) => {
      e.preventDefault();
      e.detail.respond({action: 'accept', content: {guests: 5, name: 'Page', vegetarian: true}});
    });
    expect(await resultOf(agent.ask('Book'), 'book_table')).to.equal('Booked a table for 5 under Page, vegetarian.');
    expect(card(agent)).to.equal(null);
    agent.remove();
  });

  it('Stop while the card waits cancels the question: the server hears "cancel", the transcript keeps the question', async () => {
    const {agent} = await agentAsking('auto', 'book_table');
    const run = agent.ask('Book a table');
    await cardShown(agent);
    agent.abort();
    const result = await run;
    expect(result.stopReason).to.equal('aborted');
    await settle(agent);
    expect(card(agent)).to.equal(null);
    expect(agent.session.transcript.some((e) => e.kind === 'user' && e.text === 'Book a table')).to.equal(true);
    agent.remove();
  });
});
