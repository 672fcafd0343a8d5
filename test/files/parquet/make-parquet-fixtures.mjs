#!/usr/bin/env node
/**
 * Writes the committed Parquet fixtures of the files tests: the same six cities compressed with
 * zstd (what DuckDB and polars write) and with gzip (older Spark and Hadoop files), two row groups
 * each. Browsers cannot compress zstd, and hyparquet-writer compresses only snappy itself, so these
 * two are made here once: hyparquet-writer writes the file, the `zstd` command (zstd -19) and
 * Node's zlib compress its pages. Run: node test/files/parquet/make-parquet-fixtures.mjs
 */
import {execFileSync} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import {gzipSync} from 'node:zlib';
import {parquetWriteBuffer} from 'hyparquet-writer';

const day = (iso) => new Date(`${iso}T00:00:00Z`);

/** Six cities: text, a 64-bit integer, a double, a boolean and a date with empty cells. */
const columnData = [
  {name: 'City', data: ['Paris', 'Lyon', 'Berlin', 'Rome', 'Madrid', 'Nice']},
  {name: 'Country', data: ['FR', 'FR', 'DE', 'IT', 'ES', 'FR']},
  {name: 'Population', data: [2102650n, 522250n, 3755251n, 2748109n, 3332035n, 342669n]},
  {name: 'Rating', data: [4.5, 4.25, 4, null, 3.75, 5]},
  {name: 'Capital', data: [true, false, true, true, true, false]},
  {name: 'Visited', data: [day('2024-05-01'), null, day('2023-07-14'), null, day('2022-10-02'), null]},
];
const schema = [
  {name: 'root', num_children: columnData.length},
  {name: 'City', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL'},
  {name: 'Country', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL'},
  {name: 'Population', type: 'INT64', repetition_type: 'OPTIONAL'},
  {name: 'Rating', type: 'DOUBLE', repetition_type: 'OPTIONAL'},
  {name: 'Capital', type: 'BOOLEAN', repetition_type: 'OPTIONAL'},
  {name: 'Visited', type: 'INT32', converted_type: 'DATE', repetition_type: 'OPTIONAL'},
];

const codecs = {
  zstd: {codec: 'ZSTD', compressors: {ZSTD: (input) => new Uint8Array(execFileSync('zstd', ['-q', '-c', '-19'], {input}))}},
  gzip: {codec: 'GZIP', compressors: {GZIP: (input) => new Uint8Array(gzipSync(input))}},
};

for (const [name, options] of Object.entries(codecs)) {
  const buffer = parquetWriteBuffer({columnData, schema, rowGroupSize: 4, ...options});
  const path = new URL(`cities.${name}.parquet`, import.meta.url);
  writeFileSync(path, new Uint8Array(buffer));
  console.log(`${path.pathname}: ${buffer.byteLength} bytes`);
}
