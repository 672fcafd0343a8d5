import {expect} from '@open-wc/testing';
import {closeAll, connect, toolContext} from './mcp-test-kit.js';

describe('requests from the server (sampling, elicitation, roots)', () => {
  afterEach(closeAll);

  for (const [tool, feature] of [
    ['ask_sampling', 'sampling'],
    ['ask_elicitation', 'elicitation'],
    ['ask_roots', 'roots'],
  ]) {
    it(`answers ${feature} at once with "not supported", so the tool finishes instead of hanging`, async () => {
      const {layer} = await connect('mcp-asks');
      const out = await layer.execute!(tool, {}, toolContext());
      expect(out.isError).to.equal(true);
      expect(out.text).to.contain('client refused').and.contain('Not supported').and.contain(feature);
    });
  }
});

describe('legacy SSE servers', () => {
  afterEach(closeAll);

  it('falls back to the HTTP+SSE transport and works the same', async () => {
    const {layer, transport, serverInfo} = await connect('mcp-legacy-sse');
    expect(transport).to.equal('sse');
    expect(serverInfo.name).to.equal('Legacy');
    expect((await layer.execute!('shout', {text: 'hé'}, toolContext())).text).to.equal('HÉ');
  });
});
