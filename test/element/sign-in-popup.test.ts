/**
 * The sign-in window (issue 46, item 4): it has no `opener`, so the authorization server's pages
 * cannot reach or navigate the page; the answer comes back on the origin's channel, where only
 * the answer with this sign-in's `state` counts. Real window, real authorization server
 * (the Notes demo server), real callback page.
 */
import {expect, waitUntil} from '@open-wc/testing';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {EventLog, createScenario, mountAgent, serverUrl, settle} from './harness.js';

const card = (agent: AutouiAgent) => agent.shadowRoot!.querySelector('autoui-transcript')!.shadowRoot!.querySelector<HTMLElement>('[part~="sign-in"]');

async function agentOver(server: string, callback: string) {
  const scenario = await createScenario([{toolCalls: [{name: 'notes_mcp_whoami', input: {}}]}, {text: 'Done.'}], 'sign-in-popup');
  const agent = await mountAgent(scenario, {
    attributes: {lang: 'en', 'eager-tools': true, 'oauth-callback': callback},
    servers: [{name: 'notes', url: serverUrl(server), protocol: '2026-07-28'}],
  });
  await waitUntil(() => agent.session.servers[0]?.state === 'sign-in', 'the server did not ask to sign in', {timeout: 20_000});
  return {agent, log: new EventLog(agent)};
}

async function clickSignIn(agent: AutouiAgent) {
  await waitUntil(async () => (await settle(agent), card(agent) !== null), 'no sign-in card', {timeout: 10_000});
  card(agent)!.querySelector<HTMLButtonElement>('[part="sign-in-button"]')!.click();
}

describe('the sign-in window', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.removeItem('autoui-test-opener');
  });

  it('has no opener, and the sign-in completes through the channel', async () => {
    const {agent} = await agentOver('demo-protected', '/test/fixtures/oauth/opener-probe.html');
    try {
      const run = agent.ask('Who am I?');
      await clickSignIn(agent);
      const call = (await run).toolCalls.find((c) => c.tool === 'whoami');
      expect(call?.result ?? call?.error).to.contain('demo-user');
      expect(localStorage.getItem('autoui-test-opener'), 'window.opener in the sign-in window').to.equal('none');
    } finally {
      agent.remove();
    }
  });

  it('an answer posted by another window of the origin, without this sign-in\'s state, is ignored', async () => {
    const open = window.open;
    let popup: Window | null = null;
    window.open = ((...args: Parameters<typeof window.open>) => (popup = open.apply(window, args))) as typeof window.open;
    // The consent page waits for a click that never comes: only forged answers arrive.
    const {agent, log} = await agentOver('demo-protected-consent', '/test/fixtures/oauth/oauth-callback.html');
    try {
      const run = agent.ask('Who am I?');
      await clickSignIn(agent);
      await waitUntil(() => popup !== null, 'no window opened');
      const channel = new BroadcastChannel('autoui-oauth');
      channel.postMessage({type: 'autoui-oauth-callback', params: 'code=forged&state=not-this-one'});
      channel.postMessage({type: 'autoui-oauth-callback', params: 'code=forged'});
      window.postMessage({type: 'autoui-oauth-callback', params: 'code=forged'}, location.origin);
      channel.close();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await settle(agent);
      expect(card(agent), 'a forged answer settled the card').to.not.equal(null);
      expect(log.of('autoui-server-error')).to.have.length(0);
      // The person leaves it there: Stop retracts the card (the window itself cannot be closed
      // from here: it has no opener, which is the point).
      agent.abort();
      await run;
      expect(log.of('autoui-server-error')).to.have.length(0);
      expect(agent.session.transcript.some((e) => e.kind === 'user' && e.text === 'Who am I?')).to.equal(true);
    } finally {
      window.open = open;
      agent.remove();
    }
  });
});
