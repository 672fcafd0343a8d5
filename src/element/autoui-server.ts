import type {ServerConfig} from '../session/server-set.js';

/**
 * `<autoui-server>`: names one MCP server of its parent `<autoui-agent>`. It renders nothing;
 * adding, removing or changing one connects, disconnects or reconnects that server (the parent
 * watches its children).
 *
 * @summary One MCP server of an `<autoui-agent>`.
 * @attr name - Server name used in tool prefixes (`{name}_mcp_{tool}`); default: the server's own name.
 * @attr url - Streamable HTTP endpoint of the server.
 * @attr token - Sent as `Authorization: Bearer <token>` to this server only.
 * @attr tools - Space-separated allow-list of tool names; absent: every tool.
 */
export class AutouiServer extends HTMLElement {
  /** The server's configuration as read from the attributes. */
  get config(): ServerConfig {
    return serverConfigOf(this);
  }
}


/** Reads a server configuration from an element's attributes. */
export function serverConfigOf(element: Element): ServerConfig {
  const tools = element.getAttribute('tools')?.split(/\s+/).filter(Boolean);
  return {
    name: element.getAttribute('name') || undefined,
    url: element.getAttribute('url') ?? '',
    token: element.getAttribute('token') || undefined,
    tools: tools?.length ? tools : undefined,
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'autoui-server': AutouiServer;
  }
}
