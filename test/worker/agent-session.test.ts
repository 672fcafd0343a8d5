/**
 * The rules of a conversation on `AgentSession`, each run in its own Web Worker (no DOM there):
 * see session-rules.ts for what each checks.
 */
import {sessionRules} from './session-rules.js';

/** Runs one rule in a fresh module Worker; rejects with the rule's own failure. */
async function inWorker(rule: string): Promise<void> {
  const worker = new Worker(new URL('./fixtures/session-worker.ts', import.meta.url), {type: 'module'});
  try {
    const outcome = await new Promise<{ok: boolean; message?: string; stack?: string}>((resolve, reject) => {
      worker.onmessage = (e) => resolve(e.data);
      worker.onerror = (e) => reject(new Error(`the worker failed to run: ${e.message}`));
      worker.postMessage({rule});
    });
    if (!outcome.ok) {
      const failure = new Error(outcome.message);
      failure.stack = outcome.stack;
      throw failure;
    }
  } finally {
    worker.terminate();
  }
}

describe('AgentSession, in a Web Worker', () => {
  for (const rule of Object.keys(sessionRules)) {
    it(rule, () => inWorker(rule));
  }
});
