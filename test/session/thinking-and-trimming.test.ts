/**
 * What a small model on the device adds to a conversation: its thinking, kept apart from its
 * answer (shown collapsed, never read back to it as the answer), and a notice when it could read
 * only the latest part of a long conversation.
 */
import {expect} from '@open-wc/testing';
import {AgentSession} from '../../src/session/agent-session.js';
import type {SessionEvent} from '../../src/session/session-events.js';
import type {ModelStreamPart} from '../../src/providers/language-model.js';
import {ScriptedModel, text, turn} from '../helpers/scripted-model.js';

const thinking = (delta: string): ModelStreamPart => ({type: 'reasoning-delta', delta});
const trimmed = (dropped: number): ModelStreamPart => ({type: 'context-trimmed', dropped, contextWindow: 4096});

describe('a model that thinks, and one that reads only the latest part', () => {
  it("keeps the thinking beside the answer in the transcript, out of the answer and out of the model's history", async () => {
    const model = new ScriptedModel([turn([thinking('The person asks about rain. '), thinking('Answer briefly.'), text('It rained 12 days.')]), turn([text('Yes.')])]);
    const session = new AgentSession({model, language: 'en', layers: []});
    const events: SessionEvent[] = [];
    session.subscribe((event) => events.push(event));
    const result = await session.ask('How many rainy days?');

    expect(result.text).to.equal('It rained 12 days.');
    const answer = session.transcript.find((e) => e.kind === 'assistant');
    expect(answer).to.deep.include({text: 'It rained 12 days.', thinking: 'The person asks about rain. Answer briefly.'});
    expect(events.filter((e) => e.type === 'reasoning').map((e) => (e as {delta: string}).delta).join('')).to.equal('The person asks about rain. Answer briefly.');
    expect(events.filter((e) => e.type === 'text').map((e) => (e as {delta: string}).delta).join(''), 'no thinking in the answer events').to.equal('It rained 12 days.');

    await session.ask('Sure?');
    expect(JSON.stringify(model.requests[1].messages), 'the next turn does not read the thinking').not.to.include('Answer briefly');
  });

  it('tells the person once a question that the model left out the oldest messages, with the largest count', async () => {
    const model = new ScriptedModel([
      turn([trimmed(2), {type: 'tool-call', id: 't1', name: 'missing_tool', input: {}}]),
      turn([trimmed(4), text('Done.')]),
      turn([text('Nothing left out.')]),
    ]);
    const session = new AgentSession({model, language: 'en', layers: []});
    await session.ask('First question');
    const notices = session.transcript.filter((e) => e.kind === 'notice' && e.reason === 'trimmed');
    expect(notices, 'one notice for the question').to.have.length(1);
    expect(notices[0]).to.deep.include({level: 'info', trimmed: {dropped: 4, contextWindow: 4096}});

    await session.ask('Second question');
    expect(session.transcript.filter((e) => e.kind === 'notice' && e.reason === 'trimmed'), 'no new notice when nothing was left out').to.have.length(1);
  });
});
