import {expect, fixture, html} from '@open-wc/testing';
import '../../src/define.js';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';

describe('<autoui-agent> (foundation stub)', () => {
  it('is defined and renders its canvas part', async () => {
    const el = await fixture<AutouiAgent>(html`<autoui-agent provider="openai" endpoint="/v1"></autoui-agent>`);
    expect(customElements.get('autoui-agent')).to.equal(el.constructor);
    expect(el.provider).to.equal('openai');
    expect(el.shadowRoot!.querySelector('[part="canvas"]')).to.exist;
  });
});
