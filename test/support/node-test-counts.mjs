/**
 * A `node:test` reporter that counts passed, failed and skipped tests and writes them as JSON
 * (the file named by `NODE_TEST_COUNTS`), the same shape as the browser tests' counts, so
 * `scripts/test.mjs` adds the Node tests to its one `N passed, N failed` line.
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {dirname} from 'node:path';

/** @param {AsyncIterable<{type: string, data: any}>} source */
export default async function* countNodeTests(source) {
  const counts = {passed: 0, failed: 0, skipped: 0, failures: []};
  for await (const event of source) {
    // Suites report too; only tests (no children) count.
    if (event.type === 'test:pass' && event.data.details?.type !== 'suite') {
      if (event.data.skip || event.data.todo) counts.skipped++;
      else counts.passed++;
    } else if (event.type === 'test:fail' && event.data.details?.type !== 'suite') {
      counts.failed++;
      const error = event.data.details?.error;
      counts.failures.push(`${event.data.file ?? ''}: ${event.data.name}: ${error?.cause?.message ?? error?.message ?? ''}`);
    }
  }
  const file = process.env.NODE_TEST_COUNTS;
  if (file) {
    mkdirSync(dirname(file), {recursive: true});
    writeFileSync(file, JSON.stringify(counts, null, 2));
  }
  yield `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`;
}
