/**
 * The page of benchmark 7 (streaming over a full canvas). `fill(base, n)` asks a first question
 * whose scripted answer shows `n` widgets (none on the empty side) and waits until they have
 * rendered (chart.js, the table and the markdown renderer loaded); `stream(base)` asks the
 * question whose answer is the streamed text, and returns its wall time. Task time is read by the
 * benchmark through CDP around `stream`.
 */
await import(new URL('/bench/.build/dist/autoui-agent.js', location.href).href);
await customElements.whenDefined('autoui-agent');
const agent = document.querySelector('autoui-agent');

async function ask(base, question) {
  agent.setAttribute('endpoint', base);
  const result = await agent.ask(question);
  if (result.stopReason !== 'end_turn') throw new Error(`run ended with ${result.stopReason}: ${JSON.stringify(result.error)}`);
  return result;
}

/** Resolves after two animation frames: what the last change asked to draw has been drawn. */
const painted = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

window.__bench = {
  async fill(base, expected) {
    const result = await ask(base, expected ? 'Show the widgets' : 'Anything yet?');
    if (result.widgets.length !== expected) throw new Error(`${result.widgets.length} widgets shown, ${expected} asked`);
    await painted();
  },
  async stream(base) {
    const started = performance.now();
    await ask(base, 'Stream the answer');
    await painted();
    return performance.now() - started;
  },
};
