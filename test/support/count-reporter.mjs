import {mkdirSync, writeFileSync} from 'node:fs';
import {dirname} from 'node:path';

/**
 * A web-test-runner reporter that counts passed, failed and skipped tests over all sessions and
 * writes them to a JSON file, so `scripts/test.mjs` can print one `N passed, N failed` line for
 * the whole `npm test`. A test file that fails to load (no results, session errors) counts as one
 * failure: a broken import must never read as "0 failed".
 * @param {{file: string}} options
 */
export function countReporter({file}) {
  return {
    stop({sessions}) {
      const counts = {passed: 0, failed: 0, skipped: 0, failures: []};
      const walk = (suite, path, testFile) => {
        for (const test of suite.tests) {
          if (test.skipped) counts.skipped++;
          else if (test.passed) counts.passed++;
          else {
            counts.failed++;
            counts.failures.push(`${testFile}: ${[...path, test.name].join(' > ')}: ${test.error?.message ?? ''}`);
          }
        }
        for (const child of suite.suites) walk(child, [...path, child.name], testFile);
      };
      for (const session of sessions) {
        if (session.testResults) walk(session.testResults, [], session.testFile);
        const loadFailed = !session.testResults || (session.errors.length > 0 && !session.passed);
        if (loadFailed && session.errors.length > 0) {
          counts.failed++;
          counts.failures.push(`${session.testFile}: ${session.errors.map((e) => e.message).join('; ')}`);
        }
      }
      mkdirSync(dirname(file), {recursive: true});
      writeFileSync(file, JSON.stringify(counts, null, 2));
    },
  };
}
