/**
 * Harness of the `<autoui-agent>` browser tests: scenarios on the real fake-LLM server, mounting
 * an agent wired to one, an event recorder, and shadow-DOM queries, so test bodies read as what a
 * person or a page does and sees. Everything runs against real servers over HTTP.
 */
import {fixture, html, waitUntil} from '@open-wc/testing';
import {SERVERS} from '@test/servers';
import {sendKeys} from '@web/test-runner-commands';
import '../../src/define.js';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import type {AutouiEventMap} from '../../src/element/events.js';

/** One scripted model turn (see test/fake-llm/scenario-store.mjs for every key). */
export interface Turn {
  match?: Record<string, unknown>;
  text?: string;
  toolCalls?: Array<{id?: string; name: string; input?: unknown}>;
  fault?: Record<string, unknown>;
  chunkDelayMs?: number;
  /** Characters per tool-argument fragment (default 12). */
  fragmentSize?: number;
  finish?: string;
  usage?: {input?: number; output?: number};
  /** The stream as raw bytes (base64 chunks), whatever the wire: for malformed streams. */
  raw?: {chunks: string[]; end?: 'close' | 'reset' | 'stall'; gapMs?: number};
}

/** A request the fake LLM received, as it recorded it. */
export interface RecordedRequest {
  wire: 'anthropic' | 'openai';
  path: string;
  headers: Record<string, string>;
  // The wire body as sent: shape depends on `wire`.
  body: any;
}

/** A scenario on the fake LLM server. */
export interface Scenario {
  /** `endpoint` for `provider="anthropic"`. */
  base: string;
  /** `endpoint` for `provider="openai"`. */
  openaiBase: string;
  /** Every request this scenario received, oldest first. */
  requests(): Promise<RecordedRequest[]>;
}

/** URL of a running test server, with a clear failure when it was not started. */
export function serverUrl(name: string): string {
  const url = SERVERS[name];
  if (!url) throw new Error(`test server "${name}" is not running: add it to TEST_SERVERS`);
  return url;
}

/** Creates a scenario from its turns. */
export async function createScenario(turns: Turn[], name = 'element test'): Promise<Scenario> {
  const response = await fetch(`${serverUrl('fake-llm')}/__scenarios`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({name, turns}),
  });
  if (response.status !== 201) throw new Error(`scenario refused: ${await response.text()}`);
  const {base} = (await response.json()) as {base: string};
  return {
    base,
    openaiBase: `${base}/v1`,
    requests: async () => (await (await fetch(`${base}/__requests`)).json()) as RecordedRequest[],
  };
}

/** Tool names offered in a recorded request (either wire). */
export function offeredTools(request: RecordedRequest): string[] {
  return (request.body.tools ?? []).map((t: {name?: string; function?: {name: string}}) => t.name ?? t.function?.name);
}

/** The system prompt of a recorded request (either wire). */
export function systemPrompt(request: RecordedRequest): string {
  const {body} = request;
  if (request.wire === 'openai') return body.messages.filter((m: {role: string}) => m.role === 'system').map((m: {content: string}) => m.content).join('\n');
  return typeof body.system === 'string' ? body.system : (body.system ?? []).map((b: {text?: string}) => b.text ?? '').join('\n');
}

/** Every piece of text in a recorded request's messages (questions, answers, tool results). */
export function messageTexts(request: RecordedRequest): string[] {
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const v = value as Record<string, unknown>;
      if (typeof v.text === 'string') texts.push(v.text);
      if (v.content !== undefined) walk(v.content);
    }
  };
  for (const message of request.body.messages ?? []) if (message.role !== 'system') walk(message.content);
  return texts;
}

/** How to mount an agent: its attributes and `<autoui-server>` children. */
export interface AgentOptions {
  attributes?: Record<string, string | boolean | number>;
  servers?: Array<Record<string, string>>;
  /** Extra light-DOM children (slotted elements). */
  children?: HTMLElement[];
  /** Inline style of a `<div>` the element is mounted in (its width, its height), else none. */
  parentStyle?: string;
}

/** Mounts `<autoui-agent>` talking to `scenario` (Anthropic wire unless `provider` says otherwise). */
export async function mountAgent(scenario: Scenario | undefined, options: AgentOptions = {}): Promise<AutouiAgent> {
  const element = document.createElement('autoui-agent');
  const attributes = {...options.attributes};
  if (scenario && attributes.endpoint === undefined) attributes.endpoint = attributes.provider === 'openai' ? scenario.openaiBase : scenario.base;
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const server of options.servers ?? []) element.append(serverElement(server));
  for (const child of options.children ?? []) element.append(child);
  if (options.parentStyle !== undefined) {
    const parent = await fixture<HTMLDivElement>(html`<div style=${options.parentStyle}>${element}</div>`);
    await (parent.firstElementChild as AutouiAgent).updateComplete;
    return parent.firstElementChild as AutouiAgent;
  }
  const mounted = await fixture<AutouiAgent>(html`${element}`);
  await mounted.updateComplete;
  return mounted;
}

/** Waits for the engine (core, providers, the autoui layer): a lazy chunk loaded right after the first render. */
export async function engineLoaded(agent: AutouiAgent): Promise<void> {
  // A bound for a chunk that never loads, not for a slow one: the first load of a file compiles the
  // engine's modules on the test server, which takes seconds on a busy machine.
  await waitUntil(() => agent.layers.some((l) => l.serverName === 'autoui'), 'the engine chunk did not load after the first render', {timeout: 60_000});
}

/**
 * Connects one element to `servers` and lets it go, in a `before` hook: the first element of a test
 * file loads the engine and the MCP client, which the test server compiles on first use (seconds
 * on a busy machine). Paid once here, under a bound for a hang, not inside a test's 10 s.
 */
export function warmUpFirstElement(servers: () => Array<Record<string, string>>): void {
  before(async function () {
    this.timeout(120_000);
    const agent = await mountAgent(undefined, {attributes: {lang: 'en'}, servers: servers()});
    try {
      await waitUntil(() => agent.session.servers.every((s) => s.state === 'ready'), 'the servers did not connect', {timeout: 110_000});
      await engineLoaded(agent);
    } finally {
      agent.remove();
    }
  });
}

/** An `<autoui-server>` with these attributes. */
export function serverElement(attributes: Record<string, string>): HTMLElement {
  const server = document.createElement('autoui-server');
  for (const [name, value] of Object.entries(attributes)) server.setAttribute(name, value);
  return server;
}

/** Every public event name of the element. */
export const AGENT_EVENTS = [
  'autoui-widget-create',
  'autoui-widget-created',
  'autoui-widget-updated',
  'autoui-widget-removed',
  'autoui-tool-call',
  'autoui-tool-approval',
  'autoui-text',
  'autoui-message',
  'autoui-run-start',
  'autoui-run-end',
  'autoui-error',
  'autoui-server-ready',
  'autoui-server-error',
  'autoui-sign-in',
  'autoui-elicitation',
  'autoui-file-attached',
  'autoui-file-removed',
  'autoui-suggestion',
  'autoui-model-download',
  'autoui-agent-state',
] as const satisfies ReadonlyArray<keyof AutouiEventMap>;

/** One recorded event. */
export interface Recorded {
  type: keyof AutouiEventMap;
  event: CustomEvent;
}

/** Records the element's public events as a page listening on it would see them. */
export class EventLog {
  readonly events: Recorded[] = [];

  constructor(target: EventTarget) {
    for (const type of AGENT_EVENTS) target.addEventListener(type, (event) => this.events.push({type, event: event as CustomEvent}));
  }

  /** Event types in order, runs of the same type collapsed into one (text deltas come in many). */
  sequence(): string[] {
    return this.events.map((e) => e.type).filter((type, i, all) => type !== all[i - 1]);
  }

  /** The `detail`s of every event of `type`, in order. */
  of<K extends keyof AutouiEventMap>(type: K): AutouiEventMap[K][] {
    return this.events.filter((e) => e.type === type).map((e) => e.event.detail as AutouiEventMap[K]);
  }

  /** Waits until `count` events of `type` were recorded; returns the detail of the last of them. */
  async nth<K extends keyof AutouiEventMap>(type: K, count: number): Promise<AutouiEventMap[K]> {
    await waitUntil(() => this.of(type).length >= count, `fewer than ${count} ${type} events`, {timeout: 8000});
    return this.of(type)[count - 1];
  }

  /** Waits until an event of `type` (matching `accept`, if given) was recorded; returns its detail. */
  async next<K extends keyof AutouiEventMap>(type: K, accept: (detail: AutouiEventMap[K]) => boolean = () => true): Promise<AutouiEventMap[K]> {
    await waitUntil(() => this.of(type).some(accept), `no ${type} event`, {timeout: 8000});
    return this.of(type).find(accept)!;
  }
}

/** Waits until the element and its built-in parts have rendered their latest state. */
export async function settle(agent: AutouiAgent): Promise<void> {
  await agent.updateComplete;
  const parts = agent.shadowRoot!.querySelectorAll('autoui-transcript, autoui-composer, autoui-console, autoui-canvas');
  await Promise.all([...parts].map((p) => (p as HTMLElement & {updateComplete: Promise<unknown>}).updateComplete));
}

/** `promise`, or a rejection naming `what` when it has not settled within `ms` (a hang is a finding, not a stuck test). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what = 'the call'): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Waits until the canvas has rendered every widget of the store, and their elements have updated. */
export async function widgetsRendered(agent: AutouiAgent): Promise<void> {
  await settle(agent);
  const canvas = ui(agent).root.querySelector('autoui-canvas') as HTMLElement & {whenRendered(ids: () => readonly string[], ms: number): Promise<void>};
  await canvas.whenRendered(() => agent.session.widgets.list().map((w) => w.id), 5000);
  await settle(agent);
  await Promise.all(ui(agent).widgets().map((w) => (w.element as (HTMLElement & {updateComplete?: Promise<unknown>}) | null)?.updateComplete));
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

/** Shadow-DOM queries of the built-in UI. */
export function ui(agent: AutouiAgent) {
  const root = agent.shadowRoot!;
  const inner = (selector: string) => root.querySelector(selector)?.shadowRoot ?? undefined;
  const all = (scope: ShadowRoot | undefined, selector: string) => [...(scope?.querySelectorAll<HTMLElement>(selector) ?? [])];
  const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  return {
    root,
    /** The `role="log"` list of the built-in transcript. */
    log: () => inner('autoui-transcript')?.querySelector<HTMLElement>('[role="log"]') ?? null,
    questions: () => all(inner('autoui-transcript'), '[part="user"]').map(text),
    answers: () => all(inner('autoui-transcript'), '[part="assistant"]').map(text),
    pills: () => all(inner('autoui-transcript'), '[part~="tool-pill"]').map(text),
    notices: () => all(inner('autoui-transcript'), '[part~="notice"]').map(text),
    /** Approval cards waiting for the person's answer. */
    cards: () => all(inner('autoui-transcript'), '[part="approval"]'),
    /** One button of the first approval card: `allow`, `always` or `deny`. */
    cardButton: (which: 'allow' | 'always' | 'deny') =>
      inner('autoui-transcript')?.querySelector<HTMLButtonElement>(`[part="approval"] [part="approval-${which}"]`) ?? null,
    /** Approvals as one line each: answered, or answered by the page. */
    approvalLines: () => all(inner('autoui-transcript'), '[part="approval-status"]').map(text),
    /** The element focused inside the transcript, if any. */
    focusedInTranscript: () => inner('autoui-transcript')?.activeElement ?? null,
    textarea: () => inner('autoui-composer')?.querySelector('textarea') ?? null,
    sendButton: () => inner('autoui-composer')?.querySelector<HTMLButtonElement>('[part="send"]') ?? null,
    stopButton: () => inner('autoui-composer')?.querySelector<HTMLButtonElement>('[part="stop"]') ?? null,
    /** Draft frames (widgets the model is still writing), with their widget element once it has params. */
    drafts: () =>
      all(inner('autoui-canvas'), '[part~="draft"]').map((frame) => ({
        frame,
        element: frame.querySelector<HTMLElement>(':scope > :not(.controls):not(.grip):not(.loading)'),
      })),
    /** Widget frames on the canvas (drafts excluded), with their rendered widget element (if loaded). */
    widgets: () =>
      all(inner('autoui-canvas'), '[part~="widget"]:not([part~="draft"])').map((frame) => ({
        frame,
        id: frame.dataset.id!,
        element: frame.querySelector<HTMLElement>(':scope > :not(.controls):not(.grip):not(.loading)'),
      })),
    console: () => inner('autoui-console') ?? null,
  };
}

/** Types into the built-in composer with the real keyboard (focus first). */
export async function type(agent: AutouiAgent, text: string): Promise<HTMLTextAreaElement> {
  const box = ui(agent).textarea()!;
  box.focus();
  await sendKeys({type: text});
  await settle(agent);
  return box;
}

/** Presses a key (e.g. `Enter`, `Shift+Enter`, `ArrowUp`) in the composer's text box. */
export async function press(agent: AutouiAgent, key: string): Promise<void> {
  const box = ui(agent).textarea()!;
  if (box.getRootNode() instanceof ShadowRoot && (box.getRootNode() as ShadowRoot).activeElement !== box) box.focus();
  await sendKeys({press: key});
  await settle(agent);
}

/**
 * Watches the page's `fetch` calls (they still go to the network unchanged) until `stop()`; for
 * asserting what the element sent where, e.g. the DELETE that ends an MCP session.
 */
export function watchFetch(): {calls: Array<{method: string; url: string; headers: Headers}>; stop(): void} {
  const original = window.fetch;
  const calls: Array<{method: string; url: string; headers: Headers}> = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined;
    const headers = new Headers(request?.headers);
    new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
    calls.push({method: (init?.method ?? request?.method ?? 'GET').toUpperCase(), url: request?.url ?? String(input), headers});
    return original(input, init);
  };
  return {calls, stop: () => void (window.fetch = original)};
}
