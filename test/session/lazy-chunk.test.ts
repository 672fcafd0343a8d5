/** A part of the library imported on first use (`lazyChunk`): once, and again after a failure. */
import {expect} from '@open-wc/testing';
import {AutouiError, ErrorCodes} from '../../src/errors.js';
import {lazyChunk} from '../../src/session/lazy-chunk.js';

describe('lazyChunk', () => {
  it('imports once, and tries again after a failed import (told as LOAD_FAILED)', async () => {
    let calls = 0;
    const load = lazyChunk(async () => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return {ok: calls};
    });
    const failure = await load().catch((e: unknown) => e);
    expect(AutouiError.isInstance(failure) && failure.code).to.equal(ErrorCodes.LOAD_FAILED);
    const first = await load();
    expect(await load()).to.equal(first);
    expect(calls).to.equal(2);
  });
});
