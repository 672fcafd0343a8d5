import {expect} from '@open-wc/testing';

describe('the core in a Web Worker (no DOM)', () => {
  it('runs a scripted loop end to end', async () => {
    const worker = new Worker(new URL('./fixtures/worker-entry.ts', import.meta.url), {type: 'module'});
    const result = await new Promise<Record<string, unknown>>((resolve, reject) => {
      worker.onmessage = (e) => resolve(e.data);
      worker.onerror = (e) => reject(new Error(`worker failed: ${e.message}`));
    });
    worker.terminate();
    expect(result).to.deep.equal({
      hasDocument: false,
      stopReason: 'end_turn',
      text: 'The answer is 42.',
      widgets: [{id: 'w_1', type: 'stat', params: {label: 'Answer', value: 42}}],
      tools: ['query_sql', 'widget_display'],
      prompt: 'You are the assistant of a web page. You',
    });
  });
});
