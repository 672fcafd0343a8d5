/**
 * Local files on a strict page that allows what the README says they need and nothing more:
 * Trusted Types enforced (`require-trusted-types-for 'script'`), `worker-src blob:` and
 * `'wasm-unsafe-eval'`, no `'unsafe-eval'`. The engine's Worker URL goes through its own policy
 * (`autoui-agent-files`) and a file is read and queried; the DuckDB engine's convert Worker starts
 * through the same policy (one policy for both: a second of the same name would be refused).
 */
import {expect} from '@open-wc/testing';
import {createLocalFiles} from '../../src/files/local-files.js';
import {AutouiError, ErrorCodes} from '../../src/errors.js';
import {startConvertWorker} from '../../src/files/start-convert-worker.js';
import {TRUSTED_TYPES_POLICY} from '../../src/files/start-worker.js';
import {WorkerChannel} from '../../src/files/worker-channel.js';
import type {ConvertedFile} from '../../src/files/worker-protocol.js';

describe('local files under Trusted Types and a strict CSP', () => {
  it('really enforces Trusted Types and forbids eval here (or this group proves nothing)', () => {
    expect(() => new Function('return 1')).to.throw(EvalError);
    const script = document.createElement('script');
    expect(() => script.setAttribute('src', 'data:text/javascript,1')).to.throw(TypeError);
  });

  it('reads a file and answers a query, through the policy autoui-agent-files', async () => {
    const files = createLocalFiles();
    try {
      const attached = await files.attach(new File(['city,amount\nLyon,3\nNice,4\nLyon,5\n'], 'towns.csv'));
      expect([attached.rows, attached.columns]).to.deep.equal([3, 2]);
      const answer = await files.query('SELECT city, sum(amount) FROM towns GROUP BY city ORDER BY city');
      expect(answer.rows).to.deep.equal([['Lyon', 8], ['Nice', 4]]);
      // The policy exists under its documented name: a page's trusted-types directive lists it.
      const factory = (window as unknown as {trustedTypes: {createPolicy(name: string, rules: object): unknown}}).trustedTypes;
      expect(() => factory.createPolicy(TRUSTED_TYPES_POLICY, {})).to.throw();
    } finally {
      files.dispose();
    }
  });

  it("starts the DuckDB engine's convert Worker through the same policy, and it converts", async () => {
    const channel = new WorkerChannel(startConvertWorker);
    try {
      const converted = await channel.send<ConvertedFile>({type: 'convert', file: new File(['[{"a":1},{"a":2}]'], 'a.json'), fileName: 'a.json', kind: 'json'});
      expect(converted.rows).to.equal(2);
      expect(new TextDecoder().decode(converted.csv)).to.equal('"a"\n1\n2\n');
    } finally {
      channel.fail(() => new AutouiError(ErrorCodes.ABORTED, 'done'));
    }
  });
});
