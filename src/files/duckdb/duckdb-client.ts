/**
 * DuckDB-WASM's client, imported when the engine first starts, never before. It is an optional
 * peer dependency: a page that does not set `files-engine="duckdb"` installs nothing, and an
 * app's bundler must still build without it. A named import would not: Vite puts a stand-in
 * with no exports in place of a missing optional peer, and the build stops on the first name.
 * So the client is imported as a whole, here, and a missing one is told in words.
 */
import type * as DuckdbWasm from '@duckdb/duckdb-wasm';
import {FileUnreadable} from '../worker/failures.js';

/** The module `@duckdb/duckdb-wasm`. */
export type DuckdbClient = typeof DuckdbWasm;

const MISSING = 'files-engine="duckdb" needs DuckDB-WASM: install @duckdb/duckdb-wasm 1.32.0 beside autoui-agent (npm install @duckdb/duckdb-wasm@1.32.0), or leave the attribute out to use the default engine.';

let loading: Promise<DuckdbClient> | undefined;

/** DuckDB-WASM's client; rejects with {@link FileUnreadable} naming what to install when it is absent. */
export function loadDuckdbClient(): Promise<DuckdbClient> {
  loading ??= import('@duckdb/duckdb-wasm').then(
    (client: DuckdbClient) => {
      if (typeof client.AsyncDuckDB !== 'function') throw new FileUnreadable(MISSING);
      return client;
    },
    () => {
      throw new FileUnreadable(MISSING);
    },
  );
  // A failed import is tried again at the next file (the page may have fixed its build meanwhile).
  loading.catch(() => (loading = undefined));
  return loading;
}
