import {expect} from '@open-wc/testing';
import {AutouiError, ErrorCodes} from '../../src/errors.js';
import {AnthropicModel, OpenAICompatibleModel, createProvider, type ProviderOptions} from '../../src/providers/index.js';

describe('createProvider', () => {
  it('makes the model of the provider attribute, with the documented default models', () => {
    const anthropic = createProvider({provider: 'anthropic'});
    const openai = createProvider({provider: 'openai'});
    expect(anthropic).to.be.instanceOf(AnthropicModel);
    expect(openai).to.be.instanceOf(OpenAICompatibleModel);
    expect([anthropic.provider, anthropic.modelId]).to.deep.equal(['anthropic', 'claude-sonnet-4-5']);
    expect([openai.provider, openai.modelId]).to.deep.equal(['openai', 'gpt-4o-mini']);
    expect(createProvider({provider: 'openai', model: 'qwen2.5:7b'}).modelId).to.equal('qwen2.5:7b');
  });

  it('throws INVALID_ARGUMENT for an unknown provider, naming the valid ones', () => {
    try {
      createProvider({provider: 'gemini'} as unknown as ProviderOptions);
      expect.fail('should throw');
    } catch (error) {
      expect(AutouiError.isInstance(error) && error.code).to.equal(ErrorCodes.INVALID_ARGUMENT);
      expect((error as Error).message).to.contain('provider="anthropic"');
    }
  });
});
