/**
 * Reads a snapshot that came from outside (a page, a share link, a stored copy, a file): every part
 * of it is untrusted. The JSON is bounded first (size, values, depth, no `__proto__`), then the
 * format and version are checked (a wrong one is refused whole, with a typed error, and nothing
 * in the session changes), then each part is checked on its own and what does not have the right
 * shape is left out and said so, never passed on. Widget params are only shaped here: the layers
 * check them as they check a `widget_display` call (see `AgentSession.restore`).
 */
import type {ApprovalRequest} from '../../agent/approval.js';
import {AutouiError, ErrorCodes} from '../../errors.js';
import type {AssistantMessage, ModelMessage, ToolResultPart} from '../../providers/model-messages.js';
import {readUntrustedJson} from '../../schema/untrusted-json.js';
import {readFileNotice, readSnapshotFiles, readWidgetSource} from './read-snapshot-files.js';
import {SNAPSHOT_FORMAT, SNAPSHOT_LIMITS, SNAPSHOT_VERSION, type SnapshotConversation, type SnapshotFile, type SnapshotResult, type SnapshotWidget} from './snapshot-format.js';
import type {Notice, NoticeReason, RestoreSource, TranscriptEntry} from '../transcript.js';

/** Something of a snapshot that was left out, and why (in words for a developer). */
export interface DroppedPart {
  part: 'widget' | 'transcript' | 'conversation';
  /** The widget's type, for widgets (as written in the snapshot, at most 60 characters). */
  type?: string;
  /** For widgets: its place in the snapshot's list. */
  index?: number;
  /** For widgets: no layer shows this type (yet: a page may register its widget later). */
  unknownType?: boolean;
  reason: string;
}

/** A widget as read, with its place in the snapshot's list. */
export type ReadWidget = SnapshotWidget & {index: number};

/** A snapshot as read: shaped parts, and what was left out. */
export interface ReadSnapshot {
  widgets: ReadWidget[];
  transcript: TranscriptEntry[];
  conversation?: SnapshotConversation;
  /** The local files it says were attached (their schema). */
  files: SnapshotFile[];
  dropped: DroppedPart[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const short = (v: unknown, max = 60) => (isString(v) ? v.slice(0, max) : typeof v);
const ID = /^w_[a-z0-9]{6}$/;
/** Larger than any canvas: a place or size beyond it is a mistake or an attack. */
const MAX_COORDINATE = 100_000;
const NOTICE_REASONS: readonly NoticeReason[] = ['busy', 'aborted', 'max_iterations', 'max_tokens', 'error', 'restored', 'storage', 'file'];
const APPROVAL_STATES = ['allowed', 'allowed-always', 'denied', 'stopped'] as const;
const RESTORE_SOURCES: readonly RestoreSource[] = ['snapshot', 'share', 'local'];

/** Reads `input` (a snapshot object or its JSON text). Throws `SNAPSHOT_INVALID` or `SNAPSHOT_TOO_LARGE`. */
export function readSnapshot(input: unknown): ReadSnapshot {
  const json = readUntrustedJson(input, SNAPSHOT_LIMITS);
  if (!json.ok) throw new AutouiError(json.reason === 'not-json' ? ErrorCodes.SNAPSHOT_INVALID : ErrorCodes.SNAPSHOT_TOO_LARGE, json.message);
  const root = json.value;
  if (!isObject(root) || root.format !== SNAPSHOT_FORMAT) {
    throw new AutouiError(ErrorCodes.SNAPSHOT_INVALID, `This is not an autoui snapshot: its "format" must be "${SNAPSHOT_FORMAT}".`);
  }
  if (root.version !== SNAPSHOT_VERSION) {
    const newer = isFiniteNumber(root.version) && root.version > SNAPSHOT_VERSION;
    throw new AutouiError(
      ErrorCodes.SNAPSHOT_INVALID,
      newer
        ? `This snapshot is version ${root.version}, written by a newer autoui-agent; this one reads version ${SNAPSHOT_VERSION}.`
        : `This snapshot's version (${short(JSON.stringify(root.version) ?? 'none', 20)}) is not one autoui-agent reads (${SNAPSHOT_VERSION}).`,
      {details: {version: root.version}},
    );
  }
  for (const key of ['widgets', 'transcript'] as const) {
    if (root[key] !== undefined && !Array.isArray(root[key])) throw new AutouiError(ErrorCodes.SNAPSHOT_INVALID, `A snapshot's "${key}" must be a list.`);
  }
  const dropped: DroppedPart[] = [];
  const widgets = readWidgets((root.widgets as unknown[] | undefined) ?? [], dropped);
  const transcript = readTranscript((root.transcript as unknown[] | undefined) ?? [], dropped);
  const conversation = root.conversation === undefined ? undefined : readConversation(root.conversation, dropped);
  return {widgets, transcript, ...(conversation ? {conversation} : {}), files: readSnapshotFiles(root.files), dropped};
}

function readWidgets(items: unknown[], dropped: DroppedPart[]): ReadWidget[] {
  const widgets: ReadWidget[] = [];
  const ids = new Set<string>();
  for (const [index, item] of items.entries()) {
    if (widgets.length >= SNAPSHOT_LIMITS.maxWidgets) {
      dropped.push({part: 'widget', index, type: isObject(item) ? short(item.type) : undefined, reason: `more than ${SNAPSHOT_LIMITS.maxWidgets} widgets`});
      continue;
    }
    if (!isObject(item) || !isString(item.type) || !item.type || item.type.length > 100) {
      dropped.push({part: 'widget', index, type: isObject(item) ? short(item.type) : undefined, reason: 'no widget type'});
      continue;
    }
    if (!isObject(item.params)) {
      dropped.push({part: 'widget', index, type: short(item.type), reason: 'its params are not an object'});
      continue;
    }
    // An id that is malformed or taken gets a new one from the store: the widget is still shown.
    const id = isString(item.id) && ID.test(item.id) && !ids.has(item.id) ? item.id : '';
    if (id) ids.add(id);
    const widget: ReadWidget = {id, type: item.type, params: item.params, index};
    const position = pair(item.position, 'x', 'y', 0);
    if (position) widget.position = {x: position[0], y: position[1]};
    const size = pair(item.size, 'width', 'height', 40);
    if (size) widget.size = {width: size[0], height: size[1]};
    if (isObject(item.style)) {
      const style = Object.fromEntries(Object.entries(item.style).filter((e): e is [string, string] => isString(e[1])));
      if (Object.keys(style).length) widget.style = style;
    }
    const source = readWidgetSource(item.source);
    if (source) widget.source = source;
    widgets.push(widget);
  }
  return widgets;
}

/** Two finite numbers of `value` within [min, MAX_COORDINATE], or undefined (the widget keeps its flow place or natural size). */
function pair(value: unknown, a: string, b: string, min: number): [number, number] | undefined {
  if (!isObject(value) || !isFiniteNumber(value[a]) || !isFiniteNumber(value[b])) return undefined;
  const clamp = (n: number) => Math.min(MAX_COORDINATE, Math.max(min, n));
  return [clamp(value[a]), clamp(value[b])];
}

function readTranscript(items: unknown[], dropped: DroppedPart[]): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  let refused = 0;
  // The latest lines matter most: a transcript too long keeps its end.
  const start = Math.max(0, items.length - SNAPSHOT_LIMITS.maxTranscript);
  if (start > 0) dropped.push({part: 'transcript', reason: `${start} earliest lines (more than ${SNAPSHOT_LIMITS.maxTranscript})`});
  for (const item of items.slice(start)) {
    const entry = readEntry(item);
    if (entry) entries.push(entry);
    else refused++;
  }
  if (refused) dropped.push({part: 'transcript', reason: `${refused} line${refused === 1 ? '' : 's'} of an unknown shape`});
  return entries;
}

const text = (v: unknown) => (isString(v) ? v.slice(0, SNAPSHOT_LIMITS.maxText) : undefined);
const optionalString = (v: unknown, max = 2_000) => (isString(v) ? v.slice(0, max) : undefined);

function readEntry(item: unknown): TranscriptEntry | undefined {
  if (!isObject(item)) return undefined;
  switch (item.kind) {
    case 'user':
    case 'assistant': {
      const value = text(item.text);
      if (value === undefined) return undefined;
      if (item.kind !== 'user') return {kind: 'assistant', text: value, streaming: false};
      // A view's question stays labelled as the view's.
      const from = readFrom(item.from);
      return {kind: 'user', text: value, ...(from ? {from} : {})};
    }
    case 'tool': {
      const call = item.call;
      if (!isObject(call) || !isString(call.id) || !isString(call.name)) return undefined;
      const error = optionalString(call.error);
      const server = optionalString(call.server, 200);
      const tool = optionalString(call.tool, 200);
      return {
        kind: 'tool',
        call: {
          id: call.id.slice(0, 200),
          name: call.name.slice(0, 200),
          args: {},
          result: '',
          elapsed: isFiniteNumber(call.elapsed) && call.elapsed >= 0 ? Math.round(call.elapsed) : 0,
          guided: call.guided === true,
          ...(error !== undefined ? {error} : {}),
          ...(server !== undefined ? {server} : {}),
          ...(tool !== undefined ? {tool} : {}),
        },
      };
    }
    case 'approval': {
      const request = readApprovalRequest(item.request);
      const state = APPROVAL_STATES.find((s) => s === item.state);
      return request && state ? {kind: 'approval', request, state} : undefined;
    }
    case 'notice': {
      const reason = NOTICE_REASONS.find((r) => r === item.reason);
      if (!reason || (item.level !== 'info' && item.level !== 'error')) return undefined;
      const code = optionalString(item.code, 60);
      const message = optionalString(item.message);
      const restored = readRestored(item.restored);
      const file = readFileNotice(item.file);
      return {kind: 'notice', reason, level: item.level, ...(code !== undefined ? {code} : {}), ...(message !== undefined ? {message} : {}), ...(restored ? {restored} : {}), ...(file ? {file} : {})};
    }
    default:
      return undefined;
  }
}

/** A `restored` notice's facts: where from, how many, which types were left out. */
function readRestored(value: unknown): Notice['restored'] {
  if (!isObject(value)) return undefined;
  const source = RESTORE_SOURCES.find((s) => s === value.source);
  if (!source || !Number.isInteger(value.widgets) || (value.widgets as number) < 0) return undefined;
  const dropped = Array.isArray(value.dropped) ? value.dropped.filter(isString).slice(0, 50).map((t) => t.slice(0, 60)) : [];
  return {source, widgets: value.widgets as number, dropped};
}

/** Which MCP App view asked (a question, a call), when a line says so. */
function readFrom(value: unknown): {app: {server: string; tool: string}} | undefined {
  const app = isObject(value) && isObject(value.app) ? value.app : undefined;
  const server = optionalString(app?.server, 200);
  const tool = optionalString(app?.tool, 200);
  return server !== undefined && tool !== undefined ? {app: {server, tool}} : undefined;
}

function readApprovalRequest(value: unknown): ApprovalRequest | undefined {
  if (!isObject(value)) return undefined;
  const {id, server, tool, name, title} = value;
  if (![id, server, tool, name, title].every(isString)) return undefined;
  const serverUrl = optionalString(value.serverUrl, 500);
  const from = readFrom(value.from);
  return {
    id: (id as string).slice(0, 200),
    server: (server as string).slice(0, 200),
    tool: (tool as string).slice(0, 200),
    name: (name as string).slice(0, 200),
    title: (title as string).slice(0, 500),
    args: isObject(value.args) ? value.args : {},
    annotations: isObject(value.annotations) ? value.annotations : {},
    ...(serverUrl !== undefined ? {serverUrl} : {}),
    ...(from ? {from} : {}),
  };
}

/** The conversation, whole or not at all: a history with a part missing would confuse the model. */
function readConversation(value: unknown, dropped: DroppedPart[]): SnapshotConversation | undefined {
  const leftOut = (reason: string) => {
    dropped.push({part: 'conversation', reason});
    return undefined;
  };
  if (!isObject(value) || !Array.isArray(value.messages)) return leftOut('it has no list of messages');
  const messages: ModelMessage[] = [];
  for (const [index, message] of value.messages.entries()) {
    const read = readMessage(message);
    if (!read) return leftOut(`message ${index} has an unknown shape`);
    messages.push(read);
  }
  const broken = brokenHistory(messages);
  if (broken) return leftOut(broken);
  const results: SnapshotResult[] = [];
  for (const result of Array.isArray(value.results) ? value.results : []) {
    if (isObject(result) && isString(result.id) && isString(result.text) && Number.isInteger(result.iteration) && (result.iteration as number) >= 0) {
      results.push({id: result.id, text: result.text, iteration: result.iteration as number});
    }
  }
  return {messages, results};
}

/**
 * Why a history does not hold together, or undefined when it does: it starts with the person's
 * message, every tool call is answered by the next message, and every result answers a call of
 * the message before it. Providers refuse any other history, and the next question would fail.
 */
function brokenHistory(messages: readonly ModelMessage[]): string | undefined {
  if (messages.length && messages[0].role !== 'user') return 'it does not start with a question';
  for (const [index, message] of messages.entries()) {
    if (message.role === 'assistant') {
      const next = messages[index + 1];
      const answered = new Set(next?.role === 'tool' ? next.content.map((p) => p.toolCallId) : []);
      for (const part of message.content) if (part.type === 'tool-call' && !answered.has(part.id)) return `the tool call ${part.id.slice(0, 60)} has no result`;
    } else if (message.role === 'tool') {
      const previous = messages[index - 1];
      const calls = new Set(previous?.role === 'assistant' ? previous.content.flatMap((p) => (p.type === 'tool-call' ? [p.id] : [])) : []);
      for (const part of message.content) if (!calls.has(part.toolCallId)) return `the result ${part.toolCallId.slice(0, 60)} answers no call`;
    }
  }
  return undefined;
}

function readMessage(value: unknown): ModelMessage | undefined {
  if (!isObject(value)) return undefined;
  if (value.role === 'user') return isString(value.content) ? {role: 'user', content: value.content} : undefined;
  if (!Array.isArray(value.content)) return undefined;
  if (value.role === 'assistant') {
    const content: AssistantMessage['content'] = [];
    for (const part of value.content) {
      if (isObject(part) && part.type === 'text' && isString(part.text)) content.push({type: 'text', text: part.text});
      else if (isObject(part) && part.type === 'tool-call' && isString(part.id) && isString(part.name) && isObject(part.input)) {
        content.push({type: 'tool-call', id: part.id, name: part.name, input: part.input});
      } else return undefined;
    }
    return {role: 'assistant', content};
  }
  if (value.role === 'tool') {
    const content: ToolResultPart[] = [];
    for (const part of value.content) {
      if (!isObject(part) || part.type !== 'tool-result' || !isString(part.toolCallId) || !isString(part.toolName) || !isString(part.output)) return undefined;
      content.push({type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, output: part.output, ...(part.isError === true ? {isError: true} : {})});
    }
    return {role: 'tool', content};
  }
  return undefined;
}
