/**
 * The rules of a conversation on `AgentSession`, each run in its own Web Worker (no DOM there):
 * see session-rules.ts for what each checks.
 */
import {sessionRules} from './session-rules.js';
import {workerResult} from '../helpers/worker-result.js';

/** Runs one rule in a fresh module Worker; rejects with the rule's own failure. */
async function inWorker(rule: string): Promise<void> {
  const outcome = await workerResult<{ok: boolean; message?: string; stack?: string}>(new URL('./fixtures/session-worker.ts', import.meta.url), {rule});
  if (!outcome.ok) {
    const failure = new Error(outcome.message);
    failure.stack = outcome.stack;
    throw failure;
  }
}

describe('AgentSession, in a Web Worker', () => {
  for (const rule of Object.keys(sessionRules)) {
    it(rule, () => inWorker(rule));
  }
});
