/**
 * Which kind a file is by its name and type, and which kinds the `files` attribute lets in. No DOM:
 * the element, the engine's main-thread client and the Worker all use it.
 */
import {FILE_KINDS, type FileKind} from './file-types.js';

const BY_EXTENSION: Record<string, FileKind> = {
  csv: 'csv',
  tsv: 'tsv',
  tab: 'tsv',
  json: 'json',
  jsonl: 'jsonl',
  ndjson: 'jsonl',
  parquet: 'parquet',
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  ods: 'ods',
};

const BY_MIME: Record<string, FileKind> = {
  'text/csv': 'csv',
  'text/tab-separated-values': 'tsv',
  'application/json': 'json',
  'application/jsonl': 'jsonl',
  'application/x-ndjson': 'jsonl',
  'application/x-jsonlines': 'jsonl',
  'application/vnd.apache.parquet': 'parquet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
};

/**
 * The kind of a file from its extension, else its MIME type; undefined for a file the element does
 * not read. The Worker checks the content too: a name is only a claim.
 */
export function kindOfFile(name: string, type = ''): FileKind | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(name.trim())?.[1]?.toLowerCase();
  if (extension && extension in BY_EXTENSION) return BY_EXTENSION[extension];
  return BY_MIME[type.split(';')[0]!.trim().toLowerCase()];
}

/** What each token of the `files` attribute lets in. */
const TOKENS: Record<string, readonly FileKind[]> = {
  csv: ['csv', 'tsv'],
  tsv: ['tsv'],
  json: ['json', 'jsonl'],
  jsonl: ['jsonl'],
  ndjson: ['jsonl'],
  parquet: ['parquet'],
  xlsx: ['xlsx'],
  ods: ['ods'],
};

/**
 * The kinds the `files` attribute lets in: absent or empty → every kind; `off` or `none` → none;
 * otherwise the kinds its tokens name (`csv` also takes `tsv`, `json` also `jsonl`; `.csv` works
 * as well; case does not matter; unknown tokens are ignored).
 */
export function parseFilesAttribute(value: string | null): FileKind[] {
  const tokens = (value ?? '').toLowerCase().split(/[\s,;]+/).map((t) => t.replace(/^\./, '')).filter(Boolean);
  if (tokens.length === 0) return [...FILE_KINDS];
  if (tokens.includes('off') || tokens.includes('none')) return [];
  const wanted = new Set(tokens.flatMap((t) => TOKENS[t] ?? []));
  return FILE_KINDS.filter((kind) => wanted.has(kind));
}
