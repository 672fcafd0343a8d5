/**
 * `webmcp="expose | consume | both | off"`: the element and the browser's WebMCP
 * (`document.modelContext`), both ways.
 *
 * Expose: the element registers four tools the browser's own agent can call, all under one
 * AbortController aborted when the element leaves the page or the attribute changes, so they go
 * with it: `<prefix>_ask` (a question for this agent: its answer and the widgets it showed),
 * `<prefix>_widget_display` (show a widget, checked exactly as the model's `widget_display`, with
 * its real schema), `<prefix>_canvas_list` (read-only) and `<prefix>_canvas` (update, move,
 * resize, style, remove, clear: consequential). The prefix is `autoui` for the first element of
 * the page, `autoui_<id>` (or `autoui_<n>`) for the others, so names never clash.
 *
 * Consume: the page's own registered tools (`getTools()`, read before each question; ours, other
 * frames' and debugging tools left out) become the session's `page` layer.
 *
 * Where the browser has no WebMCP, the element says so once in the console and works without it.
 * The element loads this module only when `webmcp` is set.
 */
import {modelContextOf, registerModelContextTool, type ModelContext} from '../../webmcp/model-context.js';
import {PAGE_SERVER_NAME, pageToolsLayer} from '../../webmcp/page-tools-layer.js';
import type {AgentSession} from '../../session/agent-session.js';
import type {AgentResult} from '../../agent/agent-loop.js';
import type {ToolOutput, WebMcpLayer} from '../../agent/types.js';
import {AutouiError, ErrorCodes} from '../../errors.js';
import {emit} from '../events.js';

/** The modes of the `webmcp` attribute. */
export type WebMcpMode = 'expose' | 'consume' | 'both' | 'off';

/** `value` as a mode; anything else is `off`. */
export const parseWebMcpMode = (value: string | null | undefined): WebMcpMode => {
  const mode = (value ?? '').trim().toLowerCase();
  return mode === 'expose' || mode === 'consume' || mode === 'both' ? mode : 'off';
};

/** The built-in layer's server name (`AUTOUI_SERVER_NAME`; not imported, to keep its module out of this chunk). */
const AUTOUI_SERVER_NAME = 'autoui';

/** Prefixes in use on this page, so two elements never register the same names. */
const prefixesInUse = new Set<string>();
let missingTold = false;
let foreignTold = false;

/** What the link needs of its element. */
export interface WebMcpHost {
  /** The element's id now (read when the tools are registered). */
  id(): string;
  /** True when the element is read-only: the browser's agent may read its canvas, not change it. */
  readonly(): boolean;
  readonly session: AgentSession;
  ask(question: string): Promise<AgentResult>;
  /** Loads the widget engine (the catalogue and the `autoui` layer), so display tools exist. */
  loadWidgets(): Promise<unknown>;
  /** Tells the page of a refused call (`autoui-error`), as the session tells its own refusals. */
  refused(error: AutouiError): void;
}

/**
 * Runs the `autoui` layer's `widget_display` or `canvas` outside any question, on the session's
 * canvas (`session.canvas`, where the page's veto applies): what the browser's own agent calls.
 * The params are checked exactly as a model's call is. Rejects with `INVALID_ARGUMENT` when the
 * session has no `autoui` layer (the widget engine is not loaded, or the page removed it), after
 * telling `refused`.
 */
export async function runDisplayTool(
  session: AgentSession,
  tool: 'widget_display' | 'canvas',
  args: Record<string, unknown>,
  {signal = new AbortController().signal, refused}: {signal?: AbortSignal; refused?: (error: AutouiError) => void} = {},
): Promise<ToolOutput> {
  const layer = session.layers.find((l): l is WebMcpLayer => l.protocol === 'webmcp' && l.serverName === AUTOUI_SERVER_NAME);
  if (!layer?.execute) {
    const error = new AutouiError(ErrorCodes.INVALID_ARGUMENT, 'This session has no autoui layer (the widget catalogue): its display tools cannot run.');
    refused?.(error);
    throw error;
  }
  return layer.execute(tool, args, {signal, callId: `page_${crypto.randomUUID()}`, reportProgress: () => undefined, widgets: session.canvas});
}

/** A tool result the browser's agent reads. */
const result = (output: ToolOutput, structured?: Record<string, unknown>) => ({
  content: [{type: 'text', text: output.text}],
  ...(output.isError ? {isError: true} : {}),
  ...(structured ? {structuredContent: structured} : {}),
});

/** What `<prefix>_ask`'s `structuredContent` holds: its `outputSchema`, for browsers that take one. */
const ASK_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    answer: {type: 'string'},
    stopReason: {enum: ['end_turn', 'max_iterations', 'max_tokens', 'aborted', 'error']},
    widgets: {type: 'array', items: {type: 'object', properties: {id: {type: 'string'}, type: {type: 'string'}}, required: ['id', 'type']}},
  },
  required: ['answer', 'stopReason', 'widgets'],
};

/** A refusal the browser's agent reads (an error result, nothing in the person's transcript). */
const refused = (text: string) => result({text, isError: true});

/** One element's WebMCP link. */
export class WebMcpLink {
  readonly #host: WebMcpHost;
  #mode: WebMcpMode = 'off';
  #exposed?: AbortController;
  #prefix?: string;
  readonly #registered = new Set<string>();
  #context?: ModelContext;
  /** The `page` layer this link added (a page's own layer of that name is never touched). */
  #layer?: WebMcpLayer;
  /** Bumped by stop(): a read that began before must not add its layer after. */
  #generation = 0;

  constructor(host: WebMcpHost) {
    this.#host = host;
  }

  /** Applies the attribute (on connect and on change). */
  apply(mode: WebMcpMode): void {
    if (mode === this.#mode && (mode === 'off' || this.#context)) return;
    this.stop();
    this.#mode = mode;
    if (mode === 'off') return;
    const context = modelContextOf(document as {modelContext?: unknown});
    if (!context) {
      if (!missingTold) console.info('autoui-agent: webmcp is set, but this browser has no WebMCP (document.modelContext); the element works without it.');
      missingTold = true;
      return;
    }
    this.#context = context;
    if (mode === 'expose' || mode === 'both') void this.#expose(context);
  }

  /** Unregisters the exposed tools, removes the `page` layer it added. */
  stop(): void {
    this.#generation++;
    this.#exposed?.abort();
    this.#exposed = undefined;
    if (this.#prefix) prefixesInUse.delete(this.#prefix);
    this.#prefix = undefined;
    this.#registered.clear();
    this.#dropLayer();
    this.#context = undefined;
    this.#mode = 'off';
  }

  #dropLayer(): void {
    if (this.#layer && this.#host.session.layers.includes(this.#layer)) this.#host.session.removeLayer(PAGE_SERVER_NAME);
    this.#layer = undefined;
  }

  /**
   * Before each question: the page's tools as they are now (`getTools()` is local and quick, and
   * reading it each time needs no trust in `toolchange` events).
   */
  async prepare(): Promise<void> {
    const context = this.#context;
    if (!context || (this.#mode !== 'consume' && this.#mode !== 'both')) return;
    const generation = this.#generation;
    try {
      const layer = await pageToolsLayer(context, (name) => this.#registered.has(name) || isOurs(name), window);
      if (generation !== this.#generation) return;
      const {session} = this.#host;
      const foreign = session.layers.find((l) => l.serverName === PAGE_SERVER_NAME && l !== this.#layer);
      if (foreign) {
        if (!foreignTold) console.warn(`autoui-agent: the page has a layer named "${PAGE_SERVER_NAME}" of its own; its WebMCP tools are not added over it.`);
        foreignTold = true;
        return;
      }
      this.#dropLayer();
      if (layer) session.addLayer((this.#layer = layer));
    } catch (error) {
      console.warn('autoui-agent: the page\u2019s WebMCP tools could not be read.', error);
    }
  }

  /** The name prefix of this element's tools: `autoui` first, then by id, else by number. */
  #claimPrefix(): string {
    const id = this.#host.id().replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 64);
    let prefix = prefixesInUse.has(AUTOUI_SERVER_NAME) ? (id ? `${AUTOUI_SERVER_NAME}_${id}` : '') : AUTOUI_SERVER_NAME;
    for (let n = 2; !prefix || prefixesInUse.has(prefix); n++) prefix = `${AUTOUI_SERVER_NAME}_${n}`;
    prefixesInUse.add(prefix);
    return prefix;
  }

  async #expose(context: ModelContext): Promise<void> {
    const controller = (this.#exposed = new AbortController());
    const prefix = (this.#prefix = this.#claimPrefix());
    try {
      await this.#host.loadWidgets();
    } catch (error) {
      console.warn('autoui-agent: the widgets could not be loaded; no WebMCP tools are registered.', error);
      return;
    }
    if (controller.signal.aborted) return;
    const host = this.#host;
    const {session} = host;
    const display = async (tool: 'widget_display' | 'canvas', input: Record<string, unknown>) => result(await runDisplayTool(session, tool, input, {refused: (error) => host.refused(error)}));
    const autoui = session.layers.find((l) => l.serverName === AUTOUI_SERVER_NAME);
    const schemaOf = (name: string) => (autoui?.tools.find((t) => t.name === name)?.inputSchema ?? {type: 'object'}) as Record<string, unknown>;
    const canvasSchema = schemaOf('canvas');
    const readOnlyRefusal = 'This agent is read-only: its canvas is not changed from outside.';
    const tools = [
      {
        name: `${prefix}_ask`,
        description: 'Ask this page\u2019s agent a question in plain words. It reads the page\u2019s data servers, answers, and shows widgets (tables, charts, maps) on its canvas. Returns its answer and the widgets it showed.',
        inputSchema: {type: 'object', properties: {question: {type: 'string', description: 'The question, in plain words.'}}, required: ['question']},
        outputSchema: ASK_OUTPUT_SCHEMA,
        execute: async (input: Record<string, unknown>) => {
          const question = typeof input.question === 'string' ? input.question.trim() : '';
          if (!question) return refused('The question is missing: {question: "..."}.');
          if (session.running) return refused('This agent is answering another question; ask again once it is done.');
          const answer = await host.ask(question);
          const widgets = answer.widgets.map(({id, type}) => ({id, type}));
          const text = answer.stopReason === 'error' ? answer.error?.message ?? 'The question failed.' : answer.text;
          return result({text, ...(answer.stopReason === 'error' ? {isError: true} : {})}, {answer: answer.text, stopReason: answer.stopReason, widgets});
        },
      },
      {
        name: `${prefix}_widget_display`,
        description: 'Show a widget on this page\u2019s canvas: {name, params}, the widget type and its params (checked against its schema, as the page\u2019s own agent\u2019s are). Use its canvas_list to see what is shown.',
        inputSchema: schemaOf('widget_display'),
        execute: async (input: Record<string, unknown>) => (host.readonly() ? refused(readOnlyRefusal) : display('widget_display', input)),
      },
      {
        name: `${prefix}_canvas_list`,
        description: 'List the widgets on this page\u2019s canvas: their ids, types and a summary of their params.',
        inputSchema: {type: 'object', properties: {}},
        annotations: {readOnlyHint: true},
        execute: async () => display('canvas', {action: 'list'}),
      },
      {
        name: `${prefix}_canvas`,
        description: 'Change the widgets on this page\u2019s canvas: {action: update | move | resize | style | remove | clear, id, params?, x?, y?, width?, height?}.',
        inputSchema: canvasSchema,
        annotations: {consequentialHint: true},
        execute: async (input: Record<string, unknown>) => {
          if (host.readonly() && input.action !== 'list') return refused(readOnlyRefusal);
          return display('canvas', input);
        },
      },
    ];
    for (const tool of tools) {
      if (controller.signal.aborted) return;
      this.#registered.add(tool.name);
      try {
        await registerModelContextTool(context, tool, {signal: controller.signal});
      } catch (error) {
        this.#registered.delete(tool.name);
        if (!controller.signal.aborted) console.warn(`autoui-agent: WebMCP refused the tool ${tool.name}.`, error);
      }
    }
  }
}

/** Tools another element of ours registered (`autoui_…_ask` and its siblings): never our model's page tools. */
const isOurs = (name: string) => /^autoui(_[A-Za-z0-9_.-]+)?_(ask|widget_display|canvas_list|canvas)$/.test(name);

/** The element whose `webmcp` attribute a link applies. */
export interface WebMcpElement extends HTMLElement {
  /** `expose`, `consume`, `both`, `off` or empty. */
  readonly webmcp: string;
  readonly readonly: boolean;
  readonly session: AgentSession;
  ask(question: string): Promise<AgentResult>;
}

/** Applies `element`'s `webmcp` (off while it is disconnected) to its link, made on first use. */
export function applyWebMcp(link: WebMcpLink | undefined, element: WebMcpElement, loadWidgets: () => Promise<unknown>): WebMcpLink {
  link ??= new WebMcpLink({
    id: () => element.id,
    readonly: () => element.readonly,
    session: element.session,
    ask: (question) => element.ask(question),
    loadWidgets,
    refused: ({code, message}) => emit(element, 'autoui-error', {code, message}),
  });
  link.apply(element.isConnected ? parseWebMcpMode(element.webmcp) : 'off');
  return link;
}
