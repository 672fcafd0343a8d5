/**
 * Tool naming: `{server}_{protocol}_{tool}`, so tools of different servers never collide and a
 * call can be routed back to its layer; server-name normalisation, de-duplication, provider name limits and parsing a prefixed name back.
 */
import type {ToolLayer} from './types.js';

/** Longest tool name providers accept (Anthropic and OpenAI: 64). */
export const MAX_TOOL_NAME_LENGTH = 64;

/** Characters providers accept in a tool name. */
const VALID_NAME = /^[a-zA-Z0-9_-]+$/;

/** The words dropped from server names: they carry no meaning in a prefix. */
const DROPPED_WORDS = new Set(['mcp', 'server']);

/**
 * Normalises a server name for use in prefixes: lower case, runs of other characters become one
 * `_`, the words `mcp` and `server` are dropped, `_` trimmed.
 * `"Tricoteuses MCP Server"` → `tricoteuses`. A name left empty becomes `server`.
 */
export function normalizeServerName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !DROPPED_WORDS.has(w));
  return words.join('_') || 'server';
}

/**
 * The prefix key of every layer, in order: normalised names, with `_2`, `_3` appended to a name
 * already taken, so two servers that normalise alike stay distinct.
 */
export function assignServerKeys(layers: readonly ToolLayer[]): string[] {
  const taken = new Set<string>();
  return layers.map((layer) => {
    const base = normalizeServerName(layer.serverName);
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
    taken.add(key);
    return key;
  });
}

/** A short, stable hash (FNV-1a, base 36) used to keep shortened names unique. */
export function stableHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The provider-safe name of a tool: `{serverKey}_{protocol}_{tool}`, with characters providers
 * refuse replaced by `_`, and names over {@link MAX_TOOL_NAME_LENGTH} cut and given a stable hash
 * suffix of the full name, so two long names never collide and the same tool always gets the same
 * name. Callers keep the mapping back to the real tool and settle the rare collision of two
 * sanitised names (see `ToolCatalog`).
 */
export function prefixToolName(serverKey: string, protocol: ToolLayer['protocol'], toolName: string, maxLength = MAX_TOOL_NAME_LENGTH): string {
  const full = `${serverKey}_${protocol}_${toolName}`;
  let name = VALID_NAME.test(full) ? full : full.replace(/[^a-zA-Z0-9_-]/g, '_');
  if (name.length > maxLength) {
    const suffix = `_${stableHash(full)}`;
    name = name.slice(0, maxLength - suffix.length) + suffix;
  }
  return name;
}

/** The parts of a prefixed tool name. */
export interface ParsedToolName {
  serverKey: string;
  protocol: ToolLayer['protocol'];
  tool: string;
}

/**
 * Parses `{server}_{protocol}_{tool}` against the known server keys, longest first, so a server
 * key that itself contains `_` or `_webmcp` routes correctly. Without known keys, falls back to
 * the design's regular expression. Returns undefined for a name of another shape.
 */
export function parsePrefixedName(name: string, serverKeys: readonly string[] = []): ParsedToolName | undefined {
  const byLength = [...serverKeys].sort((a, b) => b.length - a.length);
  for (const serverKey of byLength) {
    for (const protocol of ['webmcp', 'mcp'] as const) {
      const prefix = `${serverKey}_${protocol}_`;
      if (name.startsWith(prefix) && name.length > prefix.length) {
        return {serverKey, protocol, tool: name.slice(prefix.length)};
      }
    }
  }
  if (serverKeys.length > 0) return undefined;
  const match = /^(.+?)_(mcp|webmcp)_(.+)$/.exec(name);
  return match ? {serverKey: match[1], protocol: match[2] as ParsedToolName['protocol'], tool: match[3]} : undefined;
}
