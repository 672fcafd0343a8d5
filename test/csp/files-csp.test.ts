/**
 * Local files on a page whose CSP allows neither `blob:` workers nor WebAssembly (this group's
 * page: `script-src 'self' 'unsafe-inline'`): attaching a file fails with `FILE_UNREADABLE`
 * saying what the CSP must allow, and the engine is usable again once asked (it does not hang).
 */
import {expect} from '@open-wc/testing';
import {createLocalFiles} from '../../src/files/local-files.js';
import {AutouiError, ErrorCodes} from '../../src/errors.js';

describe('local files on a page whose CSP forbids blob: workers', () => {
  it('refuses the file with FILE_UNREADABLE naming the CSP it needs, and a second try fails the same way', async () => {
    const files = createLocalFiles();
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const error = await files.attach(new File(['a,b\n1,2\n'], 'small.csv')).catch((e: unknown) => e);
        expect(AutouiError.isInstance(error) && error.code, `attempt ${attempt + 1}`).to.equal(ErrorCodes.FILE_UNREADABLE);
        expect((error as Error).message).to.contain('worker-src blob:').and.to.contain("'wasm-unsafe-eval'");
      }
      expect(files.files).to.deep.equal([]);
    } finally {
      files.dispose();
    }
  });
});
