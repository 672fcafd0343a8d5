/**
 * The local files Worker: reads attached files into its SQLite database and answers `describe`
 * and read-only queries. Built into one classic script by scripts/gen-files-worker.mjs; the main
 * thread (local-files.ts) sends one request at a time and turns failures into `AutouiError`s.
 */
import type {WorkerMessage, WorkerReply} from '../worker-protocol.js';
import {getDatabase, writing} from './database.js';
import {describeTables, type LoadedTable} from './describe-tables.js';
import {failureOf, QueryFailed} from './failures.js';
import {loadFile} from './load-file.js';
import {quoteName} from '../sql-names.js';
import {runReadOnly} from './read-only-query.js';

const scope = self as unknown as {onmessage: ((event: MessageEvent<WorkerMessage>) => void) | null; postMessage(reply: WorkerReply): void};

/** The tables loaded, by name. */
const tables = new Map<string, LoadedTable>();

async function handle(message: WorkerMessage): Promise<unknown> {
  const db = await getDatabase();
  switch (message.type) {
    case 'attach': {
      const loaded = await loadFile(db, message);
      for (const name of message.replaces) tables.delete(name);
      for (const table of loaded) tables.set(table.name, {...table, file: message.fileName});
      return {tables: loaded};
    }
    case 'remove': {
      const gone = message.tables.filter((name) => tables.delete(name));
      await writing(db, async () => gone.forEach((name) => db.run(`DROP TABLE IF EXISTS ${quoteName(name)}`)));
      return {removed: gone.length};
    }
    case 'describe': {
      const names = message.tables ?? [...tables.keys()];
      const unknown = names.filter((name) => !tables.has(name));
      if (unknown.length) throw new QueryFailed(`No table named ${unknown.map((n) => `"${n}"`).join(', ')}. Tables: ${[...tables.keys()].join(', ') || 'none'}.`);
      return describeTables(db, names.map((name) => tables.get(name)!));
    }
    case 'query':
      return runReadOnly(db, message.sql, message.maxRows);
    case 'convert':
      // The DuckDB engine's request, answered by the convert Worker (convert-worker.ts), not here.
      throw new Error('the files Worker does not convert files');
    case 'crash':
      // The test seam: an uncaught error, which the main thread sees as the Worker's `error` event.
      setTimeout(() => {
        throw new Error('files worker: crash asked by a test');
      });
      return new Promise(() => {});
  }
}

/** One request at a time, as the client sends them: a query never runs while a file is half-loaded. */
let queue = Promise.resolve();

scope.onmessage = (event) => {
  const message = event.data;
  queue = queue.then(() =>
    handle(message).then(
      (result) => scope.postMessage({id: message.id, ok: true, result}),
      (error: unknown) => scope.postMessage({id: message.id, ok: false, error: failureOf(error, message.type)}),
    ),
  );
};
