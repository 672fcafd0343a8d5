/**
 * `tools/list` followed page by page, one tool at a time. The SDK's `listTools()` validates the
 * whole page at once, so a single tool with a broken input schema would make every tool of the
 * server unusable; here each tool is checked on its own (MCP's tool shape, then its schemas
 * compiled by the eval-free validator) and a broken one is set aside with the reason.
 */
import {specTypeSchemas, type Client, type StandardSchemaV1, type Tool} from '@modelcontextprotocol/client';
import type {LayerTool} from '../agent/types.js';
import {errorMessage} from '../errors.js';
import {createRuntimeValidator} from '../schema/validator.js';
import {toolAppMeta, visibleToApps, visibleToModel} from './app-meta.js';
import type {DisabledTool} from './mcp-types.js';
import {headerDeclarationProblem} from './param-headers.js';

/** More pages than any real server needs: a server that loops on its cursor is cut here. */
const MAX_PAGES = 100;

/** The usable tools and the disabled ones. */
export interface ListedTools {
  /** The tools offered to the model (MCP Apps: those whose visibility includes `model`). */
  tools: LayerTool[];
  /** The tools the server's app views may call (visibility includes `app`), model-visible or not. */
  appTools: LayerTool[];
  disabled: DisabledTool[];
  /** The valid tools as the server described them (output schemas included). */
  definitions: Tool[];
}

/** A page of a list: its items are checked one by one afterwards, so a broken one spoils nothing else. */
const LoosePage: StandardSchemaV1<unknown, {tools?: unknown; nextCursor?: string}> = {
  '~standard': {
    version: 1,
    vendor: 'autoui-agent',
    validate: (value) => {
      const page = value as {nextCursor?: unknown} | null;
      if (!page || typeof page !== 'object') return {issues: [{message: 'tools/list answered with something that is not an object'}]};
      return {value: {...page, nextCursor: typeof page.nextCursor === 'string' ? page.nextCursor : undefined}};
    },
  },
};

/** MCP's shape of a tool, validated on its own. */
const ToolShape = specTypeSchemas.Tool as StandardSchemaV1<unknown, Tool>;

/** Every page of `tools/list`, with the raw tool objects (not yet validated). */
export async function listRawTools(client: Client, signal: AbortSignal): Promise<unknown[]> {
  const all: unknown[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.request({method: 'tools/list', params: cursor ? {cursor} : {}}, LoosePage, {signal});
    const tools = (result as {tools?: unknown}).tools;
    if (Array.isArray(tools)) all.push(...tools);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return all;
}

/** Why a tool cannot be offered, or undefined when it is fine. */
export function toolProblem(raw: unknown): string | undefined {
  const parsed = ToolShape['~standard'].validate(raw);
  if (parsed instanceof Promise) return undefined;
  if (parsed.issues) {
    const issue = parsed.issues[0]!;
    const path = (issue.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.');
    return `invalid tool definition at ${path || '(root)'}: ${issue.message}`;
  }
  const headers = headerDeclarationProblem(parsed.value.inputSchema);
  if (headers) return `its input schema's header declarations are invalid: ${headers}`;
  for (const key of ['inputSchema', 'outputSchema'] as const) {
    const schema = parsed.value[key];
    if (!schema) continue;
    const dangling = danglingRef(schema, schema);
    if (dangling) return `its ${key} refers to ${dangling}, which it does not define`;
    try {
      // Compiling and running once catches malformed keywords.
      createRuntimeValidator(schema as Record<string, unknown>).validate({});
    } catch (error) {
      return `its ${key} cannot be used: ${errorMessage(error)}`;
    }
  }
  return undefined;
}

/** The first local `$ref` (`#/...`) of `node` that does not resolve inside `root`. */
function danglingRef(node: unknown, root: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const ref = (node as {$ref?: unknown}).$ref;
  if (typeof ref === 'string' && ref.startsWith('#')) {
    const target = ref
      .slice(1)
      .split('/')
      .filter(Boolean)
      .map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), root);
    if (target === undefined) return ref;
  }
  for (const child of Object.values(node)) {
    const found = danglingRef(child, root);
    if (found) return found;
  }
  return undefined;
}

/**
 * Lists, validates and maps the server's tools; `allow` keeps only the named ones (for the model
 * and for app views alike). A tool whose `_meta.ui.visibility` lacks `model` is never offered to
 * the model: it goes to `appTools` only.
 */
export async function listServerTools(client: Client, signal: AbortSignal, allow?: readonly string[]): Promise<ListedTools> {
  const raw = await listRawTools(client, signal);
  const tools: LayerTool[] = [];
  const appTools: LayerTool[] = [];
  const disabled: DisabledTool[] = [];
  const definitions: Tool[] = [];
  for (const item of raw) {
    const name = typeof (item as {name?: unknown})?.name === 'string' ? (item as {name: string}).name : '(unnamed)';
    if (allow && !allow.includes(name)) continue;
    const problem = toolProblem(item);
    if (problem) {
      disabled.push({name, reason: problem});
      continue;
    }
    const tool = item as Tool;
    definitions.push(tool);
    const app = toolAppMeta(tool._meta);
    const mapped: LayerTool = {
      name: tool.name,
      ...(tool.title || tool.annotations?.title ? {title: tool.title || tool.annotations?.title} : {}),
      description: tool.description ?? tool.title ?? tool.annotations?.title,
      inputSchema: tool.inputSchema as Record<string, unknown>,
      ...(tool.annotations ? {annotations: {...tool.annotations}} : {}),
      ...(app ? {app} : {}),
    };
    if (visibleToModel(app)) tools.push(mapped);
    if (visibleToApps(app)) appTools.push(mapped);
  }
  return {tools, appTools, disabled, definitions};
}
