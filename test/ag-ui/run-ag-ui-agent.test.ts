import {expect} from '@open-wc/testing';
import {approvals, received, scripted, setup} from './ag-ui-fixture.js';

describe('runAgUiAgent against the scripted AG-UI server', () => {
  it('streams the answer through onText and returns it with the usage and the conversation', async () => {
    const {told, ask} = setup(scripted('text'));
    const result = await ask('What is AG-UI?');
    const answer = 'You asked: What is AG-UI?. This answer comes from the scripted AG-UI agent.';
    expect(result.stopReason).to.equal('end_turn');
    expect(result.text).to.equal(answer);
    expect(told.text.join('')).to.equal(answer);
    expect(told.messages).to.deep.equal([answer]);
    expect(result.usage).to.deep.equal({inputTokens: 12, outputTokens: 34});
    expect(result.messages).to.deep.equal([
      {role: 'user', content: 'What is AG-UI?'},
      {role: 'assistant', content: [{type: 'text', text: answer}]},
    ]);
  });

  it('sends the conversation back with the next question, on the same thread', async () => {
    const {ask, threadId} = setup(scripted('text'));
    const first = await ask('First question');
    await ask('Second question', {history: first.messages});
    const inputs = (await received(threadId)).map((r) => r.input);
    expect(inputs).to.have.length(2);
    expect(inputs[1].threadId).to.equal(threadId);
    expect(inputs[1].messages.map((m: {role: string; content: string}) => [m.role, m.content.slice(0, 30)])).to.deep.equal([
      ['user', 'First question'],
      ['assistant', 'You asked: First question. Thi'],
      ['user', 'Second question'],
    ]);
  });

  it("shows the agent's own tool call as a pill with its arguments and result", async () => {
    const {told, ask} = setup(scripted('server-tool'));
    const result = await ask('Weather in Paris?');
    expect(told.toolCalls).to.have.length(1);
    const [call] = told.toolCalls;
    expect(call).to.include({id: 'tc-weather', name: 'lookup_weather', server: 'agent'});
    expect(call.args).to.deep.equal({city: 'Paris'});
    expect(JSON.parse(call.result)).to.deep.equal({city: 'Paris', tempC: 21});
    expect(result.text).to.equal('It is 21 °C in Paris.');
  });

  it('offers the WebMCP tools with their schemas, and a widget_display call draws a validated chart, its result sent back', async () => {
    const {store, told, ask, threadId} = setup(scripted('frontend-tool'));
    const result = await ask('Chart the sales');
    const [first] = await received(threadId);
    const offered = first.input.tools.find((t: {name: string}) => t.name === 'widget_display');
    expect(offered.parameters.type).to.equal('object');
    expect(first.input.tools.map((t: {name: string}) => t.name)).to.include('canvas');
    expect(store.list().map((w) => w.type)).to.deep.equal(['chart']);
    expect(store.list()[0].params).to.deep.include({title: 'Sales', labels: ['Q1', 'Q2', 'Q3']});
    expect(result.widgets.map((w) => w.type)).to.deep.equal(['chart']);
    expect(told.toolCalls.map((c) => [c.name, c.error ?? null])).to.deep.equal([['widget_display', null]]);
    expect(result.text).to.match(/^The page answered: /);
    expect(result.text).to.contain(store.list()[0].id);
    expect(result.stopReason).to.equal('end_turn');
  });

  for (const [label, query] of [['arguments the schema refuses', ''], ['arguments that are not JSON', 'args=broken']] as const) {
    it(`a frontend call with ${label} gets an error result, and the agent goes on`, async () => {
      const {store, told, ask, threadId} = setup(scripted('invalid-args', query));
      const result = await ask('Chart the sales');
      expect(told.toolCalls).to.have.length(2);
      expect(told.toolCalls[0].error, 'the first call failed').to.be.a('string');
      expect(told.toolCalls[1].error).to.equal(undefined);
      const runs = await received(threadId);
      const sent = runs[1].input.messages.find((m: {role: string}) => m.role === 'tool');
      expect(sent.error, 'the error went back to the agent').to.be.a('string');
      expect(store.list().map((w) => w.type)).to.deep.equal(['chart']);
      expect(result.text).to.match(/^Drawn after fixing the arguments/);
      expect(result.stopReason).to.equal('end_turn');
    });
  }

  it('an interrupt asks the approval gate with what would be done, and Allow resumes the run', async () => {
    const gate = approvals({decision: 'allow'});
    const {ask, told, threadId} = setup(scripted('interrupt'), {approval: gate});
    const result = await ask('Delete the Q3 report');
    expect(gate.asked).to.have.length(1);
    expect(gate.asked[0]).to.deep.include({id: 'approve-delete', name: 'delete_report', title: 'Delete the Q3 report?', args: {report: 'Q3'}});
    const runs = await received(threadId);
    expect(runs[1].input.resume).to.deep.equal([{interruptId: 'approve-delete', status: 'resolved', payload: {approved: true}}]);
    expect(result.text).to.equal('Approved: I deleted the Q3 report.');
    expect(told.toolCalls.map((c) => c.name)).to.include('delete_report');
  });

  it("Deny resumes the run with the person's no", async () => {
    const gate = approvals({decision: 'deny', reason: 'keep it'});
    const {ask, threadId} = setup(scripted('interrupt'), {approval: gate});
    const result = await ask('Delete the Q3 report');
    const runs = await received(threadId);
    expect(runs[1].input.resume[0]).to.deep.include({interruptId: 'approve-delete', status: 'resolved', payload: {approved: false, reason: 'keep it'}});
    expect(result.text).to.equal('Denied: I left the Q3 report alone.');
  });

  it('Stop while the person is asked ends the question: nothing is resumed, and the waiting call is closed in the conversation', async () => {
    const controller = new AbortController();
    const asked: string[] = [];
    const gate = {policyFor: () => 'writes' as const, ask: (request: {id: string}) => (asked.push(request.id), controller.abort(), new Promise<never>(() => {}))};
    const {ask, threadId} = setup(scripted('interrupt'), {approval: gate, signal: controller.signal});
    const result = await ask('Delete the Q3 report');
    expect(asked).to.deep.equal(['approve-delete']);
    expect(result.stopReason).to.equal('aborted');
    expect(await received(threadId)).to.have.length(1);
    const closed = result.messages.at(-1)!;
    expect(closed.role).to.equal('tool');
    expect(JSON.stringify(closed.content)).to.contain('tc-delete').and.contain('Not executed');
  });

  it('STATE_SNAPSHOT then STATE_DELTA give the state, told and returned, and sent with the next question', async () => {
    const {ask, told, threadId} = setup(scripted('state'));
    const first = await ask('Count');
    expect(first.state).to.deep.equal({visits: 1, items: ['a', 'b'], status: 'done'});
    expect(told.states.at(-1)).to.deep.equal(first.state);
    expect(told.states[0]).to.deep.equal({visits: 1, items: ['a']});
    const second = await ask('Again', {state: first.state, history: first.messages});
    expect((await received(threadId))[1].input.state).to.deep.equal(first.state);
    expect(second.state).to.deep.include({visits: 2});
  });

  it('reads every event type of AG-UI 1.0 in one run', async () => {
    const {ask, told} = setup(scripted('every-event'));
    const result = await ask('Everything');
    expect(result.stopReason).to.equal('end_turn');
    expect(result.error).to.equal(undefined);
    expect(result.state).to.deep.equal({counter: 2, items: ['alpha']});
    expect(told.reasoning.join('')).to.equal('Thinking about it. More thought.');
    expect(told.text.join('')).to.not.contain('Thinking');
    expect(told.toolCalls.map((c) => [c.name, c.result])).to.deep.include(['server_time', '12:00']);
    expect(told.toolCalls.map((c) => c.name)).to.include('lookup_weather');
    expect(told.messages).to.deep.equal(['Every event was sent.', 'A chunked message.']);
    expect(result.text).to.equal('A chunked message.');
    // MESSAGES_SNAPSHOT restored an earlier answer into the conversation, and told the transcript to restore.
    expect(JSON.stringify(result.messages)).to.contain('An earlier answer, restored.');
    expect(told.snapshots).to.have.length(1);
    expect(told.snapshots[0]).to.deep.include({role: 'assistant', content: [{type: 'text', text: 'An earlier answer, restored.'}]});
  });

  it('keeps two messages streamed at once apart', async () => {
    const {ask, told} = setup(scripted('interleaved'));
    await ask('Both');
    expect(told.messages.slice().sort()).to.deep.equal(['First message.', 'Second message.']);
    expect(told.toolCalls.map((c) => c.args)).to.deep.equal([{city: 'Oslo'}]);
  });

  it('sends a visitor token and the page\'s headers, never a provider key', async () => {
    const {ask, threadId} = setup(scripted('text'), {visitorToken: () => 'visitor-123', headers: {'x-page': 'yes'}});
    await ask('Hello');
    const [run] = await received(threadId);
    expect(run.headers['x-autoui-visitor']).to.equal('visitor-123');
    expect(run.headers['x-page']).to.equal('yes');
    expect(run.headers).to.not.have.any.keys('authorization', 'x-api-key');
  });
});
