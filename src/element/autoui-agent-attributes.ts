/**
 * The attributes of `<autoui-agent>`, as Lit properties: what a page sets on the element, each
 * documented here for the custom-elements manifest (which lists them on `autoui-agent`). The
 * element (`autoui-agent.ts`) reads them; nothing here acts on them. What a framework bound before
 * the element was defined is taken over (`early-bindings.ts`), and a property bound after the
 * upgrade wins over one bound before it (which Lit would set again at the first update).
 */
import {LitElement, type PropertyDeclaration, type PropertyValues} from 'lit';
import type {TracerProvider} from '@opentelemetry/api';
import type {ApprovalPolicy} from '../agent/approval.js';
import type {AgentSession} from '../session/agent-session.js';
import type {AutouiSnapshot, SnapshotOptions} from '../session/snapshot/snapshot-format.js';
import {lowercaseAliases, takeOverOwnAccessors} from './early-bindings.js';
import {snapshotJson} from './snapshot-json.js';

/**
 * The attributes and properties of `<autoui-agent>`, its base class: their declarations, and how
 * what a framework bound before the element was defined reaches them. Properties mirror
 * attributes in camelCase.
 */
export class AutouiAgentAttributes extends LitElement {
  /** Lit's reactive properties of the fields below (declared here, not by decorators: the first load does without them). */
  static override properties = {
    provider: {reflect: true},
    endpoint: {},
    model: {},
    apiKey: {attribute: 'api-key'},
    allowBrowserKey: {attribute: 'allow-browser-key', type: Boolean},
    visitorToken: {attribute: 'visitor-token'},
    maxIterations: {attribute: 'max-iterations', type: Number},
    toolTimeout: {attribute: 'tool-timeout', type: Number},
    streamTimeout: {attribute: 'stream-timeout', type: Number},
    eagerTools: {attribute: 'eager-tools', type: Boolean},
    noDrafts: {attribute: 'no-drafts', type: Boolean},
    servers: {},
    debug: {type: Boolean, reflect: true},
    imageHosts: {attribute: 'image-hosts'},
    approve: {},
    persist: {},
    share: {type: Boolean},
    initialSnapshot: {attribute: 'snapshot'},
    snapshotSrc: {attribute: 'snapshot-src'},
    readonly: {type: Boolean, reflect: true},
    sandboxUrl: {attribute: 'sandbox-url'},
    webmcp: {},
    clientId: {attribute: 'client-id'},
    oauthCallback: {attribute: 'oauth-callback'},
    fileKinds: {attribute: 'files'},
    filesMaxBytes: {attribute: 'files-max-bytes', type: Number},
    persistFiles: {attribute: 'persist-files', type: Boolean},
    filesEngine: {attribute: 'files-engine'},
    filesEngineBundles: {attribute: 'files-engine-bundles'},
    layout: {},
    suggestions: {attribute: false},
    telemetry: {},
    telemetryContent: {attribute: 'telemetry-content', type: Boolean},
    tracerProvider: {attribute: false},
    agent: {},
  };

  /**
   * How the transcript and the canvas share the element: `side` (the conversation in a column
   * beside the canvas), `stacked` (one column: the conversation above the canvas), or `auto`
   * (side from 48rem of the element's own width, stacked below). The composer spans the width in each.
   */
  layout: 'auto' | 'stacked' | 'side' = 'auto';

  /**
   * `anthropic` (Messages API), `openai` (OpenAI-compatible chat completions), `browser` (the
   * browser's built-in model) or `local` (a GGUF model run in the browser, `model` being its URL);
   * with these two, no key and nothing leaves the device. Several, separated by spaces, are an order
   * of preference: the next answers when one is unavailable here or its download is refused.
   */
  provider: 'anthropic' | 'openai' | 'browser' | 'local' | (string & {}) = 'anthropic';
  /** Base URL of the provider API, or of a proxy speaking its wire format; resolved against the page URL. */
  endpoint?: string;
  /** Model id sent to the provider; with `provider="local"`, the URL of the GGUF file. */
  model?: string;
  /** A key sent from the browser: refused unless `allow-browser-key` is set or the page is on localhost. */
  apiKey?: string;
  /** Opt-in to sending `api-key` from the browser. */
  allowBrowserKey = false;
  /**
   * A visitor token for the key proxy: a short-lived token the site's own server signs for this
   * visitor (`createVisitorToken` of `autoui-agent/proxy`), sent in the `x-autoui-visitor` header of
   * every model request. Set it again with a fresh token before it expires: the next request uses
   * the new one. It is never put in a snapshot, a stored session, a share link, the console or a message.
   */
  visitorToken?: string;
  /** LLM turns per question. */
  maxIterations = 10;
  /** Seconds one tool call may take (reset by MCP progress notifications). */
  toolTimeout = 60;
  /**
   * Seconds the model's answer may stay silent (before its first byte or between two) before the
   * question ends with `PROVIDER_STREAM`: longer for a local model that thinks a long time.
   */
  streamTimeout = 300;
  /** Send every tool up front instead of lazy discovery. */
  eagerTools = false;
  /**
   * Show widgets only once their call is complete, not while the model writes them (no drafts):
   * for a page that vetoes some widgets and must not show them even for a moment.
   */
  noDrafts = false;
  /** Shorthand for servers: space-separated MCP URLs. */
  servers = '';
  /** Show the agent console (tool calls, timings, tokens, server status). */
  debug = false;
  /** Space-separated hosts images may load from; default: the MCP servers' hosts. */
  imageHosts = '';
  /**
   * When a tool call waits for a person's yes: `writes` (every tool whose annotations do not say
   * `readOnlyHint: true`), `all` or `never`. An `<autoui-server approve>` wins for its server;
   * anything else means `writes`. The display tools never ask.
   */
  approve: ApprovalPolicy = 'writes';
  /**
   * `local`: keep this session (canvas, transcript, conversation, "always allow" answers) in the
   * browser's IndexedDB, by page origin, path and the element's `id`, and restore it on the next
   * visit. Read once, when the element first connects.
   */
  persist = '';
  /** Restore the canvas of a share link (`#autoui=…` in the page URL, from `shareUrl()`) on connect. */
  share = false;
  /**
   * The `snapshot` attribute: a snapshot (JSON, from `snapshot()`) to start from when nothing else
   * is restored. Read on connect. As a property it is `initialSnapshot`: `snapshot` is the method
   * (setting `snapshot` to a string, as frameworks do for a prop, sets this).
   */
  initialSnapshot = '';
  /** The URL of a snapshot to start from when nothing else is restored. Read on connect. */
  snapshotSrc = '';
  /**
   * Show no composer and no widget controls: an embed of a finished dashboard. The page's code may
   * still call `ask()`.
   */
  readonly = false;
  /**
   * The URL of the MCP App sandbox page (`dist/mcp-app-sandbox.html`, served from another origin
   * than this page). Without it, or on this page's own origin, MCP App views are shown as their
   * text result, with a notice.
   */
  sandboxUrl = '';
  /**
   * WebMCP, the browser's own agent API (`document.modelContext`): `expose` registers this
   * element's tools for the browser's agent (ask, show a widget, list and change the canvas),
   * `consume` offers the page's registered tools to this agent, `both`, or `off`.
   */
  webmcp: 'expose' | 'consume' | 'both' | 'off' | '' = '';
  /**
   * OAuth client id for the MCP servers that ask to sign in (a server's own `client-id` wins): the
   * URL of the site's Client ID Metadata Document, or an id registered with the authorization
   * server. Absent: the element registers itself dynamically where the server allows it.
   */
  clientId = '';
  /** The URL of the sign-in callback page the site serves (`dist/oauth-callback.html`); default: the one beside the script. */
  oauthCallback = '';
  /**
   * Local files a visitor may attach (drop on the element, paste, or pick with the composer's
   * button): `off`, or the kinds taken, e.g. `csv json xlsx` (`csv` also takes `tsv`, `json` also
   * `jsonl`); absent: every kind (csv, tsv, json, jsonl, xlsx, ods, parquet). A file becomes tables the
   * agent queries with SQL in the page; nothing is uploaded. As a property it is `fileKinds`:
   * `files` is the list of the files attached.
   */
  fileKinds?: string;
  /** The largest file read, in bytes; a larger one is refused. Default 104857600 (100 MB). */
  filesMaxBytes = 104_857_600;
  /**
   * With `persist="local"`: also keep the attached files (in this browser's IndexedDB) and attach
   * them again when the stored session comes back. Without it, no file content is ever stored.
   */
  persistFiles = false;
  /**
   * `duckdb`: local files (CSV, TSV, JSON, JSON Lines, Parquet) are read by DuckDB-WASM, for big
   * files, loaded when the file button is first pointed at or focused, or files are dragged over;
   * absent: the default engine (sql.js). `files-engine-bundles` is the folder serving DuckDB's
   * Worker and WebAssembly (default: `duckdb/` beside the engine's chunk).
   */
  filesEngine?: string;
  /** The folder (URL) that serves DuckDB's Worker and WebAssembly files, for `files-engine="duckdb"`. */
  filesEngineBundles?: string;
  /**
   * The starter questions offered before the first question, in the page's language (a property
   * only): up to four are shown, in this order; `[]` shows none. Absent, the element offers
   * questions from the connected servers' recipes, in its `lang`. Elements slotted in
   * `suggestions` replace the list.
   */
  suggestions?: string[];
  /** An OTLP/HTTP traces URL (a same-origin relay is best): each question is exported there as one OpenTelemetry trace. */
  telemetry = '';
  /** Allows the question, the answer, tool arguments and results in spans (keys and tokens never). */
  telemetryContent = false;
  /** A page's own OpenTelemetry `TracerProvider` (a property only): questions are traced through it; wins over `telemetry`. */
  tracerProvider?: TracerProvider;
  /**
   * The site's own agent: the URL of an AG-UI endpoint (LangGraph, Mastra, CrewAI, ... behind
   * their AG-UI adapter), resolved against the page URL. Set, questions run on that agent instead
   * of a model in the page (no provider, endpoint or key is needed), and the canvas is offered
   * to it as frontend tools. Called with the page's same-origin cookies and `visitor-token`.
   */
  agent = '';

  /**
   * The properties set since the upgrade, until the first update: Lit sets the properties a
   * framework bound before the upgrade again at that update, which must not undo a later binding.
   */
  #setSinceUpgrade?: Map<PropertyKey, unknown>;
  /** The same, handed from `performUpdate` to `willUpdate`, to set once more after Lit. */
  #toSetAgain?: Map<PropertyKey, unknown>;
  /** True while an attribute sets its property (not a binding of the page's code: Lit's order holds for it). */
  #fromAttribute = false;

  constructor() {
    super();
    // From here: the defaults are set (before this line), a page's values come next.
    this.#setSinceUpgrade = new Map();
    // Lit took over the declared properties a framework set before the element was defined; the
    // other setters (`snapshot`) are taken over here.
    takeOverOwnAccessors(this);
  }

  override requestUpdate(...request: Parameters<LitElement['requestUpdate']>): void {
    super.requestUpdate(...request);
    const [name] = request;
    if (name === undefined || !(this.constructor as typeof AutouiAgentAttributes).elementProperties.has(name)) return;
    // An attribute set later than the property wins over it, as it always did.
    if (this.#fromAttribute) this.#setSinceUpgrade?.delete(name);
    else this.#setSinceUpgrade?.set(name, (this as Record<PropertyKey, unknown>)[name]);
  }

  protected override performUpdate(): void {
    this.#toSetAgain ??= this.#setSinceUpgrade;
    this.#setSinceUpgrade = undefined;
    super.performUpdate();
  }

  protected override willUpdate(changed: PropertyValues): void {
    for (const [name, value] of this.#toSetAgain ?? []) (this as Record<PropertyKey, unknown>)[name] = value;
    this.#toSetAgain = undefined;
    super.willUpdate(changed);
  }

  static override get observedAttributes(): string[] {
    // `lang` and `dir` are global attributes: watched, not redeclared as properties.
    return [...super.observedAttributes, 'lang', 'dir', ...aliasesOf(this).keys()];
  }

  /** The element's conversation: the element makes it, and `snapshot()` reads it. */
  declare readonly session: AgentSession;

  /**
   * The session as JSON: widgets (params, place, size, style), transcript, servers (name and
   * address, never a token). `{conversation: true}` adds the conversation as the model saw it.
   */
  get snapshot(): (options?: SnapshotOptions) => AutouiSnapshot {
    return this.#snapshot;
  }

  /**
   * A snapshot set as a property is the starting snapshot (`initialSnapshot`): what a framework
   * sets for a `snapshot` prop. A string is its JSON; an object is written as JSON.
   */
  set snapshot(value: unknown) {
    const json = snapshotJson(value);
    if (json !== undefined) this.initialSnapshot = json;
  }

  readonly #snapshot = (options?: SnapshotOptions): AutouiSnapshot => this.session.snapshot(options);

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    const dashed = aliasesOf(this.constructor as typeof AutouiAgentAttributes).get(name);
    // A lowercase spelling counts only while the dashed attribute is absent, which always wins.
    if (dashed !== undefined && this.hasAttribute(dashed)) return;
    this.#fromAttribute = true;
    try {
      super.attributeChangedCallback(dashed ?? name, old, value);
    } finally {
      this.#fromAttribute = false;
    }
    if (name === 'lang' || name === 'dir') this.requestUpdate();
  }
}

const aliasesByClass = new WeakMap<typeof AutouiAgentAttributes, ReadonlyMap<string, string>>();

/** The lowercase spellings of a class's multi-word attributes (`maxiterations`), with the attribute each stands for. */
function aliasesOf(element: typeof AutouiAgentAttributes): ReadonlyMap<string, string> {
  let aliases = aliasesByClass.get(element);
  if (!aliases) {
    const attributes = [...element.elementProperties.values()].map((o: PropertyDeclaration) => o.attribute);
    aliasesByClass.set(element, (aliases = lowercaseAliases(attributes.filter((a): a is string => typeof a === 'string'))));
  }
  return aliases;
}
