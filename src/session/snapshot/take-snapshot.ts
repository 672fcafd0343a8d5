/**
 * Writes a session's state as a snapshot (see `snapshot-format.ts`). What it leaves out is the
 * point: no key or token (they are in the settings and server configs, which it never reads), no
 * server address's query, credentials or fragment (where hosted servers put tokens), no tool
 * arguments or results in the transcript (results are only in the opt-in conversation), no draft.
 */
import {MCP_APP_WIDGET_TYPE} from '../../schema/mcp-app-view.js';
import type {WidgetInstance} from '../../agent/widget-sink.js';
import {publicAddress} from '../../policy/public-address.js';
import type {ModelMessage} from '../../providers/model-messages.js';
import {SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type AutouiSnapshot, type SnapshotFile, type SnapshotResult, type SnapshotTranscriptEntry} from './snapshot-format.js';
import type {TranscriptEntry} from '../transcript.js';

/** The parts of a session a snapshot is written from. */
export interface SnapshotSource {
  widgets: readonly WidgetInstance[];
  transcript: readonly TranscriptEntry[];
  servers: ReadonlyArray<{name: string; url: string}>;
  /** The attached local files, as their schema (a view never hands their rows: it has none). */
  files?: readonly SnapshotFile[];
  /** Present only when the conversation is wanted. */
  conversation?: {messages: readonly ModelMessage[]; results: readonly SnapshotResult[]};
}

/** A snapshot of `source`, as new plain data (changing it changes nothing in the session). */
export function takeSnapshot(source: SnapshotSource, now = new Date()): AutouiSnapshot {
  const snapshot: AutouiSnapshot = {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    createdAt: now.toISOString(),
    // An MCP App view is left out: it lives with its server's connection, its params hold the
    // call's arguments and result (which a snapshot never holds), and no restore could show it.
    widgets: source.widgets.filter(({type}) => type !== MCP_APP_WIDGET_TYPE).map(({id, type, params, position, size, style, source}) => ({
      id,
      type,
      params,
      ...(position ? {position} : {}),
      ...(size ? {size} : {}),
      ...(style && Object.keys(style).length ? {style} : {}),
      ...(source ? {source} : {}),
    })),
    transcript: source.transcript.flatMap(snapshotEntry),
    servers: source.servers.map(({name, url}) => ({name, url: publicAddress(url)})),
    ...(source.files?.length ? {files: [...source.files]} : {}),
    ...(source.conversation ? {conversation: {messages: [...source.conversation.messages], results: [...source.conversation.results]}} : {}),
  };
  // One deep copy: the snapshot shares no object with the session. On the way, a server's full
  // address quoted anywhere (a message from an older version, a tool's own error text) becomes
  // its public one.
  let json = JSON.stringify(snapshot);
  for (const {url} of source.servers) {
    const shown = publicAddress(url);
    const quoted = JSON.stringify(url).slice(1, -1);
    if (shown !== url && quoted) json = json.split(quoted).join(JSON.stringify(shown).slice(1, -1));
  }
  return JSON.parse(json) as AutouiSnapshot;
}

/** A transcript line as a snapshot keeps it: pending approvals are over once the page is gone. */
function snapshotEntry(entry: TranscriptEntry): SnapshotTranscriptEntry[] {
  switch (entry.kind) {
    case 'user':
      return [{kind: 'user', text: entry.text, ...(entry.from ? {from: entry.from} : {})}];
    case 'assistant':
      return entry.text ? [{kind: 'assistant', text: entry.text}] : [];
    case 'tool': {
      const {args: _args, result: _result, ...call} = entry.call;
      return [{kind: 'tool', call}];
    }
    case 'approval': {
      // The line of an answered approval shows the tool, not its arguments: they stay out too.
      const request = {...entry.request, args: {}, ...(entry.request.serverUrl ? {serverUrl: publicAddress(entry.request.serverUrl)} : {})};
      return [{kind: 'approval', request, state: entry.state === 'pending' ? 'stopped' : entry.state}];
    }
    case 'notice':
      return [entry];
    case 'sign-in':
    case 'elicitation':
      // Sign-ins carry an authorization request, questions a server's words and a person's
      // answers: a snapshot outlives both, and a restored page asks again if it must.
      return [];
  }
}
