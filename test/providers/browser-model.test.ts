/**
 * The browser's built-in model as a provider (src/providers/browser/), against a faithful fake of
 * the Prompt API (test/helpers/fake-prompt-api.ts): words stream as the model writes them, tool
 * calls come from constrained answers, a model that must be downloaded waits for the person's yes,
 * and each failure has its own code and words.
 */
import {expect} from '@open-wc/testing';
import {BrowserModel} from '../../src/providers/browser/browser-model.js';
import type {ModelDownloadProgress} from '../../src/providers/model-download.js';
import type {ModelRequest, ModelStreamPart} from '../../src/providers/language-model.js';
import {FakePromptApi} from '../helpers/fake-prompt-api.js';

const QUERY = {name: 'data_mcp_query', description: 'Runs SQL on the data', input_schema: {type: 'object', properties: {sql: {type: 'string'}}, required: ['sql'], additionalProperties: false}};
const request = (over: Partial<ModelRequest> = {}): ModelRequest => ({system: 'You help.', messages: [{role: 'user', content: 'How many rainy days?'}], tools: [QUERY], ...over});

async function collect(parts: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const out: ModelStreamPart[] = [];
  for await (const part of parts) out.push(part);
  return out;
}
const errorCode = (parts: ModelStreamPart[]) => parts.flatMap((p) => (p.type === 'error' ? [p.error.code] : []));

describe('BrowserModel', () => {
  it('streams the words of an answer as the model writes them, then stops', async () => {
    const api = new FakePromptApi();
    api.answers.push(JSON.stringify({answer: 'Seattle had 12 "rainy" days.\nMost in March.'}));
    const parts = await collect(new BrowserModel({api}).stream(request()));
    const deltas = parts.flatMap((p) => (p.type === 'text-delta' ? [p.delta] : []));
    expect(deltas.length).to.be.greaterThan(3);
    expect(deltas.join('')).to.equal('Seattle had 12 "rainy" days.\nMost in March.');
    expect(parts.at(-1)).to.deep.equal({type: 'finish', reason: 'stop'});
    expect(api.sessions[0].destroyed).to.equal(true);
  });

  it('a constrained call becomes a tool call, with the offered tools and their schemas in the constraint', async () => {
    const api = new FakePromptApi();
    api.answers.push(JSON.stringify({tool: 'data_mcp_query', arguments: {sql: 'select count(*) from rain'}}));
    const parts = await collect(new BrowserModel({api}).stream(request()));
    const call = parts.find((p) => p.type === 'tool-call');
    expect(call).to.include({name: 'data_mcp_query'});
    expect((call as {input: unknown}).input).to.deep.equal({sql: 'select count(*) from rain'});
    expect(parts.some((p) => p.type === 'text-delta')).to.equal(false);
    expect(parts.at(-1)).to.deep.equal({type: 'finish', reason: 'tool-calls'});
    const constraint = api.sessions[0].prompts[0].constraint as {anyOf: Array<{properties: Record<string, unknown>}>};
    expect(constraint.anyOf.map((shape) => Object.keys(shape.properties))).to.deep.equal([['answer'], ['tool', 'arguments']]);
    // The tool's schema, its string bounded so a small model's call ends (closedObjects).
    expect(constraint.anyOf[1].properties.arguments).to.deep.equal({...QUERY.input_schema, properties: {sql: {type: 'string', maxLength: 500}}});
    // The system prompt says how to call tools and names them.
    expect(api.sessions[0].initialPrompts[0].content).to.include('data_mcp_query').and.include('"tool"');
  });

  it('the conversation so far becomes the session\'s history, tool results as marked messages', async () => {
    const api = new FakePromptApi();
    api.answers.push(JSON.stringify({answer: '12 days.'}));
    await collect(
      new BrowserModel({api}).stream(
        request({
          messages: [
            {role: 'user', content: 'How many rainy days?'},
            {role: 'assistant', content: [{type: 'tool-call', id: 'c1', name: 'data_mcp_query', input: {sql: 'select 12'}}]},
            {role: 'tool', content: [{type: 'tool-result', toolCallId: 'c1', toolName: 'data_mcp_query', output: '[[12]]'}]},
          ],
        }),
      ),
    );
    const {initialPrompts, prompts} = api.sessions[0];
    expect(initialPrompts.map((m) => m.role)).to.deep.equal(['system', 'user', 'assistant']);
    expect(initialPrompts[2].content).to.equal('{"tool":"data_mcp_query","arguments":{"sql":"select 12"}}');
    expect(prompts[0].input).to.equal('Result of data_mcp_query:\n[[12]]');
  });

  it('no Prompt API, or a device that cannot run the model: LOCAL_MODEL_UNAVAILABLE, nothing created', async () => {
    expect(errorCode(await collect(new BrowserModel({api: undefined}).stream(request())))).to.deep.equal(['LOCAL_MODEL_UNAVAILABLE']);
    const api = new FakePromptApi();
    api.availabilityState = 'unavailable';
    expect(errorCode(await collect(new BrowserModel({api}).stream(request())))).to.deep.equal(['LOCAL_MODEL_UNAVAILABLE']);
    expect(api.createCalls).to.equal(0);
  });

  it('a model to download waits for the person\'s yes, and reports the download', async () => {
    const api = new FakePromptApi();
    api.availabilityState = 'downloadable';
    // Nobody to ask, then a refusal: nothing is downloaded.
    expect(errorCode(await collect(new BrowserModel({api}).stream(request())))).to.deep.equal(['LOCAL_MODEL_REFUSED']);
    expect(errorCode(await collect(new BrowserModel({api, askToDownload: async () => false}).stream(request())))).to.deep.equal(['LOCAL_MODEL_REFUSED']);
    expect(api.createCalls).to.equal(0);
    // A yes: the download goes, with its progress, and the question is answered.
    const progress: ModelDownloadProgress[] = [];
    api.answers.push(JSON.stringify({answer: 'Here.'}));
    const parts = await collect(new BrowserModel({api, askToDownload: async () => true, onDownloadProgress: (p) => progress.push(p)}).stream(request()));
    expect(progress).to.deep.equal([{loaded: 0, total: 1}, {loaded: 0.5, total: 1}, {loaded: 1, total: 1}]);
    expect(parts.at(-1)).to.deep.equal({type: 'finish', reason: 'stop'});
  });

  it('Stop ends the turn midway with no error, and destroys the session', async () => {
    const api = new FakePromptApi();
    api.pieceDelayMs = 5;
    api.answers.push(JSON.stringify({answer: 'A long answer that is still being written when the person stops it.'}));
    const controller = new AbortController();
    const parts: ModelStreamPart[] = [];
    for await (const part of new BrowserModel({api}).stream(request(), {signal: controller.signal})) {
      parts.push(part);
      if (parts.length === 2) controller.abort();
    }
    expect(parts.every((p) => p.type === 'text-delta')).to.equal(true);
    expect(parts.map((p) => (p as {delta: string}).delta).join('').length).to.be.lessThan(30);
    expect(api.sessions[0].destroyed).to.equal(true);
  });

  it('a question longer than the model reads fails before the prompt, with the figures', async () => {
    const api = new FakePromptApi();
    api.contextWindow = 300;
    const parts = await collect(new BrowserModel({api}).stream(request({messages: [{role: 'user', content: 'x'.repeat(2000)}]})));
    const error = parts.find((p) => p.type === 'error');
    expect(error && error.type === 'error' && error.error.code).to.equal('LOCAL_MODEL_FAILED');
    expect(error && error.type === 'error' && error.error.message).to.match(/question is longer than the browser's built-in model can read \(\d+ of 300 tokens\)/);
    expect(api.sessions.flatMap((s) => s.prompts)).to.deep.equal([]);
    expect(api.sessions.every((s) => s.destroyed), 'every session made to measure is destroyed').to.equal(true);
  });

  it('a conversation longer than the model reads loses its oldest messages for this turn, and says how many', async () => {
    const api = new FakePromptApi();
    api.contextWindow = 600;
    api.answers.push(JSON.stringify({answer: 'Still 12.'}));
    // Ten earlier exchanges of about 100 tokens each: the window holds a few of them.
    const earlier = Array.from({length: 10}, (_, i) => [
      {role: 'user' as const, content: `Question ${i}: ${'q'.repeat(200)}`},
      {role: 'assistant' as const, content: [{type: 'text' as const, text: `Answer ${i}: ${'a'.repeat(200)}`}]},
    ]).flat();
    const parts = await collect(new BrowserModel({api}).stream(request({messages: [...earlier, {role: 'user', content: 'And now?'}]})));

    const notice = parts.find((p) => p.type === 'context-trimmed');
    expect(notice, 'the turn says it left messages out').to.exist;
    const {dropped, contextWindow} = notice as {dropped: number; contextWindow: number};
    expect(contextWindow).to.equal(600);
    expect(dropped).to.be.within(1, 19);
    const answered = api.sessions.find((s) => s.prompts.length)!;
    expect(answered.initialPrompts[0].role, 'the system prompt is kept').to.equal('system');
    expect(answered.initialPrompts[1].role, 'the kept part starts with a question').to.equal('user');
    expect(answered.initialPrompts.length - 1, 'what was kept and what was left out make the whole').to.equal(20 - dropped);
    expect(answered.initialPrompts.at(-1)!.content, 'the latest exchange is kept').to.include('Answer 9');
    expect(answered.prompts[0].input).to.equal('And now?');
    expect(parts.filter((p) => p.type === 'text-delta').map((p) => (p as {delta: string}).delta).join('')).to.equal('Still 12.');
    expect(api.sessions.every((s) => s.destroyed)).to.equal(true);
  });

  it('a conversation that fits is read whole, with no notice', async () => {
    const api = new FakePromptApi();
    api.answers.push(JSON.stringify({answer: 'Yes.'}));
    const parts = await collect(new BrowserModel({api}).stream(request()));
    expect(parts.some((p) => p.type === 'context-trimmed')).to.equal(false);
    expect(api.createCalls, 'one session, no measuring').to.equal(1);
  });

  describe('where the browser has tool use', () => {
    it('gives the session the tools and turns their calls into the turn\'s calls, with the words before them', async () => {
      const api = new FakePromptApi();
      api.toolUse = true;
      api.answers.push({text: 'Let me look. ', calls: [{name: QUERY.name, arguments: {sql: 'select 1'}}, {name: QUERY.name, arguments: {sql: 'select 2'}}]});
      const parts = await collect(new BrowserModel({api}).stream(request()));

      expect(parts.filter((p) => p.type === 'text-delta').map((p) => (p as {delta: string}).delta).join('')).to.equal('Let me look. ');
      expect(parts.filter((p) => p.type === 'tool-call').map((p) => [(p as {name: string}).name, (p as {input: unknown}).input])).to.deep.equal([
        [QUERY.name, {sql: 'select 1'}],
        [QUERY.name, {sql: 'select 2'}],
      ]);
      expect(parts.at(-1)).to.deep.equal({type: 'finish', reason: 'tool-calls'});
      const session = api.sessions[0];
      expect(session.tools.map((t) => [t.name, t.inputSchema])).to.deep.equal([[QUERY.name, QUERY.input_schema]]);
      expect(session.prompts[0].constraint, 'no constraint: the model writes as it was trained to').to.equal(undefined);
      expect(session.initialPrompts[0].content, 'no JSON instructions in the system prompt').to.equal('You help.');
      expect(session.destroyed, 'the prompt that waited for results is ended').to.equal(true);
    });

    it("the next turn reads the call and its result in the history, and answers in words", async () => {
      const api = new FakePromptApi();
      api.toolUse = true;
      api.answers.push({text: 'It rained 12 days.', calls: []});
      const parts = await collect(
        new BrowserModel({api}).stream(
          request({
            messages: [
              {role: 'user', content: 'How many rainy days?'},
              {role: 'assistant', content: [{type: 'tool-call', id: 'c1', name: QUERY.name, input: {sql: 'select 1'}}]},
              {role: 'tool', content: [{type: 'tool-result', toolCallId: 'c1', toolName: QUERY.name, output: '12'}]},
            ],
          }),
        ),
      );
      expect(parts.at(-1)).to.deep.equal({type: 'finish', reason: 'stop'});
      const session = api.sessions[0];
      expect(session.initialPrompts.map((m) => m.role)).to.deep.equal(['system', 'user', 'assistant']);
      expect(session.initialPrompts[2].content).to.include(QUERY.name).and.to.include('select 1');
      expect(session.prompts[0].input).to.equal(`Result of ${QUERY.name}:\n12`);
    });

    it('a turn that must call a tool stays constrained (tool use cannot be held to a call)', async () => {
      const api = new FakePromptApi();
      api.toolUse = true;
      api.answers.push(JSON.stringify({tool: QUERY.name, arguments: {sql: 'select 1'}}));
      const parts = await collect(new BrowserModel({api}).stream(request({toolChoice: 'required'})));
      expect(parts.find((p) => p.type === 'tool-call')).to.deep.include({name: QUERY.name, input: {sql: 'select 1'}});
      expect(api.sessions[0].tools).to.deep.equal([]);
      expect(api.sessions[0].prompts[0].constraint).to.exist;
    });

    it('arguments that are not an object are the call\'s inputError, never run', async () => {
      const api = new FakePromptApi();
      api.toolUse = true;
      api.answers.push({calls: [{name: QUERY.name, arguments: 'select 1'}]});
      const parts = await collect(new BrowserModel({api}).stream(request()));
      expect(parts.find((p) => p.type === 'tool-call')).to.deep.include({input: {}, inputError: 'The arguments must be a JSON object.'});
    });

    it('Stop while the model writes ends the turn with no error and no call', async () => {
      const api = new FakePromptApi();
      api.toolUse = true;
      api.pieceDelayMs = 5;
      api.answers.push({text: 'word '.repeat(200), calls: [{name: QUERY.name, arguments: {sql: 'select 1'}}]});
      const stop = new AbortController();
      const parts: ModelStreamPart[] = [];
      for await (const part of new BrowserModel({api}).stream(request(), {signal: stop.signal})) {
        parts.push(part);
        if (parts.length === 3) stop.abort();
      }
      expect(parts.some((p) => p.type === 'error' || p.type === 'tool-call')).to.equal(false);
      expect(api.sessions[0].destroyed).to.equal(true);
    });
  });

  it('a failure of the model is LOCAL_MODEL_FAILED with its words, never a throw', async () => {
    const api = new FakePromptApi();
    const parts = await collect(new BrowserModel({api}).stream(request()));
    const error = parts.find((p) => p.type === 'error');
    expect(error && error.type === 'error' && error.error.code).to.equal('LOCAL_MODEL_FAILED');
    expect(error && error.type === 'error' && error.error.message).to.include('no answer scripted');
  });
});
