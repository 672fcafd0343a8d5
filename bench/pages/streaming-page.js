/**
 * The streaming benchmark's page (6). Each text chunk the fake LLM sends carries its send time
 * (`[t=<ms>]`, stamped as the frame is written). `ours(base)` asks `<autoui-agent>` a question
 * and records, for every stamp in an `autoui-text` event, the delay from send to the event;
 * `bare(base)` reads the same kind of stream with a plain `fetch` reader and records the delay
 * from send to the chunk being read. Both use `performance.timeOrigin + performance.now()`, the
 * clock the Node server stamps with.
 */
await import(new URL('/bench/.build/dist/autoui-agent.js', location.href).href);
const agent = document.querySelector('autoui-agent');
await customElements.whenDefined('autoui-agent');

const STAMP = /\[t=(\d+\.\d+)\]/g;
const now = () => performance.timeOrigin + performance.now();
const delaysIn = (text, at) => [...text.matchAll(STAMP)].map((m) => at - Number(m[1]));

window.__bench = {
  async ours(base) {
    agent.setAttribute('endpoint', base);
    const delays = [];
    const onText = (e) => delays.push(...delaysIn(e.detail.delta, now()));
    agent.addEventListener('autoui-text', onText);
    try {
      const result = await agent.ask('Stream please');
      if (result.stopReason !== 'end_turn') throw new Error(`run ended with ${result.stopReason}: ${JSON.stringify(result.error)}`);
    } finally {
      agent.removeEventListener('autoui-text', onText);
    }
    return delays;
  },
  async bare(base) {
    const res = await fetch(`${base}/v1/messages`, {
      method: 'POST',
      headers: {'content-type': 'application/json', 'anthropic-version': '2023-06-01'},
      body: JSON.stringify({model: 'bench', max_tokens: 1024, stream: true, messages: [{role: 'user', content: 'Stream please'}]}),
    });
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const delays = [];
    for (;;) {
      const {done, value} = await reader.read();
      if (done) break;
      delays.push(...delaysIn(decoder.decode(value, {stream: true}), now()));
    }
    return delays;
  },
};
