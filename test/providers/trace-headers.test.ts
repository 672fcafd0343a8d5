/**
 * The trace headers of model requests (tracing on) never cost an answer: a cross-origin endpoint
 * whose CORS does not allow `traceparent` makes the browser refuse the request before it leaves;
 * it is sent again at once without the header, and that origin gets none for the rest of the page.
 * Real CORS, in Chromium, against a test server that allows the origin but no request header.
 */
import {expect} from '@open-wc/testing';
import {SERVERS} from '@test/servers';
import {fetchDroppingRefusedTrace, withTraceHeaders} from '../../src/providers/http/trace-headers.js';

const trace = {traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'};

/** `fetch` that records the header names of each request it sends. */
function recording(sent: string[][]): typeof fetch {
  return (input, init) => {
    sent.push([...new Headers(init?.headers).keys()].sort());
    return fetch(input, init);
  };
}

describe('trace headers on model requests', () => {
  it('a cross-origin endpoint whose CORS refuses traceparent still gets the request, once more without it, and no trace header after', async () => {
    const url = SERVERS['mcp-cors-no-allow-headers']!;
    const sent: string[][] = [];
    const headers = withTraceHeaders(url, {'content-type': 'text/plain'}, trace);
    expect(headers, 'tried at first').to.have.property('traceparent');
    const response = await fetchDroppingRefusedTrace(trace, recording(sent))(url, {method: 'POST', headers, body: 'hello'});
    expect(response, 'the request reached the server').to.be.instanceOf(Response);
    expect(sent).to.deep.equal([['content-type', 'traceparent'], ['content-type']]);
    expect(withTraceHeaders(url, {}, trace), 'that origin is remembered').to.not.have.property('traceparent');
  });

  it("the page's own origin (the key proxy, a relay) always gets them; without tracing, none", () => {
    expect(withTraceHeaders('/llm', {}, trace)).to.deep.equal({traceparent: trace.traceparent});
    expect(withTraceHeaders('/llm', {}, {...trace, tracestate: 'vendor=1'})).to.deep.equal({traceparent: trace.traceparent, tracestate: 'vendor=1'});
    expect(withTraceHeaders('/llm', {a: 'b'}, undefined)).to.deep.equal({a: 'b'});
  });

  it('a network failure is still reported (after the one retry without the header), and an aborted request is not sent again', async () => {
    const sent: string[][] = [];
    const dead = 'http://127.0.0.1:9/llm';
    let failed: unknown;
    await fetchDroppingRefusedTrace(trace, recording(sent))(dead, {method: 'POST', headers: withTraceHeaders(dead, {}, trace), body: 'x'}).catch((error: unknown) => (failed = error));
    expect(failed).to.be.instanceOf(TypeError);
    expect(sent).to.have.length(2);
    const controller = new AbortController();
    controller.abort();
    const before = sent.length;
    await fetchDroppingRefusedTrace(trace, recording(sent))(SERVERS['fake-llm']!, {method: 'POST', headers: {traceparent: trace.traceparent}, body: 'x', signal: controller.signal}).catch(() => undefined);
    expect(sent.length - before, 'one attempt only').to.equal(1);
  });
});
