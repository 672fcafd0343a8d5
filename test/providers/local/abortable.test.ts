/**
 * Stop at once with a runtime that hears it late (src/providers/local/abortable.ts): llama.cpp
 * reads a prompt's batch through before it looks at a cancel, so the turn stops waiting for it.
 */
import {expect} from '@open-wc/testing';
import {abortable, orAborted} from '../../../src/providers/local/abortable.js';

/** A stream that gives `first`, then waits (a runtime busy with its prompt) until `cancel()`, when it fails as wllama's does. */
function busyStream(first: string[]) {
  const state = {cancel: () => {}};
  async function* stream() {
    yield* first;
    await new Promise((_, reject) => (state.cancel = () => reject(new DOMException('Operation aborted', 'AbortError'))));
  }
  return {stream: stream(), state};
}

describe('abortable (Stop with a busy runtime)', () => {
  it('Stop ends the stream while the runtime still has not answered; its late failure is read, never left unhandled', async () => {
    const {stream, state} = busyStream(['a', 'b']);
    let unhandled = 0;
    const count = () => unhandled++;
    window.addEventListener('unhandledrejection', count);
    const stop = new AbortController();
    const seen: string[] = [];
    for await (const item of abortable(stream, stop.signal)) {
      seen.push(item);
      if (item === 'b') setTimeout(() => stop.abort(), 0);
    }
    expect(seen).to.deep.equal(['a', 'b']);
    // The runtime sees the cancel later, and fails as wllama's stream does.
    state.cancel();
    await new Promise((resolve) => setTimeout(resolve, 0));
    window.removeEventListener('unhandledrejection', count);
    expect(unhandled).to.equal(0);
  });

  it('a stream that ends by itself is read whole; one that fails while the turn listens throws to it', async () => {
    async function* three() {
      yield* ['x', 'y', 'z'];
    }
    const seen: string[] = [];
    for await (const item of abortable(three(), new AbortController().signal)) seen.push(item);
    expect(seen).to.deep.equal(['x', 'y', 'z']);
    async function* failing() {
      yield 'x';
      throw new Error('the runtime failed');
    }
    let thrown: unknown;
    try {
      for await (const _ of abortable(failing(), new AbortController().signal));
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Error)?.message).to.equal('the runtime failed');
  });

  it('a request still being sent is left as soon as Stop comes, or at once when it came before', async () => {
    const stop = new AbortController();
    const pending = orAborted(new Promise<string>(() => {}), stop.signal);
    stop.abort();
    expect(await pending).to.equal(undefined);
    expect(await orAborted(Promise.resolve('late'), stop.signal)).to.equal(undefined);
    expect(await orAborted(Promise.resolve('now'), new AbortController().signal)).to.equal('now');
  });
});
