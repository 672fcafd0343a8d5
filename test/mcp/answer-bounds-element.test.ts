/**
 * An MCP answer over the limits of one message, seen from `<autoui-agent>` in Chromium with the
 * fake LLM and the real `mcp-big-results` server over HTTP: the model is told the call failed and
 * why (with both sizes), the person's messages and the transcript stay, and the next call to the
 * same server works.
 */
import {expect, waitUntil} from '@open-wc/testing';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {createScenario, messageTexts, mountAgent, serverUrl, settle, ui} from '../element/harness.js';

describe('an MCP answer over the limits, in the element', function () {
  this.timeout(120_000);
  let agent: AutouiAgent | undefined;
  afterEach(() => agent?.remove());

  it('fails the call with the sizes, keeps the conversation, and the next call works', async () => {
    const scenario = await createScenario([
      {toolCalls: [{id: 'toolu_big', name: 'big_mcp_big_result', input: {chars: 12_500_000}}]},
      {text: 'That answer was too large.'},
      {toolCalls: [{id: 'toolu_small', name: 'big_mcp_big_result', input: {chars: 40}}]},
      {text: 'Got it.'},
    ], 'answer bounds');
    agent = await mountAgent(scenario, {attributes: {lang: 'en', 'eager-tools': true}, servers: [{name: 'big', url: serverUrl('mcp-big-results')}]});
    await waitUntil(() => agent!.session.servers.every((s) => s.state === 'ready'), 'the server did not connect', {timeout: 20_000});

    expect((await agent.ask('Get the big result')).stopReason).to.equal('end_turn');
    await settle(agent);
    const [, afterBig] = await scenario.requests();
    const told = messageTexts(afterBig!).join('\n');
    // (A boolean, so a failure does not print megabytes of result.)
    expect(/too large: 12\.5 MB.*up to 4 MB/.test(told), `the model was told: ${told.slice(0, 300)}…`).to.equal(true);

    expect((await agent.ask('Now a small one')).stopReason).to.equal('end_turn');
    await settle(agent);
    const requests = await scenario.requests();
    expect(messageTexts(requests.at(-1)!).join('\n')).to.contain('row of a very large tool result');
    expect(ui(agent).questions().join(' | ')).to.match(/Get the big result.*\| .*Now a small one/);
    expect(ui(agent).answers().join(' ')).to.contain('That answer was too large.').and.contain('Got it.');
  });
});
