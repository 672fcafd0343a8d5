/**
 * `<autoui-agent agent="...">`: the element as the frontend of the site's own AG-UI agent, against
 * the scripted AG-UI server and a real Mastra agent (test/servers/agui-*.mjs): what a person sees
 * (streamed text, tool pills, the chart the agent drew, the approval card, Stop) and what the page
 * reads (`agentState`, `autoui-agent-state`, `autoui-error`).
 */
import {expect, waitUntil} from '@open-wc/testing';
import {SERVERS} from '@test/servers';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {mountAgent, settle, ui, widgetsRendered} from '../element/harness.js';
import {scripted} from './ag-ui-fixture.js';

/** The Mastra AG-UI server's URL for `script`. */
function mastra(script: string): string {
  const base = SERVERS['agui-mastra'];
  if (!base) throw new Error('the agui-mastra test server is not running (it needs Node 22 and a first install)');
  return `${base.replace(/\/$/, '')}/${script}`;
}

/** The element, with no provider, endpoint or key: only the agent's URL. */
const mountWithAgent = (url: string, more: Record<string, string> = {}) => mountAgent(undefined, {attributes: {lang: 'en', agent: url, ...more}});

/** Every `fetch` of the page while `work` runs: its URL, headers and JSON body. */
async function fetchesDuring<T>(work: () => Promise<T>): Promise<{result: T; calls: Array<{url: string; headers: Headers; body: any}>}> {
  const original = window.fetch;
  const calls: Array<{url: string; headers: Headers; body: any}> = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    let body: unknown;
    try {
      body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    } catch {
      body = undefined;
    }
    calls.push({url: input instanceof Request ? input.url : String(input), headers: new Headers(init?.headers), body});
    return original(input, init);
  };
  try {
    return {result: await work(), calls};
  } finally {
    window.fetch = original;
  }
}

/** The `detail`s of `name` events the element fires from now on. */
function listen(agent: AutouiAgent, name: string): unknown[] {
  const details: unknown[] = [];
  agent.addEventListener(name, (event) => details.push((event as CustomEvent).detail));
  return details;
}

describe('<autoui-agent agent> with the scripted AG-UI agent', function () {
  // The first question of the file loads the element's engine and the agent's chunk (compiled on first use).
  this.timeout(60_000);

  it("answers with the agent's streamed text, with no provider, endpoint or key, and no error", async () => {
    const agent = await mountWithAgent(scripted('text'), {'visitor-token': 'visitor-123'});
    const errors = listen(agent, 'autoui-error');
    const {result, calls} = await fetchesDuring(() => agent.ask('Hello there'));
    await settle(agent);
    expect(result.stopReason, JSON.stringify(result.error)).to.equal('end_turn');
    expect(ui(agent).questions()).to.deep.equal(['You: Hello there']);
    expect(ui(agent).answers().join(' ')).to.contain('You asked: Hello there. This answer comes from the scripted AG-UI agent.');
    expect(errors).to.deep.equal([]);
    // Only the agent was asked: no model provider, and the visitor token, never a key.
    expect(calls.map((c) => c.url)).to.deep.equal([scripted('text')]);
    expect(calls[0].headers.get('x-autoui-visitor')).to.equal('visitor-123');
    expect(calls[0].headers.has('x-api-key') || calls[0].headers.has('authorization')).to.equal(false);
  });

  it("shows the agent's own tool call as a pill", async () => {
    const agent = await mountWithAgent(scripted('server-tool'));
    const result = await agent.ask('Weather in Paris?');
    await settle(agent);
    expect(result.stopReason, JSON.stringify(result.error)).to.equal('end_turn');
    expect(ui(agent).pills().some((pill) => pill.includes('lookup_weather'))).to.equal(true);
    expect(ui(agent).answers().join(' ')).to.contain('It is 21 °C in Paris.');
  });

  it('draws the chart the agent asked for through the frontend tool widget_display, and the agent continues from its result', async () => {
    const agent = await mountWithAgent(scripted('frontend-tool'));
    const result = await agent.ask('Chart it');
    await widgetsRendered(agent);
    expect(result.stopReason, JSON.stringify(result.error)).to.equal('end_turn');
    expect(agent.widgets.map((w) => w.type)).to.deep.equal(['chart']);
    expect(ui(agent).widgets()).to.have.length(1);
    expect(ui(agent).widgets()[0].element, 'the chart is rendered on the canvas').to.not.equal(null);
    expect(ui(agent).answers().join(' ')).to.contain('The page answered:');
  });

  it("shows the agent's interrupt as the approval card; Allow resumes the run", async () => {
    const agent = await mountWithAgent(scripted('interrupt'));
    const run = agent.ask('Delete the Q3 report');
    await waitUntil(() => ui(agent).cards().length === 1, 'no approval card', {timeout: 20_000});
    expect(ui(agent).cards()[0].textContent, 'the card says what would be done').to.contain('Q3');
    ui(agent).cardButton('allow')!.click();
    const result = await run;
    await settle(agent);
    expect(result.stopReason, JSON.stringify(result.error)).to.equal('end_turn');
    expect(ui(agent).answers().join(' ')).to.contain('Approved: I deleted the Q3 report.');
  });

  it('Stop cancels the running agent', async () => {
    const agent = await mountWithAgent(scripted('slow'));
    const run = agent.ask('Count slowly');
    await waitUntil(() => ui(agent).answers().join(' ').includes('tick 2'), 'no streamed ticks', {timeout: 20_000});
    await settle(agent);
    ui(agent).stopButton()!.click();
    const result = await run;
    expect(result.stopReason).to.equal('aborted');
    expect(agent.session.running).to.equal(false);
    // The ticks streamed before Stop stay in the transcript.
    expect(ui(agent).answers().join(' ')).to.contain('tick 1');
  });

  it("keeps the agent's state: agentState, an autoui-agent-state event per change, and sent back with the next question", async () => {
    const agent = await mountWithAgent(scripted('state'));
    expect(agent.agentState).to.equal(undefined);
    const states = listen(agent, 'autoui-agent-state');
    const {calls} = await fetchesDuring(async () => {
      await agent.ask('Visit');
      await agent.ask('Visit again');
    });
    expect(agent.agentState).to.deep.equal({visits: 2, items: ['a', 'b'], status: 'done'});
    // Per question: the snapshot, then the delta's result.
    expect(states).to.have.length(4);
    expect(states[0]).to.deep.equal({state: {visits: 1, items: ['a']}});
    expect(states[3]).to.deep.equal({state: agent.agentState});
    expect(calls[1].body.state).to.deep.equal({visits: 1, items: ['a', 'b'], status: 'done'});
    expect(calls[1].body.threadId, 'one thread per conversation').to.equal(calls[0].body.threadId);
  });

  it('clear() forgets the state and starts a new thread', async () => {
    const agent = await mountWithAgent(scripted('state'));
    const {calls} = await fetchesDuring(async () => {
      await agent.ask('Visit');
      agent.clear();
      expect(agent.agentState).to.equal(undefined);
      await agent.ask('Visit after clearing');
    });
    expect(calls[1].body.threadId).to.not.equal(calls[0].body.threadId);
    expect(calls[1].body.state).to.deep.equal({});
    expect(agent.agentState).to.deep.include({visits: 1});
  });

  it("a run error keeps the question, the transcript and the canvas, told as AGENT_HTTP with the agent's words", async () => {
    const agent = await mountWithAgent(scripted('frontend-tool'));
    await agent.ask('Chart it');
    await widgetsRendered(agent);
    const errors = listen(agent, 'autoui-error') as Array<{code: string; message: string}>;
    agent.setAttribute('agent', scripted('run-error'));
    const result = await agent.ask('Now fail');
    await settle(agent);
    expect(result.stopReason).to.equal('error');
    expect(result.error?.code).to.equal('AGENT_HTTP');
    expect(errors.map((e) => e.code)).to.deep.equal(['AGENT_HTTP']);
    expect(errors[0].message).to.contain('The scripted agent failed mid-stream.');
    expect(ui(agent).questions()).to.deep.equal(['You: Chart it', 'You: Now fail']);
    expect(ui(agent).answers().join(' ')).to.contain('The page answered:').and.contain('Partial answer before the failure.');
    expect(agent.widgets.map((w) => w.type)).to.deep.equal(['chart']);
  });

  it("MESSAGES_SNAPSHOT restores the transcript: the person reads the agent's rewritten conversation, its tool call a pill, and the canvas stays", async () => {
    const agent = await mountWithAgent(scripted('frontend-tool'));
    await agent.ask('Chart it');
    await widgetsRendered(agent);
    agent.setAttribute('agent', scripted('summary'));
    const result = await agent.ask('Sum it up');
    await settle(agent);
    expect(result.stopReason, JSON.stringify(result.error)).to.equal('end_turn');
    // The agent's version, not what was streamed or asked before it.
    expect(ui(agent).questions()).to.deep.equal(['You: Summary of our talk so far']);
    expect(ui(agent).answers()).to.have.length(1);
    expect(ui(agent).answers()[0]).to.contain('Summary: you asked "Sum it up"; I looked up the weather in Rome.');
    expect(ui(agent).answers().join(' ')).to.not.contain('A long answer').and.not.contain('The page answered:');
    expect(ui(agent).pills()).to.have.length(1);
    expect(ui(agent).pills()[0]).to.contain('lookup_weather');
    expect(agent.widgets.map((w) => w.type)).to.deep.equal(['chart']);
    expect(ui(agent).widgets()).to.have.length(1);
    // The next question continues from the agent's version.
    agent.setAttribute('agent', scripted('text'));
    const {calls} = await fetchesDuring(() => agent.ask('And then?'));
    await settle(agent);
    const sent = (calls[0].body.messages as Array<{role: string; content?: string}>).map((m) => `${m.role}: ${m.content ?? ''}`);
    expect(sent[0]).to.equal('user: Summary of our talk so far');
    expect(sent.join('\n')).to.contain('tempC').and.not.contain('Chart it');
    expect(ui(agent).questions()).to.deep.equal(['You: Summary of our talk so far', 'You: And then?']);
  });

  it('two elements on one page, each with its own agent, each get their own answer', async () => {
    const [one, two] = await Promise.all([mountWithAgent(scripted('text')), mountWithAgent(scripted('server-tool'))]);
    const [first, second] = await Promise.all([one.ask('First question'), two.ask('Second question')]);
    await Promise.all([settle(one), settle(two)]);
    expect(first.stopReason, JSON.stringify(first.error)).to.equal('end_turn');
    expect(second.stopReason, JSON.stringify(second.error)).to.equal('end_turn');
    expect(ui(one).answers().join(' ')).to.contain('You asked: First question.').and.not.contain('Paris');
    expect(ui(two).answers().join(' ')).to.contain('It is 21 °C in Paris.').and.not.contain('You asked');
    expect(ui(one).pills()).to.deep.equal([]);
  });
});

describe('<autoui-agent agent> with a real Mastra agent (@ag-ui/mastra, the fake LLM as its model)', function () {
  this.timeout(60_000);

  it("one conversation end to end: the agent's answer, its own tool, a chart through widget_display, and approval", async () => {
    const agent = await mountWithAgent(mastra('all'));
    const run = agent.ask('Everything');
    await waitUntil(() => ui(agent).cards().length === 1, 'no approval card', {timeout: 30_000});
    expect(ui(agent).cards()[0].textContent, 'the card says what would be done').to.contain('Q3');
    ui(agent).cardButton('allow')!.click();
    const result = await run;
    await widgetsRendered(agent);
    expect(result.stopReason, JSON.stringify(result.error)).to.equal('end_turn');
    expect(ui(agent).pills().some((pill) => pill.includes('get_weather'))).to.equal(true);
    expect(agent.widgets.map((w) => w.type)).to.deep.equal(['chart']);
    expect(ui(agent).widgets()[0].element).to.not.equal(null);
    expect(ui(agent).answers().join(' ')).to.contain('Done: the Q3 report was deleted.');
  });
});
