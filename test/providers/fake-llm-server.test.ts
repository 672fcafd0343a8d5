/**
 * The fake LLM server's own contract, which the e2e runner and the demo replay rely on:
 * scenario files by name, turn matching, and clear errors when no turn fits.
 */
import {expect} from '@open-wc/testing';
import {ErrorCodes} from '../../src/errors.js';
import {createProvider} from '../../src/providers/index.js';
import {collect, errorOf, fakeLlmUrl, scenario, textOf} from './fake-llm.js';

const ask = (tools: string[]) => ({system: '', messages: [{role: 'user' as const, content: 'weather'}], tools: tools.map((name) => ({name, description: name, input_schema: {type: 'object'}}))});

describe('fake LLM server', () => {
  it('loads a scenario file by name and plays it turn by turn', async () => {
    const response = await fetch(`${fakeLlmUrl()}/__scenarios`, {method: 'POST', body: JSON.stringify({file: 'weather-dashboard'})});
    const {base} = (await response.json()) as {base: string};
    const model = createProvider({provider: 'anthropic', endpoint: base});
    const first = await collect(model.stream(ask(['autoui_webmcp_search_recipes', 'autoui_webmcp_widget_display'])));
    expect(textOf(first)).to.equal('Let me find a recipe for this.');
  });

  it('answers a 400 naming the scenario when no unused turn matches (never retried)', async () => {
    const s = await scenario([{match: {toolOffered: 'never_offered'}, text: 'x'}], 'strict-one');
    const error = errorOf(await collect(createProvider({provider: 'openai', endpoint: s.endpoint('openai')}).stream(ask(['a_mcp_b']))))!;
    expect(error.code).to.equal(ErrorCodes.PROVIDER_HTTP);
    expect(error.message).to.contain('strict-one');
    expect(await s.requests()).to.have.length(1);
  });

  it('rejects a scenario without turns, and an unknown scenario file', async () => {
    expect((await fetch(`${fakeLlmUrl()}/__scenarios`, {method: 'POST', body: '{"name": "x"}'})).status).to.equal(400);
    const missing = await fetch(`${fakeLlmUrl()}/__scenarios`, {method: 'POST', body: '{"file": "no-such-file"}'});
    expect(missing.status).to.equal(400);
    expect(await missing.text()).to.contain('no scenario file');
  });
});
