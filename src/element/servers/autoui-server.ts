import type {ApprovalPolicy} from '../../agent/approval.js';
import {warnUnknownPolicy} from '../policy-warning.js';
import type {ServerConfig} from '../../session/server-set.js';
import {attributeOrAlias} from '../early-bindings.js';

/**
 * `<autoui-server>`: names one MCP server of its parent `<autoui-agent>`. It renders nothing;
 * adding, removing or changing one connects, disconnects or reconnects that server (the parent
 * watches its children). Each attribute has a property of the same name, which frameworks bind
 * (`[url]="…"` in Angular, `url={…}` in React 19): setting `name`, `url` or `tools` sets the
 * attribute; a `token` set as a property stays out of the DOM (no attribute for page scripts,
 * serialisers or session-replay tools to read). A server without a usable `url` is reported by
 * the parent with `autoui-server-error` (`MCP_CONFIG`).
 *
 * @tagname autoui-server
 * @summary One MCP server of an `<autoui-agent>`.
 */
export class AutouiServer extends HTMLElement {
  /**
   * Server name used in tool prefixes (`{name}_mcp_{tool}`); default: the server's own name.
   * @attr name
   */
  get name(): string {
    return this.getAttribute('name') ?? '';
  }
  set name(value: string) {
    this.#reflect('name', value);
  }

  /**
   * Streamable HTTP endpoint of the server (legacy SSE servers work too), resolved against the page.
   * @attr url
   */
  get url(): string {
    return this.getAttribute('url') ?? '';
  }
  set url(value: string) {
    this.#reflect('url', value);
  }

  /**
   * Sent as `Authorization: Bearer <token>` to this server only. Set as a property, it is kept
   * here and not written to the attribute, which it then overrides.
   * @attr token
   */
  get token(): string {
    return this.#token ?? this.getAttribute('token') ?? '';
  }
  set token(value: string) {
    this.#token = value === null || value === undefined ? undefined : String(value);
    // The parent watches attributes; this change has none, so it is told.
    this.dispatchEvent(new Event(SERVER_CHANGE, {bubbles: true}));
  }

  #token?: string;

  /**
   * Allow-list of tool names (the attribute: space-separated); empty or absent: every tool.
   * @attr tools
   */
  get tools(): string[] {
    return splitTools(this.getAttribute('tools'));
  }
  set tools(value: readonly string[] | string) {
    this.#reflect('tools', typeof value === 'string' ? value : value?.join(' '));
  }

  /**
   * This server's approval policy (`writes`, `all`, `never`); wins over the agent's `approve`.
   * Empty or absent: the agent's; any other value: `writes` (with a console warning).
   * @attr approve
   */
  get approve(): string {
    return this.getAttribute('approve') ?? '';
  }
  set approve(value: string) {
    this.#reflect('approve', value);
  }

  /**
   * Which MCP revision to speak: `auto` (default: probe with `server/discover`, 2026-07-28 when
   * the server speaks it, the 2025-11-25 lifecycle otherwise), `2026-07-28` or `2025-11-25`.
   * Any other value means `auto`, with a console warning.
   * @attr protocol
   */
  get protocol(): string {
    return this.getAttribute('protocol') ?? '';
  }
  set protocol(value: string) {
    this.#reflect('protocol', value);
  }

  /**
   * OAuth client id for this server, when it asks to sign in: a Client ID Metadata Document URL
   * or a pre-registered id; default: the agent's `client-id`.
   * @attr client-id
   */
  get clientId(): string {
    // `clientid`: what React 19 writes for a `clientId` prop before the element is defined.
    return attributeOrAlias(this, 'client-id') ?? '';
  }
  set clientId(value: string) {
    this.#reflect('client-id', value);
  }

  /** The server's configuration, as its parent connects it. */
  get config(): ServerConfig {
    return serverConfigOf(this);
  }

  connectedCallback(): void {
    // A framework may set properties on the element before its class is defined: they are then
    // own fields of the plain element, which would hide the accessors. Move them to the attributes
    // (here, not in the constructor, where an element must not gain attributes).
    for (const key of ['name', 'url', 'token', 'tools', 'approve', 'protocol', 'clientId'] as const) {
      if (!Object.prototype.hasOwnProperty.call(this, key)) continue;
      const value = (this as Record<string, unknown>)[key];
      delete (this as Record<string, unknown>)[key];
      (this as Record<string, unknown>)[key] = value;
    }
  }

  #reflect(attribute: string, value: string | null | undefined): void {
    if (value === null || value === undefined || value === '') this.removeAttribute(attribute);
    else this.setAttribute(attribute, String(value));
  }
}

/** Fired (bubbling, internal) by an `<autoui-server>` whose configuration changed without an attribute. */
export const SERVER_CHANGE = 'autoui-server-change';

const splitTools = (value: string | null) => value?.split(/\s+/).filter(Boolean) ?? [];

const PROTOCOLS = ['auto', '2026-07-28', '2025-11-25'] as const;

/** The `protocol` attribute's value, or `auto` (with a warning) for one it does not know. */
function parseProtocol(value: string): (typeof PROTOCOLS)[number] {
  const known = PROTOCOLS.find((p) => p === value.toLowerCase());
  if (!known) console.warn(`autoui-agent: <autoui-server protocol="${value}"> is not auto, 2026-07-28 or 2025-11-25; auto is used.`);
  return known ?? 'auto';
}

/** Reads a server configuration from an element: its attributes, and a token set as a property. */
export function serverConfigOf(element: Element): ServerConfig {
  const tools = splitTools(element.getAttribute('tools'));
  const token = element instanceof AutouiServer ? element.token : element.getAttribute('token');
  const approve = element.getAttribute('approve')?.trim();
  if (approve) warnUnknownPolicy(approve, '<autoui-server>');
  const protocol = element.getAttribute('protocol')?.trim();
  const clientId = attributeOrAlias(element, 'client-id')?.trim();
  return {
    ...(protocol ? {protocol: parseProtocol(protocol)} : {}),
    ...(clientId ? {clientId} : {}),
    // Passed as written: the session reads an unknown value as `writes`, never as the agent's.
    ...(approve ? {approve: approve as ApprovalPolicy} : {}),
    name: element.getAttribute('name') || undefined,
    url: element.getAttribute('url') ?? '',
    token: token || undefined,
    tools: tools.length ? tools : undefined,
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'autoui-server': AutouiServer;
  }
}
