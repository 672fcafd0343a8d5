/** Several models in an order of preference (src/providers/preferred-model.ts). */
import {expect} from '@open-wc/testing';
import {AutouiError, ErrorCodes} from '../../src/errors.js';
import type {LanguageModel, ModelStreamPart} from '../../src/providers/language-model.js';
import {PreferredModel} from '../../src/providers/preferred-model.js';

/** A model that answers `parts` and counts its turns. */
function model(provider: string, parts: ModelStreamPart[], small?: boolean): LanguageModel & {turns: number} {
  return {
    provider,
    modelId: `${provider}-1`,
    small,
    turns: 0,
    async *stream() {
      this.turns++;
      yield* parts;
    },
  };
}
const failing = (code: string): ModelStreamPart[] => [{type: 'error', error: new AutouiError(code as never, `${code} here`)}];
const answer: ModelStreamPart[] = [{type: 'text-delta', delta: 'Hi.'}, {type: 'finish', reason: 'stop'}];
async function collect(m: LanguageModel): Promise<ModelStreamPart[]> {
  const out: ModelStreamPart[] = [];
  for await (const part of m.stream({system: '', messages: [], tools: []})) out.push(part);
  return out;
}

describe('PreferredModel', () => {
  it('passes a turn on when a model is unavailable or refused, keeps the one that answered, and names it', async () => {
    const browser = model('browser', failing(ErrorCodes.LOCAL_MODEL_UNAVAILABLE), true);
    const local = model('local', failing(ErrorCodes.LOCAL_MODEL_REFUSED), true);
    const wire = model('anthropic', answer);
    const preferred = new PreferredModel([browser, local, wire]);
    expect([preferred.provider, preferred.small]).to.deep.equal(['browser', true]);
    expect(await collect(preferred)).to.deep.equal(answer);
    expect([preferred.provider, preferred.modelId, preferred.small]).to.deep.equal(['anthropic', 'anthropic-1', undefined]);
    await collect(preferred);
    expect([browser.turns, local.turns, wire.turns]).to.deep.equal([1, 1, 2]);
  });

  it('any other failure is the model\'s own, told as it is: the next model is not tried', async () => {
    const local = model('local', failing(ErrorCodes.LOCAL_MODEL_FAILED));
    const wire = model('anthropic', answer);
    const parts = await collect(new PreferredModel([local, wire]));
    expect(parts.map((p) => (p.type === 'error' ? p.error.code : p.type))).to.deep.equal(['LOCAL_MODEL_FAILED']);
    expect(wire.turns).to.equal(0);
  });

  it('the last model\'s refusal is reported, not swallowed', async () => {
    const parts = await collect(new PreferredModel([model('browser', failing(ErrorCodes.LOCAL_MODEL_UNAVAILABLE)), model('local', failing(ErrorCodes.LOCAL_MODEL_REFUSED))]));
    expect(parts.map((p) => (p.type === 'error' ? p.error.code : p.type))).to.deep.equal(['LOCAL_MODEL_REFUSED']);
  });
});
