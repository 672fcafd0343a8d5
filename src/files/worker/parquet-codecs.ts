/**
 * The Parquet compression codecs read besides hyparquet's own (uncompressed, snappy): zstd (what
 * DuckDB and polars write), gzip and LZ4 (older Spark and Hadoop files), with hyparquet-compressors'
 * decoders and fzstd, its zstd decoder. They are imported one by one, not from the package's index:
 * the index also compiles a WebAssembly snappy (hyparquet's JavaScript one is enough here) and brings
 * Brotli's 79 kB dictionary for a codec Parquet writers rarely use. A Brotli or LZO file is refused
 * with the codec's name (parquet-reader.ts says so in words).
 */
import {decompress as zstd} from 'fzstd';
import {gunzip} from 'hyparquet-compressors/src/gzip.js';
import {decompressLz4, decompressLz4Raw} from 'hyparquet-compressors/src/lz4.js';
import type {Compressors} from 'hyparquet';

/** The decoders by codec, as hyparquet's `compressors` option takes them. */
export const PARQUET_CODECS: Compressors = {
  ZSTD: (input) => zstd(input),
  GZIP: (input, length) => gunzip(input, new Uint8Array(length)),
  LZ4: decompressLz4,
  LZ4_RAW: decompressLz4Raw,
};

/** The codecs read, for messages. */
export const CODECS_READ = 'uncompressed, snappy, zstd, gzip, LZ4';
