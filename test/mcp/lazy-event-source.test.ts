import {expect} from '@open-wc/testing';
import {EventSource as RealEventSource} from 'eventsource';
import {lazyEventSource, type EventSourceClass} from '../../src/mcp/lazy-event-source.js';
import {serverUrl} from './mcp-test-kit.js';

/**
 * The stand-in the script-tag build gives the SDK's legacy SSE transport in place of the
 * `eventsource` package, against a real legacy HTTP+SSE server: it must behave like the package
 * although the package is still loading when the SDK sets its handlers and listeners.
 */
describe('lazyEventSource (the SDK legacy SSE transport stand-in)', () => {
  const streamUrl = () => serverUrl('mcp-legacy-sse');
  const opened: {close(): void}[] = [];
  afterEach(() => opened.splice(0).forEach((source) => source.close()));

  /** The real class, counting how many streams it opened. */
  function counting() {
    const made = {count: 0};
    class Counting extends RealEventSource {
      constructor(url: string | URL, init?: object) {
        super(url, init);
        made.count++;
        opened.push(this);
      }
    }
    return {made, Real: Counting as unknown as EventSourceClass};
  }

  it('opens the stream once loaded and delivers what the SDK listened for before that: onopen, the endpoint event', async () => {
    const {made, Real} = counting();
    let loads = 0;
    const LazyEventSource = lazyEventSource(async () => (loads++, Real));
    const source = new LazyEventSource(streamUrl(), {fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)});
    opened.push(source);
    // What the SDK does right after `new`, while the package is still loading.
    const endpoint = new Promise<string>((resolve) => source.addEventListener('endpoint', (event) => resolve((event as MessageEvent).data)));
    const open = new Promise<void>((resolve) => (source.onopen = () => resolve()));
    expect(source.readyState).to.equal(0);
    await open;
    expect(await endpoint).to.match(/^\/messages\?sessionId=/);
    expect(source.readyState).to.equal(1);
    expect(source.url).to.equal(new URL(streamUrl()).href);
    // A second stream loads nothing more.
    opened.push(new LazyEventSource(streamUrl()));
    expect(loads).to.equal(1);
    expect(made.count).to.be.at.most(2);
  });

  it('a close() before the package loaded never opens the stream', async () => {
    const {made, Real} = counting();
    let release!: () => void;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const LazyEventSource = lazyEventSource(async () => (await loaded, Real));
    const source = new LazyEventSource(streamUrl());
    source.close();
    expect(source.readyState).to.equal(2);
    release();
    await loaded;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(made.count).to.equal(0);
  });

  it('a package that fails to load is an error event, as a failed connection is, and the source is closed', async () => {
    const LazyEventSource = lazyEventSource(() => Promise.reject(new Error('chunk not found')));
    const source = new LazyEventSource(streamUrl());
    const listened = new Promise<Event>((resolve) => source.addEventListener('error', resolve));
    const handled = new Promise<Event>((resolve) => (source.onerror = resolve));
    const [event] = await Promise.all([handled, listened]);
    expect((event as Event & {message?: string}).message).to.contain('chunk not found');
    expect(source.readyState).to.equal(2);
  });
});
