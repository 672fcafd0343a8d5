/**
 * The baseline of benchmark 12 (local files): Papa Parse alone, in a Worker, reading the same
 * File the element is given, chunk by chunk (its default for a File), rows counted and dropped.
 * The least any CSV reader in a Worker does: no type detection, no table, no SQL. Bundled by
 * bench/run.mjs with esbuild into bench/.build/files-papa-worker.js.
 */
import Papa from 'papaparse';

self.onmessage = ({data: file}) => {
  let rows = 0;
  let fields = 0;
  Papa.parse(file, {
    skipEmptyLines: true,
    chunk(results) {
      rows += results.data.length;
      fields = Math.max(fields, results.data[0]?.length ?? 0);
    },
    complete: () => self.postMessage({rows, fields}),
    error: (error) => self.postMessage({error: String(error?.message ?? error)}),
  });
};
