/**
 * Writes a session's state as a snapshot (see `snapshot-format.ts`). What it leaves out is the
 * point: no key or token (they are in the settings and server configs, which it never reads), no
 * server address's query, credentials or fragment (where hosted servers put tokens), no tool
 * arguments or results in the transcript (results are only in the opt-in conversation), no draft.
 */
import type {WidgetInstance} from '../agent/widget-sink.js';
import type {ModelMessage} from '../providers/model-messages.js';
import {SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type AutouiSnapshot, type SnapshotResult, type SnapshotTranscriptEntry} from './snapshot-format.js';
import type {TranscriptEntry} from './transcript.js';

/** The parts of a session a snapshot is written from. */
export interface SnapshotSource {
  widgets: readonly WidgetInstance[];
  transcript: readonly TranscriptEntry[];
  servers: ReadonlyArray<{name: string; url: string}>;
  /** Present only when the conversation is wanted. */
  conversation?: {messages: readonly ModelMessage[]; results: readonly SnapshotResult[]};
}

/** A snapshot of `source`, as new plain data (changing it changes nothing in the session). */
export function takeSnapshot(source: SnapshotSource, now = new Date()): AutouiSnapshot {
  const snapshot: AutouiSnapshot = {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    createdAt: now.toISOString(),
    widgets: source.widgets.map(({id, type, params, position, size, style}) => ({
      id,
      type,
      params,
      ...(position ? {position} : {}),
      ...(size ? {size} : {}),
      ...(style && Object.keys(style).length ? {style} : {}),
    })),
    transcript: source.transcript.flatMap(snapshotEntry),
    servers: source.servers.map(({name, url}) => ({name, url: publicAddress(url)})),
    ...(source.conversation ? {conversation: {messages: [...source.conversation.messages], results: [...source.conversation.results]}} : {}),
  };
  // One deep copy: the snapshot shares no object with the session.
  return JSON.parse(JSON.stringify(snapshot)) as AutouiSnapshot;
}

/** A transcript line as a snapshot keeps it: pending approvals are over once the page is gone. */
function snapshotEntry(entry: TranscriptEntry): SnapshotTranscriptEntry[] {
  switch (entry.kind) {
    case 'user':
      return [{kind: 'user', text: entry.text}];
    case 'assistant':
      return entry.text ? [{kind: 'assistant', text: entry.text}] : [];
    case 'tool': {
      const {args: _args, result: _result, ...call} = entry.call;
      return [{kind: 'tool', call}];
    }
    case 'approval': {
      const request = {...entry.request, ...(entry.request.serverUrl ? {serverUrl: publicAddress(entry.request.serverUrl)} : {})};
      return [{kind: 'approval', request, state: entry.state === 'pending' ? 'stopped' : entry.state}];
    }
    case 'notice':
      return [entry];
  }
}

/**
 * A server's address without what may be secret in it: `https://user:pass@host/mcp?token=…#x`
 * becomes `https://host/mcp`. A string that is no URL is kept as its first 200 characters.
 */
export function publicAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.replace(/[?#].*$/s, '').replace(/\/\/[^/@]*@/, '//').slice(0, 200);
  }
}
