/**
 * The fault half of the shared provider suite (see provider-suite.ts): cut streams, error events,
 * stalls, unreachable endpoints, HTTP errors and retries with their headers, abort, and keys.
 * Request counts come from the fake server's records, never from timings.
 */
import {expect} from '@open-wc/testing';
import {ErrorCodes} from '../../src/errors.js';
import {createProvider} from '../../src/providers/index.js';
import {callsOf, collect, errorOf, finishOf, textOf, type Wire} from './fake-llm.js';
import {LONG_SQL, REQUEST, setup} from './provider-setup.js';
import type {ModelStreamPart} from '../../src/providers/language-model.js';
import {manualClock} from '../helpers/manual-clock.js';

/** The stall window of the tests that check it: a length no other timer of the page uses, held by a manual clock. */
const IDLE_MS = 4321;
/** A retry wait longer than {@link IDLE_MS}, on the same clock. */
const RETRY_WAIT_MS = 8765;

/** Defines the fault cases for `wire`. */
export function runProviderFaultSuite(wire: Wire): void {
  describe(`${wire}: faults`, () => {
    it('drops the tool calls of a stream cut mid-call, keeps the text, and reports PROVIDER_STREAM', async () => {
      const {model, s} = await setup(wire, [{text: 'Before the cut.', toolCalls: [{id: 'call_cut', name: 'data_mcp_query_sql', input: {sql: LONG_SQL}}], fault: {cutAfterBytes: 2500, failTimes: 1}}]);
      const parts = await collect(model.stream(REQUEST));
      expect(textOf(parts)).to.equal('Before the cut.');
      expect(callsOf(parts)).to.have.length(0);
      // The call was seen starting (a view may have drawn it); no tool-call part ever ends it.
      expect(parts.some((p) => p.type === 'tool-input-start' && p.id === 'call_cut')).to.equal(true);
      expect(finishOf(parts)).to.equal(undefined);
      expect(errorOf(parts)!.code).to.equal(ErrorCodes.PROVIDER_STREAM);
      // A stream that started is never retried, even though the next attempt would succeed.
      expect(await s.requests()).to.have.length(1);
    });

    it('ends the turn with PROVIDER_STREAM on an error event after a 200, after the partial text', async () => {
      const {model} = await setup(wire, [{text: 'Partial answer here', toolCalls: [{name: 'data_mcp_query_sql', input: {}}], fault: {errorEventAfter: true, message: 'Overloaded right now'}}]);
      const parts = await collect(model.stream(REQUEST));
      expect(textOf(parts)).to.equal('Partial answer here');
      expect(parts.at(-1)!.type).to.equal('error');
      expect(errorOf(parts)!.code).to.equal(ErrorCodes.PROVIDER_STREAM);
      expect(errorOf(parts)!.message).to.contain('Overloaded right now');
      expect(callsOf(parts)).to.have.length(0);
    });

    it('gives up on a stalled stream after idleTimeoutMs, keeping the text', async () => {
      // The window runs on a clock moved by hand once the text is in: a slow machine cannot close it early.
      const clock = manualClock([IDLE_MS]);
      try {
        const {model} = await setup(wire, [{text: 'Then silence', fault: {stall: true}}], {idleTimeoutMs: IDLE_MS});
        const parts: ModelStreamPart[] = [];
        const stream = model.stream(REQUEST)[Symbol.asyncIterator]();
        while (textOf(parts) !== 'Then silence') {
          const step = await stream.next();
          if (step.done) throw new Error(`the stream ended before its text: ${JSON.stringify(parts)}`);
          parts.push(step.value);
        }
        clock.advance(IDLE_MS - 1);
        expect(clock.pending, 'the window is still open a millisecond before its end').to.equal(1);
        clock.advance(1);
        for (let step = await stream.next(); !step.done; step = await stream.next()) parts.push(step.value);
        expect(textOf(parts)).to.equal('Then silence');
        expect(errorOf(parts)!.code).to.equal(ErrorCodes.PROVIDER_STREAM);
        expect(errorOf(parts)!.message).to.contain('sent nothing for 4.3 s');
      } finally {
        clock.restore();
      }
    });

    it('waits for a slow server (delayMs) and answers normally', async () => {
      const {model} = await setup(wire, [{text: 'Slow but fine', fault: {delayMs: 150}}]);
      expect(textOf(await collect(model.stream(REQUEST)))).to.equal('Slow but fine');
    });

    it('reports an unreachable endpoint as PROVIDER_NETWORK', async () => {
      const model = createProvider({provider: wire, endpoint: 'http://127.0.0.1:9', maxRetries: 1, retryBaseDelayMs: 1});
      const parts = await collect(model.stream(REQUEST));
      expect(parts.map((p) => p.type)).to.deep.equal(['error']);
      expect(errorOf(parts)!.code).to.equal(ErrorCodes.PROVIDER_NETWORK);
    });
  });

  describe(`${wire}: HTTP errors and retries`, () => {
    for (const status of [408, 409, 429, 500, 503, 529]) {
      it(`retries ${status} and succeeds`, async () => {
        const {model, s, retries} = await setup(wire, [{text: 'ok after retry', fault: {status, failTimes: 1}}]);
        expect(textOf(await collect(model.stream(REQUEST)))).to.equal('ok after retry');
        expect(await s.requests()).to.have.length(2);
        // Chromium itself replays a request once after a 408 on a reused connection, before we see it.
        if (status !== 408) expect(retries.map((r) => r.status)).to.deep.equal([status]);
      });
    }

    for (const status of [400, 401, 403]) {
      it(`does not retry ${status}, and reports PROVIDER_HTTP with the provider's message`, async () => {
        const {model, s} = await setup(wire, [{fault: {status, message: `provider says no (${status})`}}]);
        const error = errorOf(await collect(model.stream(REQUEST)))!;
        expect(error.code).to.equal(ErrorCodes.PROVIDER_HTTP);
        expect(error.details).to.include({status});
        expect(error.message).to.contain(`provider says no (${status})`);
        expect(await s.requests()).to.have.length(1);
      });
    }

    it('gives up after maxRetries (2 by default): three requests, then PROVIDER_HTTP', async () => {
      const {model, s, retries} = await setup(wire, [{fault: {status: 503, message: 'down for maintenance'}}]);
      const error = errorOf(await collect(model.stream(REQUEST)))!;
      expect(error.code).to.equal(ErrorCodes.PROVIDER_HTTP);
      expect(error.details).to.include({status: 503});
      expect(await s.requests()).to.have.length(3);
      expect(retries.map((r) => r.attempt)).to.deep.equal([1, 2]);
    });

    it('honours maxRetries: 0', async () => {
      const {model, s} = await setup(wire, [{fault: {status: 429}}], {maxRetries: 0});
      expect(errorOf(await collect(model.stream(REQUEST)))!.details).to.include({status: 429});
      expect(await s.requests()).to.have.length(1);
    });

    it('waits what retry-after-ms, then retry-after, asks', async () => {
      const {model, retries} = await setup(wire, [{text: 'ok', fault: {status: 429, headers: {'retry-after-ms': '40', 'retry-after': '5'}, failTimes: 1}}, ]);
      await collect(model.stream(REQUEST));
      expect(retries[0].delayMs).to.equal(40);
      const second = await setup(wire, [{text: 'ok', fault: {status: 429, headers: {'retry-after': '0.05'}, failTimes: 1}}]);
      await collect(second.model.stream(REQUEST));
      expect(second.retries[0].delayMs).to.equal(50);
    });

    it('does not count the wait for a retry as silence: a retry-after longer than the idle timeout still gets its answer', async () => {
      // Both the wait and the window run on a clock moved by hand: the whole wait passes at once,
      // which would close a window that counted it, and no more time passes after it.
      const clock = manualClock([IDLE_MS, RETRY_WAIT_MS]);
      try {
        let retried = () => {};
        const waiting = new Promise<void>((resolve) => (retried = resolve));
        const {model, s} = await setup(wire, [{text: 'after the wait', fault: {status: 429, headers: {'retry-after-ms': String(RETRY_WAIT_MS)}, failTimes: 1}}], {idleTimeoutMs: IDLE_MS, onRetry: () => retried()});
        const answer = collect(model.stream(REQUEST));
        await waiting;
        clock.advance(RETRY_WAIT_MS);
        expect(textOf(await answer)).to.equal('after the wait');
        expect(await s.requests()).to.have.length(2);
      } finally {
        clock.restore();
      }
    });

    it('follows x-should-retry over the status, both ways', async () => {
      const no = await setup(wire, [{text: 'never', fault: {status: 500, headers: {'x-should-retry': 'false'}, failTimes: 1}}]);
      expect(errorOf(await collect(no.model.stream(REQUEST)))!.details).to.include({status: 500});
      expect(await no.s.requests()).to.have.length(1);
      const yes = await setup(wire, [{text: 'retried', fault: {status: 400, headers: {'x-should-retry': 'true'}, failTimes: 1}}]);
      expect(textOf(await collect(yes.model.stream(REQUEST)))).to.equal('retried');
      expect(await yes.s.requests()).to.have.length(2);
    });
  });

  describe(`${wire}: abort`, () => {
    it('ends at once when aborted mid-stream and ignores what comes later', async () => {
      // Deltas keep coming every 30 ms; after the abort none of them may surface.
      const {model} = await setup(wire, [{text: 'one two three four five six seven eight nine ten eleven twelve', chunkDelayMs: 30}]);
      const controller = new AbortController();
      const parts = [];
      for await (const part of model.stream(REQUEST, {signal: controller.signal})) {
        parts.push(part);
        controller.abort();
      }
      expect(parts).to.have.length(1);
    });

    it('makes no request when already aborted', async () => {
      const {model, s} = await setup(wire, [{text: 'x'}]);
      const controller = new AbortController();
      controller.abort();
      expect(await collect(model.stream(REQUEST, {signal: controller.signal}))).to.deep.equal([]);
      expect(await s.requests()).to.have.length(0);
    });

    it('ends at once when aborted during a retry wait', async () => {
      const controller = new AbortController();
      // retry-after: 30 s would be honoured; the test only finishes in time if abort cuts the wait.
      const {model, s} = await setup(wire, [{text: 'too late', fault: {status: 503, headers: {'retry-after': '30'}, failTimes: 1}}], {onRetry: () => controller.abort()});
      expect(await collect(model.stream(REQUEST, {signal: controller.signal}))).to.deep.equal([]);
      expect(await s.requests()).to.have.length(1);
    });
  });

  describe(`${wire}: keys`, () => {
    const KEY = 'sk-test-9f8e7d6c5b4a39281706';

    it('refuses a browser key without opt-in: one BROWSER_KEY_REFUSED part, no request', async () => {
      const {model, s} = await setup(wire, [{text: 'x'}], {apiKey: KEY});
      const parts = await collect(model.stream(REQUEST));
      expect(parts.map((p) => p.type)).to.deep.equal(['error']);
      expect(errorOf(parts)!.code).to.equal(ErrorCodes.BROWSER_KEY_REFUSED);
      expect(errorOf(parts)!.message).not.to.contain(KEY);
      expect(await s.requests()).to.have.length(0);
    });

    it('sends the key when the page opts in or is local', async () => {
      for (const optIn of [{allowBrowserKey: true}, {isLocalPage: true}]) {
        const {model, s} = await setup(wire, [{text: 'ok'}], {apiKey: KEY, ...optIn});
        expect(textOf(await collect(model.stream(REQUEST)))).to.equal('ok');
        const headers = (await s.requests())[0].headers;
        expect(wire === 'anthropic' ? headers['x-api-key'] : headers.authorization).to.equal(wire === 'anthropic' ? KEY : `Bearer ${KEY}`);
      }
    });

    it('never puts the key in an error, even when the provider echoes it', async () => {
      const {model} = await setup(wire, [{fault: {status: 401, message: `invalid x-api-key: ${KEY}`}}], {apiKey: KEY, allowBrowserKey: true});
      const error = errorOf(await collect(model.stream(REQUEST)))!;
      expect(error.message).to.contain('invalid x-api-key');
      expect(JSON.stringify({message: error.message, details: error.details})).not.to.contain(KEY);
      const offline = createProvider({provider: wire, endpoint: 'http://127.0.0.1:9', apiKey: KEY, allowBrowserKey: true, maxRetries: 0});
      expect(errorOf(await collect(offline.stream(REQUEST)))!.message).not.to.contain(KEY);
    });

    it('sends no auth header without a key (the proxy adds it)', async () => {
      const {model, s} = await setup(wire, [{text: 'ok'}]);
      await collect(model.stream(REQUEST));
      const headers = (await s.requests())[0].headers;
      expect(headers).not.to.have.property('x-api-key');
      expect(headers).not.to.have.property('authorization');
      expect(headers).not.to.have.property('anthropic-dangerous-direct-browser-access');
    });
  });
}
