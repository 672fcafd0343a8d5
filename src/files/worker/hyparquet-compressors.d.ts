/** The two modules of hyparquet-compressors (1.1.2) the files Workers import one by one (parquet-codecs.ts); the package types only its index. */
declare module 'hyparquet-compressors/src/gzip.js' {
  export function gunzip(input: Uint8Array, output?: Uint8Array): Uint8Array;
}
declare module 'hyparquet-compressors/src/lz4.js' {
  export function decompressLz4(input: Uint8Array, outputLength: number): Uint8Array;
  export function decompressLz4Raw(input: Uint8Array, outputLength: number): Uint8Array;
}
