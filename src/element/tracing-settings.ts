/**
 * The session's tracing settings for the element's `telemetry`, `telemetry-content` and
 * `tracerProvider`. The element tells them to its session as soon as they are set, not only when a
 * question starts: servers connect, and files are attached, before the first question, and their
 * spans need them then. Tiny and DOM-free: it is part of the first load.
 */
import type {SessionSettings} from '../session/agent-session.js';
import {resolveServerUrl} from './page.js';

/** The element's tracing attributes. */
export interface TracingAttributes {
  /** An OTLP/HTTP traces URL, relative to the page (the `telemetry` attribute). */
  readonly telemetry?: string;
  readonly telemetryContent?: boolean;
  readonly tracerProvider?: SessionSettings['tracerProvider'];
}

/** The session's settings for these attributes: tracing is off unless `telemetry` or `tracerProvider` is set. */
export function tracingSettings(a: TracingAttributes): Pick<SessionSettings, 'telemetry' | 'tracerProvider' | 'telemetryContent'> {
  const telemetry = a.telemetry?.trim();
  return {telemetry: telemetry ? resolveServerUrl(telemetry) : undefined, tracerProvider: a.tracerProvider, telemetryContent: a.telemetryContent === true};
}

/** True when `a` and `b` trace the same way (the session need not be told again). */
export const sameTracing = (a: TracingAttributes, b: TracingAttributes | undefined): boolean =>
  b !== undefined && a.telemetry === b.telemetry && a.telemetryContent === b.telemetryContent && a.tracerProvider === b.tracerProvider;
