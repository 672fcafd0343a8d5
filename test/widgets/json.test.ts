import {expect, waitUntil} from '@open-wc/testing';
import {jsonWidget} from '../../src/widgets/json/json.definition.js';
import {runWidgetBaseTests} from './shared/run-widget-base-tests.js';
import {renderWidget} from './shared/render-widget.js';

runWidgetBaseTests(jsonWidget, {parts: ['body', 'title', 'tree']});

describe('json', () => {
  it('opens the first level only, renders closed branches lazily, and opens on click', async () => {
    const {element} = await renderWidget(jsonWidget, {data: {a: {deep: {deeper: 'hidden'}}, n: 1}});
    const root = element.shadowRoot!;
    expect(root.textContent).to.contain('n');
    expect(root.textContent).not.to.contain('deep');
    const inner = root.querySelectorAll('details')[1] as HTMLDetailsElement;
    inner.querySelector('summary')!.click();
    await waitUntil(() => root.textContent!.includes('deep'), 'branch opened');
  });
});
