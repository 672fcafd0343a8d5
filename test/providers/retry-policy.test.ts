import {expect} from '@open-wc/testing';
import {isRetryable, retryDelayMs} from '../../src/providers/http/retry-policy.js';

// The HTTP behaviour is tested against the fake server in provider-suite.ts; these cases pin the
// rules that a browser hides from a page (Chromium replays some 408s itself) or that need a clock.
describe('retry policy', () => {
  it('retries 408, 409, 429 and 5xx (529 included), nothing else, unless x-should-retry says otherwise', () => {
    const none = new Headers();
    expect([408, 409, 429, 500, 502, 503, 529].every((s) => isRetryable(s, none))).to.equal(true);
    expect([400, 401, 403, 404, 413, 422].some((s) => isRetryable(s, none))).to.equal(false);
    expect(isRetryable(503, new Headers({'x-should-retry': 'false'}))).to.equal(false);
    expect(isRetryable(400, new Headers({'x-should-retry': 'true'}))).to.equal(true);
  });

  it('honours retry-after as an HTTP date, and ignores waits of a minute or more', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryDelayMs(1, new Headers({'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT'}), 500, now)).to.equal(3000);
    const backoff = retryDelayMs(1, new Headers({'retry-after': '120'}), 500, now);
    expect(backoff).to.be.within(375, 500);
  });

  it('backs off exponentially with at most 25 % jitter, capped at 8 s', () => {
    expect(retryDelayMs(2, undefined, 500)).to.be.within(750, 1000);
    expect(retryDelayMs(3, undefined, 500)).to.be.within(1500, 2000);
    expect(retryDelayMs(10, undefined, 500)).to.be.within(6000, 8000);
  });
});
