/**
 * What the `load_file` span of a file attached says, and the tracing settings it needs: a file
 * may come before any question, when the session has not been told the element's settings yet
 * (a question tells them as it starts). Part of the files chunk.
 */
import type {ChildSpanOptions} from '../../telemetry/agent-tracer.js';
import {kindOfFile} from '../../files/file-kinds.js';
import type {TracingAttributes} from '../tracing-settings.js';

/** The element's tracing attributes and files engine. */
export interface FileTraceHost extends TracingAttributes {
  /** `duckdb`: DuckDB-WASM reads the files; else the default engine. */
  readonly filesEngine?: string;
}

/** The engine that reads the files: DuckDB-WASM when the page opted in, else SQLite (sql.js). */
export const filesEngineOf = (host: FileTraceHost): 'duckdb' | 'sqlite' => (host.filesEngine?.trim().toLowerCase() === 'duckdb' ? 'duckdb' : 'sqlite');

/**
 * The `load_file` span's attributes known before reading: kind, size, engine, and the name (which
 * the tracer keeps only with `telemetry-content`: a file's name may name a person).
 */
export function loadFileSpan(file: File, host: FileTraceHost): ChildSpanOptions {
  return {attributes: {'autoui.file.kind': kindOfFile(file.name, file.type), 'file.size': file.size, 'autoui.files.engine': filesEngineOf(host), 'file.name': file.name}};
}
