import {expect} from '@open-wc/testing';
import type {ModelRequest} from '../../src/providers/language-model.js';
import {AnthropicModel} from '../../src/providers/index.js';
import {collect, finishOf, scenario, textOf} from './fake-llm.js';
import {runProviderSuite} from './provider-suite.js';

runProviderSuite('anthropic');

const tools = (n: number) => Array.from({length: n}, (_, i) => ({name: `data_mcp_t${i}`, description: `tool ${i}`, input_schema: {type: 'object', properties: {}}}));

describe('anthropic: the request on the wire', () => {
  it('posts to {endpoint}/v1/messages with anthropic-version and streaming on', async () => {
    const s = await scenario([{text: 'hi'}]);
    await collect(new AnthropicModel({endpoint: `${s.base}/`, model: 'claude-test'}).stream({system: 'S', messages: [{role: 'user', content: 'Q'}], tools: []}));
    const [request] = await s.requests();
    expect(request.path).to.equal(`/s/${s.id}/v1/messages`);
    expect(request.headers['anthropic-version']).to.equal('2023-06-01');
    expect(request.headers['content-type']).to.equal('application/json');
    expect(request.body).to.include({model: 'claude-test', stream: true});
    expect(request.body).not.to.have.property('tools');
  });

  it('always sets max_tokens (the request\'s, else the default 4096)', async () => {
    const s = await scenario([{text: 'a'}, {text: 'b'}]);
    const model = new AnthropicModel({endpoint: s.base});
    await collect(model.stream({system: '', messages: [{role: 'user', content: 'Q'}], tools: [], maxTokens: 77}));
    await collect(model.stream({system: '', messages: [{role: 'user', content: 'Q'}], tools: []}));
    expect((await s.requests()).map((r) => r.body.max_tokens)).to.deep.equal([77, 4096]);
  });

  it('marks the system prompt, the last tool and the last message block for prompt caching', async () => {
    const s = await scenario([{text: 'ok'}]);
    await collect(new AnthropicModel({endpoint: s.base}).stream({system: 'The prompt', messages: [{role: 'user', content: 'Q'}], tools: tools(3)}));
    const {body} = (await s.requests())[0];
    expect(body.system).to.deep.equal([{type: 'text', text: 'The prompt', cache_control: {type: 'ephemeral'}}]);
    expect(body.tools.map((t: any) => t.cache_control ?? null)).to.deep.equal([null, null, {type: 'ephemeral'}]);
    expect(body.tools[0]).to.deep.equal({name: 'data_mcp_t0', description: 'tool 0', input_schema: {type: 'object', properties: {}}});
    expect(body.messages.at(-1).content.at(-1).cache_control).to.deep.equal({type: 'ephemeral'});
  });

  it('turns tool results into a user message of tool_result blocks, merged with a following nudge', async () => {
    const s = await scenario([{text: 'ok'}]);
    const request: ModelRequest = {
      system: 'S',
      tools: tools(1),
      messages: [
        {role: 'user', content: 'Q'},
        {role: 'assistant', content: [{type: 'text', text: 'Looking'}, {type: 'tool-call', id: 'toolu_1', name: 'data_mcp_t0', input: {a: 1}}, {type: 'tool-call', id: 'toolu_2', name: 'data_mcp_t0', input: {}}]},
        {role: 'tool', content: [{type: 'tool-result', toolCallId: 'toolu_1', toolName: 'data_mcp_t0', output: 'rows'}, {type: 'tool-result', toolCallId: 'toolu_2', toolName: 'data_mcp_t0', output: 'boom', isError: true}]},
        {role: 'user', content: 'Please display what you have.'},
      ],
    };
    // The fake answers 400 like the real API if roles do not alternate or a tool_use lacks its result.
    expect(textOf(await collect(new AnthropicModel({endpoint: s.base}).stream(request)))).to.equal('ok');
    const {messages} = (await s.requests())[0].body;
    expect(messages.map((m: any) => m.role)).to.deep.equal(['user', 'assistant', 'user']);
    expect(messages[1].content).to.deep.equal([
      {type: 'text', text: 'Looking'},
      {type: 'tool_use', id: 'toolu_1', name: 'data_mcp_t0', input: {a: 1}},
      {type: 'tool_use', id: 'toolu_2', name: 'data_mcp_t0', input: {}},
    ]);
    expect(messages[2].content).to.deep.equal([
      {type: 'tool_result', tool_use_id: 'toolu_1', content: 'rows'},
      {type: 'tool_result', tool_use_id: 'toolu_2', content: 'boom', is_error: true},
      {type: 'text', text: 'Please display what you have.', cache_control: {type: 'ephemeral'}},
    ]);
  });

  it('sends x-api-key with the direct-browser-access header only with a browser key', async () => {
    const s = await scenario([{text: 'ok'}]);
    await collect(new AnthropicModel({endpoint: s.base, apiKey: 'sk-ant-local', isLocalPage: true}).stream({system: '', messages: [{role: 'user', content: 'Q'}], tools: []}));
    const {headers} = (await s.requests())[0];
    expect(headers['x-api-key']).to.equal('sk-ant-local');
    expect(headers['anthropic-dangerous-direct-browser-access']).to.equal('true');
    expect(headers).not.to.have.property('authorization');
  });

  it('reads usage from message_start and message_delta, cache tokens included', async () => {
    const s = await scenario([{text: 'cached', usage: {input: 5, output: 2, cacheRead: 3000, cacheWrite: 0}}]);
    const finish = finishOf(await collect(new AnthropicModel({endpoint: s.base}).stream({system: '', messages: [{role: 'user', content: 'Q'}], tools: []})))!;
    expect(finish.usage).to.deep.equal({inputTokens: 5, outputTokens: 2, cacheReadTokens: 3000, cacheWriteTokens: 0});
    expect(finish.raw).to.equal('end_turn');
  });
});
