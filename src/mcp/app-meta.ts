/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension, spec 2026-01-26) as the client side sees
 * it: what we announce in `initialize`, and what a tool's `_meta.ui` says (the view its calls show
 * in, who may call it). A tool the model may not call (`visibility` without `model`) is never
 * offered to it; one the app views may not call is refused to them.
 */
import type {ToolAppMeta, ToolVisibility} from '../agent/types.js';

/** The extension's identifier. */
export const MCP_APPS_EXTENSION = 'io.modelcontextprotocol/ui';

/** The one view format of the spec: an HTML page. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The client capabilities that announce MCP Apps (in `initialize`). */
export const MCP_APPS_CAPABILITIES = {extensions: {[MCP_APPS_EXTENSION]: {mimeTypes: [MCP_APP_MIME_TYPE]}}};

const VISIBILITIES: readonly ToolVisibility[] = ['model', 'app'];

/**
 * What a tool's `_meta` says about apps, or undefined when it says nothing (an ordinary tool,
 * callable by the model and by app views). Reads `_meta.ui` and the deprecated flat
 * `_meta["ui/resourceUri"]`; a `resourceUri` that is not `ui://` is ignored, and an unreadable
 * `visibility` counts as the default.
 */
export function toolAppMeta(meta: unknown): ToolAppMeta | undefined {
  if (!meta || typeof meta !== 'object') return undefined;
  const ui = (meta as {ui?: unknown}).ui;
  const block = ui && typeof ui === 'object' ? (ui as {resourceUri?: unknown; visibility?: unknown}) : {};
  const flat = (meta as Record<string, unknown>)['ui/resourceUri'];
  const uri = typeof block.resourceUri === 'string' ? block.resourceUri : typeof flat === 'string' ? flat : undefined;
  const resourceUri = uri && /^ui:\/\/./i.test(uri) ? uri : undefined;
  const listed = Array.isArray(block.visibility) ? block.visibility.filter((v): v is ToolVisibility => (VISIBILITIES as readonly unknown[]).includes(v)) : undefined;
  const visibility = listed ?? VISIBILITIES;
  if (!resourceUri && !Array.isArray(block.visibility)) return undefined;
  return {...(resourceUri ? {resourceUri} : {}), visibility: [...new Set(visibility)]};
}

/** True when the model may be offered the tool (no `_meta.ui`, or a visibility with `model`). */
export const visibleToModel = (app: ToolAppMeta | undefined): boolean => !app || app.visibility.includes('model');

/** True when the server's app views may call the tool (no `_meta.ui`, or a visibility with `app`). */
export const visibleToApps = (app: ToolAppMeta | undefined): boolean => !app || app.visibility.includes('app');
