/**
 * `createFilesEngine()`: the local data engine's main-thread side, whichever Worker reads the files
 * (the sql.js files Worker through local-files.ts, DuckDB's through src/files/duckdb/), named for
 * the model by its SQL engine (`sqlEngine`: the dialect its queries are written in). It refuses a
 * file by kind and size before any Worker starts, then sends one request at a time to the Worker.
 * It keeps each attached `File` (a reference: no copy), so when the Worker has to go (a query past its time
 * limit, a load past its own, a crash) a fresh one is started and the kept files read again
 * before the next request: the page and the conversation go on.
 */
import {AutouiError, ErrorCodes} from '../errors.js';
import {DEFAULT_FILE_MAX_BYTES, FILE_KINDS, type AttachedFile, type FileTable} from './file-types.js';
import {sizesOver} from './byte-size.js';
import {kindOfFile} from './file-kinds.js';
import type {LocalFiles, LocalFilesOptions, QueryAnswer, QueryOptions, TableSummary} from './local-files-api.js';
import {tableBaseName} from './sql-names.js';
import {filesOfQuery} from './query-sources.js';
import type {WorkerChannel} from './worker-channel.js';
import type {WorkerResults} from './worker-protocol.js';

/**
 * The test seam (not part of any public entry): makes the Worker throw an uncaught error, as a
 * crash would, so a test can check the engine recovers.
 */
export const CRASH_WORKER = Symbol('autoui-agent files: crash the Worker (tests)');

const DEFAULT_QUERY_TIMEOUT_MS = 15_000;
const DEFAULT_LOAD_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_ROWS = 200;
const MAX_ROWS_CAP = 10_000;

const refused = (message: string) => Promise.reject(new AutouiError(ErrorCodes.FILE_REFUSED, message));
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** What the engine asks of its Worker: the files Worker's channel, or another engine's speaking the same requests (src/files/duckdb/). */
export type FilesChannel = Pick<WorkerChannel, 'dead' | 'send' | 'fail'>;

/**
 * Creates the local data engine of one element; `startChannel` starts its Worker, `sqlEngine` names
 * the SQL it runs. This module
 * imports no Worker, so each engine's chunk carries only its own.
 */
export function createFilesEngine(options: LocalFilesOptions, startChannel: () => FilesChannel, sqlEngine: LocalFiles['sqlEngine'] = 'SQLite'): LocalFiles & {[CRASH_WORKER](): void} {
  let channel: FilesChannel | undefined;
  let kept: {file: File; attached: AttachedFile}[] = [];
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs `operation` after every earlier one. */
  const serial = <T>(operation: () => Promise<T>): Promise<T> => {
    const run = queue.then(operation, operation);
    queue = run.catch(() => undefined);
    return run;
  };

  const tablesExcept = (name?: string) => kept.filter((e) => e.attached.name !== name).flatMap((e) => e.attached.tables.map((t) => t.name));

  /** Reads `file` in `worker`, replacing the tables of `replaces`. */
  const load = async (worker: FilesChannel, file: File, replaces: FileTable[]): Promise<AttachedFile> => {
    const kind = kindOfFile(file.name, file.type)!;
    // Options are read at each use, like `kinds` and `maxBytes`.
    const loadTimeoutMs = options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS;
    const limit = {
      ms: loadTimeoutMs,
      error: () => new AutouiError(ErrorCodes.FILE_UNREADABLE, `"${file.name}" took longer than ${seconds(loadTimeoutMs)} to read and was given up.`),
    };
    const request = {type: 'attach', file, fileName: file.name, kind, baseName: tableBaseName(file.name), taken: tablesExcept(file.name), replaces: replaces.map((t) => t.name)} as const;
    const {tables} = await worker.send<WorkerResults['attach']>(request, limit);
    const columns = tables.reduce((n, t) => n + t.columns.length, 0);
    return {name: file.name, size: file.size, kind, rows: tables.reduce((n, t) => n + t.rows, 0), columns, tables};
  };

  /** The live Worker; after it ended, a new one with every kept file read again (one that fails is dropped). */
  const ready = async (): Promise<FilesChannel> => {
    if (channel && !channel.dead) return channel;
    const fresh = (channel = startChannel());
    for (const entry of [...kept]) {
      try {
        entry.attached = await load(fresh, entry.file, []);
      } catch (error) {
        if (fresh.dead) throw error;
        kept = kept.filter((e) => e !== entry);
      }
    }
    return fresh;
  };

  /** After the Worker was ended on purpose: the next one starts now, in the background. */
  const restartSoon = () => void serial(ready).catch(() => undefined);

  const engine: LocalFiles & {[CRASH_WORKER](): void} = {
    sqlEngine,

    get files() {
      return kept.map((e) => e.attached);
    },

    prepare() {
      void serial(ready).catch(() => undefined);
    },

    attach(file) {
      // Read at each file: the options may be getters over attributes a page changes later.
      const kinds = options.kinds ?? FILE_KINDS;
      const maxBytes = options.maxBytes ?? DEFAULT_FILE_MAX_BYTES;
      const kind = kindOfFile(file.name, file.type);
      if (kinds.length === 0) return refused('This page does not take files.');
      if (!kind || !kinds.includes(kind)) return refused(`"${file.name}" is not a kind of file this page takes (${kinds.join(', ')}). Nothing was read.`);
      if (file.size > maxBytes) {
        const sizes = sizesOver(file.size, maxBytes);
        return refused(`"${file.name}" is ${sizes.size}; this page takes files up to ${sizes.limit}. Nothing was read.`);
      }
      return serial(async () => {
        const worker = await ready();
        const old = kept.find((e) => e.attached.name === file.name);
        try {
          const attached = await load(worker, file, old?.attached.tables ?? []);
          kept = [...kept.filter((e) => e !== old), {file, attached}];
          return attached;
        } finally {
          if (worker.dead) restartSoon();
        }
      });
    },

    remove(name) {
      return serial(async () => {
        const entry = kept.find((e) => e.attached.name === name);
        if (!entry) return false;
        kept = kept.filter((e) => e !== entry);
        if (channel && !channel.dead) await channel.send({type: 'remove', tables: entry.attached.tables.map((t) => t.name)});
        return true;
      });
    },

    describe(tables) {
      return serial(async () => {
        if (kept.length === 0 && !tables?.length) return [];
        const worker = await ready();
        return worker.send<TableSummary[]>({type: 'describe', ...(tables ? {tables: [...tables]} : {})});
      });
    },

    query(sql, queryOptions: QueryOptions = {}) {
      const maxRows = Math.min(Math.max(1, Math.floor(queryOptions.maxRows ?? DEFAULT_MAX_ROWS)), MAX_ROWS_CAP);
      return serial(async (): Promise<QueryAnswer> => {
        const worker = await ready();
        const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
        const limit = {
          ms: queryTimeoutMs,
          error: () => new AutouiError(ErrorCodes.TOOL_TIMEOUT, `The query ran longer than ${seconds(queryTimeoutMs)} and was stopped. Aggregate more, or add a LIMIT.`),
        };
        try {
          const answer = await worker.send<WorkerResults['query']>({type: 'query', sql, maxRows}, limit, queryOptions.signal);
          return {...answer, files: filesOfQuery(sql, engine.files)};
        } finally {
          if (worker.dead) restartSoon();
        }
      });
    },

    dispose() {
      kept = [];
      channel?.fail(() => new AutouiError(ErrorCodes.ABORTED, 'The local files engine was closed.'));
      channel = undefined;
    },

    [CRASH_WORKER]() {
      if (channel && !channel.dead) void channel.send({type: 'crash'}).catch(() => undefined);
    },
  };
  return engine;
}
