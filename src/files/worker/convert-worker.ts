/**
 * The convert Worker: reads JSON, JSON Lines and Parquet files for the DuckDB engine and answers
 * CSV bytes (convert-file.ts), off the main thread. It holds no database, nor Papa Parse, SheetJS
 * or sql.js: built apart from the files Worker by scripts/gen-files-worker.mjs, it is a small
 * script the DuckDB engine starts only when such a file comes.
 */
import type {WorkerMessage, WorkerReply} from '../worker-protocol.js';
import {convertFile} from './convert-file.js';
import {failureOf} from './failures.js';

const scope = self as unknown as {onmessage: ((event: MessageEvent<WorkerMessage>) => void) | null; postMessage(reply: WorkerReply, transfer?: Transferable[]): void};

/** One file at a time, as the client sends them. */
let queue = Promise.resolve();

scope.onmessage = (event) => {
  const message = event.data;
  queue = queue.then(async () => {
    try {
      if (message.type !== 'convert') throw new Error(`the convert Worker answers convert requests, not ${message.type}`);
      const result = await convertFile(message);
      // Transferred: the CSV's bytes move to the main thread, no copy.
      scope.postMessage({id: message.id, ok: true, result}, [result.csv]);
    } catch (error) {
      // Failures of a conversion are the file's, as an attach's are.
      scope.postMessage({id: message.id, ok: false, error: failureOf(error, 'attach')});
    }
  });
};
