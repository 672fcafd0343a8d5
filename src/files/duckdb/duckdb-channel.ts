/**
 * The DuckDB engine's side of the files engine (files-engine-core.ts): the same requests as the
 * files Worker's (attach, remove, describe, query), answered by DuckDB in its own Worker, one at a
 * time. Past a request's time limit, or when DuckDB's Worker fails, the Worker is ended and every
 * pending request fails: the engine starts a new one and reads the kept files again, as it does
 * for the sql.js Worker.
 */
import {AutouiError, ErrorCodes, errorMessage} from '../../errors.js';
import type {FilesChannel} from '../files-engine-core.js';
import type {RequestLimit} from '../worker-channel.js';
import type {WorkerRequest} from '../worker-protocol.js';
import type {LoadedTable} from '../worker/describe-tables.js';
import {failureOf, QueryFailed} from '../worker/failures.js';
import {quoteName} from '../sql-names.js';
import type {DuckdbBundleUrls} from './duckdb-bundles.js';
import {openDuckdb, type DuckdbSession} from './duckdb-database.js';
import {describeDuckdbTables} from './duckdb-describe.js';
import type {FileConverter} from './duckdb-convert.js';
import {CONVERTED_KINDS, loadDuckdbFile, type Converter} from './duckdb-load.js';
import {runDuckdbQuery} from './duckdb-query.js';

/** What the page's CSP must allow for DuckDB (as for the sql.js engine, plus DuckDB's files' origin). */
export const DUCKDB_CSP_NEEDS =
  "the page's Content-Security-Policy must allow `'wasm-unsafe-eval'` in script-src, DuckDB's files' origin in connect-src and worker-src (or `worker-src blob:` when they come from another origin)";

interface Pending {
  type: WorkerRequest['type'];
  reject(error: unknown): void;
}

/** DuckDB in its Worker, speaking the files engine's requests. After `dead` turns true, a new channel is needed. */
export class DuckdbChannel implements FilesChannel {
  dead = false;
  readonly #pending = new Set<Pending>();
  readonly #tables = new Map<string, LoadedTable>();
  #worker?: Worker;
  readonly #session: Promise<DuckdbSession>;
  #queue: Promise<unknown> = Promise.resolve();
  #files = 0;
  /** The convert Worker, started with the first JSON, JSON Lines or Parquet file (its module is loaded then). */
  #converter?: Promise<FileConverter>;

  constructor(urls: DuckdbBundleUrls) {
    this.#session = openDuckdb(urls, (worker) => {
      this.#worker = worker;
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        const why = event.message || 'it stopped without a message';
        this.fail((type) => new AutouiError(type === 'attach' ? ErrorCodes.FILE_UNREADABLE : ErrorCodes.TOOL_FAILED, `DuckDB could not run (${why}): check that files-engine-bundles names the folder that serves its files; ${DUCKDB_CSP_NEEDS}.`));
      });
    });
    // Seen by the first request; never an unhandled rejection when none comes.
    this.#session.catch(() => undefined);
  }

  /** Sends `request`; its answer, or an `AutouiError`. */
  send<T>(request: WorkerRequest, limit?: RequestLimit, signal?: AbortSignal): Promise<T> {
    if (this.dead) return Promise.reject(new AutouiError(ErrorCodes.TOOL_FAILED, 'The local files engine stopped.'));
    if (request.type === 'crash') {
      // The test seam: DuckDB's Worker ends now, as a crash would end it.
      this.fail(() => new AutouiError(ErrorCodes.TOOL_FAILED, 'The local files engine stopped; it restarts with the attached files.'));
      return new Promise<T>(() => {});
    }
    return new Promise<T>((resolve, reject) => {
      const pending: Pending = {type: request.type, reject: (error) => settle(() => reject(error))};
      const timer = limit && setTimeout(() => this.fail(limit.error), limit.ms);
      const onAbort = () => pending.reject(new AutouiError(ErrorCodes.ABORTED, 'The request was aborted.'));
      const settle = (then: () => void) => {
        if (!this.#pending.delete(pending)) return;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        then();
      };
      this.#pending.add(pending);
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, {once: true});
      const run = this.#queue.then(() => this.#handle(request));
      this.#queue = run.catch(() => undefined);
      run.then(
        (value) => settle(() => resolve(value as T)),
        (error: unknown) => {
          const failure = AutouiError.isInstance(error) ? error : toAutouiError(error, request.type);
          pending.reject(failure);
        },
      );
    });
  }

  /** Ends DuckDB's Worker; pending requests fail with `error` (by their type). */
  fail(error: (type: WorkerRequest['type']) => AutouiError): void {
    if (this.dead) return;
    this.dead = true;
    // Terminating the Worker is what stops a query that runs in WebAssembly.
    this.#worker?.terminate();
    void this.#converter?.then((converter) => converter.end(), () => undefined);
    for (const pending of [...this.#pending]) pending.reject(error(pending.type));
  }

  async #handle(request: WorkerRequest): Promise<unknown> {
    if (this.dead) throw new AutouiError(ErrorCodes.TOOL_FAILED, 'The local files engine stopped.');
    // A file DuckDB does not read itself is converted while DuckDB starts: two Workers side by side.
    const converting = request.type === 'attach' ? this.#convert(request.file, request.fileName, request.kind) : undefined;
    // Awaited by the load; never an unhandled rejection when DuckDB did not start.
    converting?.catch(() => undefined);
    let session: DuckdbSession;
    try {
      session = await this.#session;
    } catch (error) {
      throw new AutouiError(request.type === 'attach' ? ErrorCodes.FILE_UNREADABLE : ErrorCodes.TOOL_FAILED, `DuckDB did not start (${errorMessage(error)}): check files-engine-bundles; ${DUCKDB_CSP_NEEDS}.`, {cause: error});
    }
    switch (request.type) {
      case 'attach': {
        const loaded = await loadDuckdbFile(session, request, ++this.#files, converting);
        for (const name of request.replaces) this.#tables.delete(name);
        for (const table of loaded) this.#tables.set(table.name, {...table, file: request.fileName});
        return {tables: loaded};
      }
      case 'remove': {
        const gone = request.tables.filter((name) => this.#tables.delete(name));
        for (const name of gone) await session.conn.query(`DROP TABLE IF EXISTS ${quoteName(name)}`);
        return {removed: gone.length};
      }
      case 'describe': {
        const names = request.tables ?? [...this.#tables.keys()];
        const unknown = names.filter((name) => !this.#tables.has(name));
        if (unknown.length) throw new QueryFailed(`No table named ${unknown.map((n) => `"${n}"`).join(', ')}. Tables: ${[...this.#tables.keys()].join(', ') || 'none'}.`);
        return describeDuckdbTables(session, names.map((name) => this.#tables.get(name)!));
      }
      case 'query':
        return runDuckdbQuery(session, request.sql, request.maxRows);
      case 'convert':
      case 'crash':
        // convert: the convert Worker's request, never sent here; crash: handled in send(), at once.
        return undefined;
    }
  }

  readonly #convert: Converter = (file, fileName, kind) => {
    if (!CONVERTED_KINDS.includes(kind)) return undefined;
    this.#converter ??= import('./duckdb-convert.js').then(
      ({FileConverter}) => new FileConverter(),
      (error: unknown) => {
        this.#converter = undefined;
        throw error;
      },
    );
    return this.#converter.then((converter) => converter.convert(file, fileName, kind));
  };
}

/** A failure thrown while answering `type`, as the files Worker reports it. */
function toAutouiError(error: unknown, type: WorkerRequest['type']): AutouiError {
  const failure = failureOf(error, type);
  return new AutouiError(ErrorCodes[failure.code], failure.message, {cause: error});
}
