import {expect} from '@open-wc/testing';
import {workerResult} from '../helpers/worker-result.js';

describe('the core in a Web Worker (no DOM)', () => {
  it('runs a scripted loop end to end', async () => {
    const result = await workerResult(new URL('./fixtures/agent-loop-worker.ts', import.meta.url));
    const {widgets, ...rest} = result as {widgets: Array<{id: string; type: string; params: unknown}>};
    expect(widgets.map(({type, params}) => ({type, params}))).to.deep.equal([{type: 'stat', params: {label: 'Answer', value: 42}}]);
    expect(widgets[0].id).to.match(/^w_[a-z0-9]{6}$/);
    expect(rest).to.deep.equal({
      hasDocument: false,
      stopReason: 'end_turn',
      text: 'The answer is 42.',
      tools: ['query_sql', 'widget_display'],
      prompt: 'You are the assistant of a web page: you',
    });
  });
});
