/**
 * Signing in to an MCP server that requires it (OAuth), through the element, as a person meets it:
 * the Notes demo server answers 401 until signed in; a question shows the Sign in card; the click
 * opens a real window at the authorization server, which comes back through the callback page;
 * the tool then runs. Both protocol eras; tokens kept for the tab, or across a reload with `persist`.
 */
import {expect, waitUntil} from '@open-wc/testing';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {EventLog, createScenario, mountAgent, serverUrl, settle} from './harness.js';

const CALLBACK = '/test/fixtures/oauth/oauth-callback.html';

async function agentOver(protocol: string, attributes: Record<string, string | boolean> = {}) {
  const scenario = await createScenario([{toolCalls: [{name: 'notes_mcp_whoami', input: {}}]}, {text: 'You are signed in.'}], 'sign-in');
  const agent = await mountAgent(scenario, {
    attributes: {lang: 'en', 'eager-tools': true, 'oauth-callback': CALLBACK, ...attributes},
    servers: [{name: 'notes', url: serverUrl('demo-protected'), protocol}],
  });
  return {agent, log: new EventLog(agent)};
}

const transcript = (agent: AutouiAgent) => agent.shadowRoot!.querySelector('autoui-transcript')!.shadowRoot!;
const card = (agent: AutouiAgent) => transcript(agent).querySelector<HTMLElement>('[part~="sign-in"]');

async function cardShown(agent: AutouiAgent): Promise<HTMLElement> {
  await waitUntil(async () => (await settle(agent), card(agent) !== null), 'no sign-in card', {timeout: 8000});
  return card(agent)!;
}

const whoami = async (run: Promise<{toolCalls: Array<{tool?: string; result?: string; error?: string}>}>) => {
  const call = (await run).toolCalls.find((c) => c.tool === 'whoami');
  return call?.result ?? call?.error ?? 'not called';
};

/** Forgets the tab's and the stored sign-ins, so each test starts signed out. */
async function signedOut() {
  sessionStorage.clear();
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase('autoui-agent-auth');
    request.onsuccess = request.onerror = request.onblocked = resolve;
  });
}

describe('<autoui-agent> signs in to MCP servers that require it', () => {
  beforeEach(signedOut);

  for (const protocol of ['2026-07-28', '2025-11-25']) {
    it(`${protocol}: a question shows the sign-in card; the window signs in; the tool runs`, async () => {
      const {agent, log} = await agentOver(protocol);
      await waitUntil(() => agent.session.servers[0]?.state === 'sign-in', 'the server did not ask to sign in', {timeout: 8000});
      expect(card(agent), 'no card before a question').to.equal(null);
      const run = agent.ask('Who am I?');
      const asked = await log.next('autoui-sign-in');
      expect(asked.server).to.equal('notes');
      expect(asked.issuer).to.equal(new URL(serverUrl('demo-protected')).origin);
      const shown = await cardShown(agent);
      expect(shown.textContent).to.contain('Sign in to notes').and.contain(new URL(serverUrl('demo-protected')).host);
      shown.querySelector<HTMLButtonElement>('[part="sign-in-button"]')!.click();
      expect(await whoami(run)).to.contain('demo-user');
      expect(agent.session.servers[0]).to.include({state: 'ready', protocol});
      await settle(agent);
      expect(card(agent)).to.equal(null);
      // Tokens are nowhere a page's scripts, a snapshot or an event would show them.
      const token = Object.keys(sessionStorage).find((k) => k.startsWith('autoui-oauth:tokens:'));
      expect(token, 'the token is kept for the tab').to.not.equal(undefined);
      const secret = JSON.parse(sessionStorage.getItem(token!)!).access_token as string;
      expect(JSON.stringify(agent.snapshot({conversation: true}))).to.not.contain(secret);
      expect(agent.outerHTML).to.not.contain(secret);
      agent.remove();
    });
  }

  it('"Not now" lets the question run without the server; the next question asks again', async () => {
    const {agent} = await agentOver('auto');
    await waitUntil(() => agent.session.servers[0]?.state === 'sign-in', 'no sign-in state', {timeout: 8000});
    const run = agent.ask('Who am I?');
    (await cardShown(agent)).querySelector<HTMLButtonElement>('[part="sign-in-later"]')!.click();
    const result = await run;
    expect(result.toolCalls[0]?.error ?? '').to.not.equal('');
    await settle(agent);
    expect(card(agent)).to.equal(null);
    void agent.ask('Again?');
    await cardShown(agent);
    agent.abort();
    agent.remove();
  });

  it('a closed sign-in window refuses the sign-in (MCP_AUTH_DENIED); the transcript and question stay', async () => {
    const {agent, log} = await agentOver('auto');
    await waitUntil(() => agent.session.servers[0]?.state === 'sign-in', 'no sign-in state', {timeout: 8000});
    const open = window.open;
    // The window closes before answering: what a person who closes the popup does.
    window.open = ((...args: Parameters<typeof window.open>) => {
      const popup = open.apply(window, args);
      popup?.close();
      return popup;
    }) as typeof window.open;
    try {
      const run = agent.ask('Who am I?');
      (await cardShown(agent)).querySelector<HTMLButtonElement>('[part="sign-in-button"]')!.click();
      await run;
      expect(log.of('autoui-server-error').map((e) => e.code)).to.include('MCP_AUTH_DENIED');
      expect(agent.session.transcript.some((e) => e.kind === 'user' && e.text === 'Who am I?')).to.equal(true);
    } finally {
      window.open = open;
      agent.remove();
    }
  });

  it('with persist, a new page (a new element) does not ask again; signOut() does', async () => {
    const first = await agentOver('auto', {persist: 'local', id: 'signin-persist'});
    const run = first.agent.ask('Who am I?');
    (await cardShown(first.agent)).querySelector<HTMLButtonElement>('[part="sign-in-button"]')!.click();
    expect(await whoami(run)).to.contain('demo-user');
    first.agent.remove();
    sessionStorage.clear();

    const second = await agentOver('auto', {persist: 'local', id: 'signin-persist-2'});
    await waitUntil(() => second.agent.session.servers[0]?.state === 'ready', 'the stored sign-in was not used', {timeout: 8000});
    expect(second.log.of('autoui-sign-in')).to.have.length(0);
    await second.agent.signOut('notes');
    await waitUntil(() => second.agent.session.servers[0]?.state === 'sign-in', 'signOut did not forget the tokens', {timeout: 8000});
    second.agent.remove();
  });
});
