/**
 * An MCP `tools/call` result as the text a model reads: text parts joined,
 * `structuredContent` as JSON (once, even when the server also sent it as text, as the spec
 * suggests), images, audio and binary resources summarised by type, MIME type, size and URI,
 * never their base64; `isError` passed through. `data` keeps `structuredContent` for the page.
 */
import type {ToolOutput} from '../agent/types.js';

/** One content part as servers send it (the SDK's union, read loosely on purpose). */
interface ContentPart {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  title?: string;
  size?: number;
  resource?: {uri?: string; mimeType?: string; text?: string; blob?: string};
}

/** The parts of a `CallToolResult` this module reads. */
export interface CallToolResultLike {
  content?: unknown;
  structuredContent?: unknown;
  isError?: unknown;
  /** Pre-2025-03 servers answer `{toolResult}` instead of content. */
  toolResult?: unknown;
}

/** Bytes encoded by a base64 string. */
export function base64Size(data: string): number {
  const clean = data.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

/** "1.2 kB", "850 B". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

const fields = (pairs: Array<[string, string | undefined]>) =>
  pairs
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');

/** The text for one non-text part. */
function summarise(part: ContentPart): string {
  switch (part.type) {
    case 'image':
    case 'audio':
      return `[${part.type}: ${fields([['mime', part.mimeType], ['size', part.data ? formatBytes(base64Size(part.data)) : undefined]])}]`;
    case 'resource_link':
      return `[resource link: ${fields([['name', part.name], ['uri', part.uri], ['mime', part.mimeType], ['size', part.size ? formatBytes(part.size) : undefined]])}]`;
    case 'resource': {
      const r = part.resource ?? {};
      // An embedded text resource is text the model can use; a blob is only described.
      if (typeof r.text === 'string') return `[resource: ${fields([['uri', r.uri], ['mime', r.mimeType]])}]\n${r.text}`;
      return `[resource: ${fields([['uri', r.uri], ['mime', r.mimeType], ['size', r.blob ? formatBytes(base64Size(r.blob)) : undefined]])}]`;
    }
    default:
      return `[${part.type} content]`;
  }
}

/**
 * True when `text` is the JSON serialisation of `value` (any formatting). `json` is
 * `JSON.stringify(value)`, computed once by the caller: most servers send exactly that text, and
 * comparing strings first avoids parsing a large result on every call.
 */
function sameJson(text: string, json: string): boolean {
  if (text === json) return true;
  try {
    return JSON.stringify(JSON.parse(text)) === json;
  } catch {
    return false;
  }
}

/** Converts one result. */
export function toToolOutput(result: CallToolResultLike): ToolOutput {
  const parts = Array.isArray(result.content) ? (result.content as ContentPart[]) : [];
  const structured = result.structuredContent;
  const hasStructured = structured !== undefined && structured !== null;
  const structuredJson = hasStructured ? JSON.stringify(structured) : '';
  const pieces: string[] = [];
  for (const part of parts) {
    if (part?.type === 'text' && typeof part.text === 'string') {
      if (!(hasStructured && sameJson(part.text, structuredJson))) pieces.push(part.text);
    } else if (part && typeof part.type === 'string') pieces.push(summarise(part));
  }
  if (hasStructured) pieces.push(structuredJson);
  if (!parts.length && !hasStructured && result.toolResult !== undefined) pieces.push(JSON.stringify(result.toolResult));
  const output: ToolOutput = {text: pieces.join('\n')};
  if (result.isError === true) output.isError = true;
  if (hasStructured) output.data = structured;
  return output;
}
