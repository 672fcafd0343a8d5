/**
 * The local-file parts of a snapshot, read as untrusted input like the rest of it (part of the
 * restore chunk): the files it says were attached (their schema: names, sizes, kinds, tables and
 * typed columns; anything else about them is dropped), where each widget's data came from, and the
 * facts of a `file` notice. What has the wrong shape is left out; names are text, cut to a length.
 */
import type {SnapshotFile} from './snapshot-format.js';
import type {FileNotice} from '../transcript.js';
import type {WidgetSource} from '../../agent/widget-sink.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
/** A file's name as read: text, at most 255 characters (what file systems allow). */
const name = (v: unknown) => (typeof v === 'string' && v ? v.slice(0, 255) : undefined);
const names = (v: unknown, max: number) => (Array.isArray(v) ? v.map(name).filter((n): n is string => n !== undefined).slice(0, max) : []);
/** A kind or a column type: a short lower-case word (`csv`, `integer`). */
const WORD = /^[a-z]{1,16}$/;
const word = (v: unknown) => (typeof v === 'string' && WORD.test(v) ? v : undefined);
type SnapshotTable = SnapshotFile['tables'][number];
const NOTICE_EVENTS: ReadonlyArray<FileNotice['event']> = ['attached', 'refused', 'missing'];
/** More files than a person attaches, more tables than a workbook has, more columns than a sheet shows. */
const MAX_FILES = 100;
const MAX_TABLES = 256;
const MAX_COLUMNS = 16_384;

/** The files a snapshot says were attached; an entry of the wrong shape is left out. */
export function readSnapshotFiles(value: unknown): SnapshotFile[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, MAX_FILES).flatMap((item): SnapshotFile[] => {
    const kind = isObject(item) ? word(item.kind) : undefined;
    if (!isObject(item) || !name(item.name) || !isCount(item.size) || !kind || !Array.isArray(item.tables)) return [];
    return [{name: name(item.name)!, size: item.size, kind, tables: item.tables.slice(0, MAX_TABLES).flatMap(readTable)}];
  });
}

function readTable(value: unknown): SnapshotTable[] {
  if (!isObject(value) || !name(value.name) || !isCount(value.rows) || !Array.isArray(value.columns)) return [];
  const columns = value.columns.slice(0, MAX_COLUMNS).flatMap((c) => {
    const type = isObject(c) ? word(c.type) : undefined;
    return isObject(c) && name(c.name) && type ? [{name: name(c.name)!, type}] : [];
  });
  const sheet = name(value.sheet);
  return [{name: name(value.name)!, ...(sheet ? {sheet} : {}), rows: value.rows, columns}];
}

/** Where a widget's data came from, or undefined. */
export function readWidgetSource(value: unknown): WidgetSource | undefined {
  const files = isObject(value) ? names(value.files, MAX_FILES) : [];
  return files.length ? {files} : undefined;
}

/** The facts of a `file` notice, or undefined. */
export function readFileNotice(value: unknown): FileNotice | undefined {
  const event = NOTICE_EVENTS.find((e) => isObject(value) && e === value.event);
  if (!isObject(value) || !event) return undefined;
  const notice: FileNotice = {event, names: names(value.names, MAX_FILES)};
  if (isCount(value.rows)) notice.rows = value.rows;
  if (isCount(value.columns)) notice.columns = value.columns;
  return notice;
}
