/**
 * What the `load_file` span of a file attached says, and the tracing settings it needs: a file
 * may come before any question, when the session has not been told the element's settings yet
 * (a question tells them as it starts). Part of the files chunk.
 */
import type {ChildSpanOptions} from '../../telemetry/agent-tracer.js';
import type {SessionSettings} from '../../session/agent-session.js';
import {kindOfFile} from '../../files/file-kinds.js';
import {resolveServerUrl} from '../page.js';

/** The element's tracing attributes (`telemetry`, `telemetry-content`, `tracerProvider`) and files engine. */
export interface FileTraceHost {
  readonly telemetry?: string;
  readonly telemetryContent?: boolean;
  readonly tracerProvider?: SessionSettings['tracerProvider'];
  /** `duckdb`: DuckDB-WASM reads the files; else the default engine. */
  readonly filesEngine?: string;
}

/** The session's tracing settings for these attributes, as a question would set them. */
export function tracingSettings(host: FileTraceHost): Pick<SessionSettings, 'telemetry' | 'tracerProvider' | 'telemetryContent'> {
  const telemetry = host.telemetry?.trim();
  return {telemetry: telemetry ? resolveServerUrl(telemetry) : undefined, tracerProvider: host.tracerProvider, telemetryContent: host.telemetryContent === true};
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
