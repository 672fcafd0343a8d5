/**
 * The pseudo-tools `search_tools(query)` and `list_tools()`, answered from the catalog itself: no
 * network call, no activation of a whole server. The tools they name become callable from the
 * next request (a model calls only the tools it is offered).
 */
import {normalizeServerName} from './naming.js';
import {listToolsCall, type CatalogEntry, type CatalogServer, type ToolCatalog, type ToolRoute} from './tool-catalog.js';
import {SHARED_PSEUDO_TOOLS} from './types.js';

/** What a pseudo-tool answered. */
export interface PseudoToolAnswer {
  /** What the model reads. */
  text: string;
  /** The tools it named (to offer from the next turn); none for an error. */
  found: CatalogEntry[];
  /** The server it was about, when it was about one (or the catalog has one). */
  server?: CatalogServer;
  /** True when the call named no server it could answer about. */
  invalid?: boolean;
}

const MAX_SEARCH_RESULTS = 20;

/** Lower case without accents, for matching words in French and English alike. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/**
 * Answers a call to a pseudo-tool. It is about the server of a per-server name, else the shared
 * pair's `server` argument (a server key, or a server name that normalises to one); a search with
 * no `server` covers every server. Tools are listed under the names the model must call.
 */
export function answerPseudoTool(catalog: ToolCatalog, route: ToolRoute & {kind: 'pseudo'}, args: Record<string, unknown>): PseudoToolAnswer {
  const named = isGiven(args.server) ? String(args.server) : undefined;
  const server = route.server ?? (named === undefined ? undefined : serverNamed(catalog.servers, named));
  if (!server && named !== undefined) {
    const keys = catalog.servers.map((s) => s.key);
    return {text: `No server named "${named}". Servers: ${keys.join(', ')}.`, found: [], invalid: true};
  }
  if (!server && route.pseudo === 'list_tools') {
    const known = catalog.servers.filter((s) => s.discoverable).map((s) => s.key);
    return {text: `list_tools needs "server", one of: ${known.join(', ') || 'none'}.`, found: [], invalid: true};
  }
  const servers = server ? [server] : catalog.servers;
  const entries = servers.flatMap((s) => s.entries);
  const answer = route.pseudo === 'list_tools' ? {text: describe(entries), found: [...entries]} : search(servers, entries, String(args.query ?? ''));
  return servers.length === 1 ? {...answer, server: servers[0]} : answer;
}

const isGiven = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The server a model names by its key (`atlas`), or by a name that normalises to one (`Atlas MCP Server`). */
function serverNamed(servers: readonly CatalogServer[], name: string): CatalogServer | undefined {
  const key = normalizeServerName(name);
  return servers.find((server) => server.key === name || server.key === key);
}

/** The tools as the model reads them: the names to call, and what they do. */
const describe = (entries: readonly CatalogEntry[]) => JSON.stringify(entries.map((e) => ({name: e.offeredAs, description: e.tool.description ?? ''})));

/** The tools whose name (3 points a word) or description (1) has the query's words, best first. */
function search(servers: readonly CatalogServer[], entries: readonly CatalogEntry[], query: string): {text: string; found: CatalogEntry[]} {
  const words = foldText(query).split(/[^a-z0-9]+/).filter((w) => w.length > 1);
  const found = entries
    .map((entry) => {
      const name = foldText(entry.tool.name);
      const description = foldText(entry.tool.description ?? '');
      const score = words.reduce((s, w) => s + (name.includes(w) ? 3 : 0) + (description.includes(w) ? 1 : 0), 0);
      return {entry, score};
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_SEARCH_RESULTS)
    .map((s) => s.entry);
  if (found.length) return {text: describe(found), found};
  const keys = servers.map((s) => s.key);
  const where = keys.length === 1 ? `of ${keys[0]} ` : '';
  const next = keys.length === 1 ? listToolsCall(keys[0]) : `${SHARED_PSEUDO_TOOLS.list_tools}({"server": …}) with one of ${keys.join(', ')}`;
  return {text: `No tool ${where}matches "${query}". Call ${next} to see them all.`, found: []};
}
