import {expect} from '@open-wc/testing';
import type {ModelRequest} from '../../src/providers/language-model.js';
import {OpenAICompatibleModel} from '../../src/providers/index.js';
import {collect, finishOf, scenario, textOf} from './fake-llm.js';
import {runProviderSuite} from './provider-suite.js';

runProviderSuite('openai');

const TOOL = {name: 'data_mcp_t0', description: 'tool 0', input_schema: {type: 'object', properties: {a: {type: 'number'}}}};

describe('openai: a stream that ends early', () => {
  const frame = (delta: unknown, finish: string | null = null) => `data: ${JSON.stringify({id: 'c', object: 'chat.completion.chunk', choices: [{index: 0, delta, finish_reason: finish}]})}\n\n`;
  const raw = (frames: string[]) => [{raw: {chunks: [btoa(frames.join(''))]}}];

  it('[DONE] before any finish reason and before the arguments: the call comes with an input error, so it is never run on {}', async () => {
    const s = await scenario(raw([frame({role: 'assistant', content: ''}), frame({tool_calls: [{index: 0, id: 'call_1', type: 'function', function: {name: 'data_mcp_t0', arguments: ''}}]}), 'data: [DONE]\n\n']));
    const parts = await collect(new OpenAICompatibleModel({endpoint: `${s.base}/v1`}).stream({system: '', messages: [{role: 'user', content: 'Q'}], tools: [TOOL]}));
    const call = parts.find((p) => p.type === 'tool-call') as {inputError?: string} | undefined;
    expect(call?.inputError).to.contain('before the arguments');
  });

  it('[DONE] with no finish reason after complete arguments still runs the call', async () => {
    const s = await scenario(raw([frame({tool_calls: [{index: 0, id: 'call_1', type: 'function', function: {name: 'data_mcp_t0', arguments: '{"a": 1}'}}]}), 'data: [DONE]\n\n']));
    const parts = await collect(new OpenAICompatibleModel({endpoint: `${s.base}/v1`}).stream({system: '', messages: [{role: 'user', content: 'Q'}], tools: [TOOL]}));
    expect(parts.find((p) => p.type === 'tool-call')).to.deep.include({input: {a: 1}});
  });
});

describe('openai: the request on the wire', () => {
  it('posts to {endpoint}/chat/completions with the system prompt first, tools as functions, usage requested', async () => {
    const s = await scenario([{text: 'hi'}]);
    await collect(new OpenAICompatibleModel({endpoint: `${s.base}/v1`, model: 'llama3.2'}).stream({system: 'The prompt', messages: [{role: 'user', content: 'Q'}], tools: [TOOL], maxTokens: 99}));
    const [request] = await s.requests();
    expect(request.path).to.equal(`/s/${s.id}/v1/chat/completions`);
    expect(request.body).to.include({model: 'llama3.2', stream: true, max_tokens: 99});
    expect(request.body.stream_options).to.deep.equal({include_usage: true});
    expect(request.body.messages).to.deep.equal([{role: 'system', content: 'The prompt'}, {role: 'user', content: 'Q'}]);
    expect(request.body.tools).to.deep.equal([{type: 'function', function: {name: 'data_mcp_t0', description: 'tool 0', parameters: TOOL.input_schema}}]);
  });

  it('leaves stream_options out for servers that reject it (streamUsage: false); usage is then absent', async () => {
    const s = await scenario([{text: 'hi'}]);
    const parts = await collect(new OpenAICompatibleModel({endpoint: `${s.base}/v1`, streamUsage: false}).stream({system: '', messages: [{role: 'user', content: 'Q'}], tools: []}));
    expect((await s.requests())[0].body).not.to.have.property('stream_options');
    expect(finishOf(parts)).to.deep.equal({type: 'finish', reason: 'stop', raw: 'stop'});
  });

  it('sends assistant tool calls with JSON arguments and one tool message per result, errors marked', async () => {
    const s = await scenario([{text: 'ok'}]);
    const request: ModelRequest = {
      system: '',
      tools: [TOOL],
      messages: [
        {role: 'user', content: 'Q'},
        {role: 'assistant', content: [{type: 'tool-call', id: 'call_1', name: 'data_mcp_t0', input: {a: 1}}, {type: 'tool-call', id: 'call_2', name: 'data_mcp_t0', input: {a: 2}}]},
        {role: 'tool', content: [{type: 'tool-result', toolCallId: 'call_1', toolName: 'data_mcp_t0', output: 'rows'}, {type: 'tool-result', toolCallId: 'call_2', toolName: 'data_mcp_t0', output: 'disk on fire', isError: true}]},
        {role: 'user', content: 'Please display what you have.'},
      ],
    };
    // The fake answers 400 like the real API if a tool_call id has no tool message.
    expect(textOf(await collect(new OpenAICompatibleModel({endpoint: `${s.base}/v1`}).stream(request)))).to.equal('ok');
    expect((await s.requests())[0].body.messages.slice(1)).to.deep.equal([
      {role: 'assistant', content: null, tool_calls: [
        {id: 'call_1', type: 'function', function: {name: 'data_mcp_t0', arguments: '{"a":1}'}},
        {id: 'call_2', type: 'function', function: {name: 'data_mcp_t0', arguments: '{"a":2}'}},
      ]},
      {role: 'tool', tool_call_id: 'call_1', content: 'rows'},
      {role: 'tool', tool_call_id: 'call_2', content: 'Error: disk on fire'},
      {role: 'user', content: 'Please display what you have.'},
    ]);
  });

  it('sends Authorization: Bearer only with a browser key', async () => {
    const s = await scenario([{text: 'ok'}]);
    await collect(new OpenAICompatibleModel({endpoint: `${s.base}/v1`, apiKey: 'sk-local', isLocalPage: true}).stream({system: '', messages: [{role: 'user', content: 'Q'}], tools: []}));
    const {headers} = (await s.requests())[0];
    expect(headers.authorization).to.equal('Bearer sk-local');
    expect(headers).not.to.have.property('x-api-key');
  });
});
