/**
 * Drafts of display calls while the model writes them. A provider streams each tool call's
 * arguments as JSON fragments (`tool-input-start`, `tool-input-delta`); for a call to a display
 * tool whose layer can preview it, the fragments feed an incremental JSON parser, and what the
 * arguments say so far is shown on the canvas as a draft, refreshed at most once per animation
 * frame. The draft ends when its call has run (the widget the call shows takes its frame), or
 * when the call never completes (a cut stream, Stop): then it goes away.
 *
 * The parser is jsonriver: it parses each fragment once (the work grows with the arguments, not
 * with the arguments times the number of refreshes, as re-parsing the whole text would), keeps
 * numbers whole, and grows arrays and strings in place, so rows and points are appended.
 */
import type {CatalogEntry, ToolCatalog} from './tool-catalog.js';
import type {ToolPreviewer} from './types.js';
import type {RunWidgets} from './run-widgets.js';

/** The parser's module, once asked for. */
let jsonriver: Promise<typeof import('./streaming-json.js')> | undefined;

/** Runs `callback` before the next repaint (a timer where there are no frames, e.g. in Node). */
export type FrameScheduler = (callback: () => void) => void;

const nextFrame: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback());
  else setTimeout(callback, 16);
};

/**
 * A refresh costs this many times its own duration in waiting before the next one: drafts take at
 * most about a tenth of the main thread, however fast fragments come and however big a draft gets.
 */
const COST_FACTOR = 10;

/** One streaming call with a draft. */
interface Draft {
  key: string;
  tool: string;
  preview: ToolPreviewer;
  input: TextChannel;
  /** The arguments parsed so far (one object, grown in place by the parser). */
  args?: Record<string, unknown>;
  dirty: boolean;
  /** The last preview shown had this type (a draft never changes type). */
  type?: string;
}

/** The drafts of one run's streaming calls. */
export class CallDrafts {
  readonly #drafts = new Map<string, Draft>();
  readonly #catalog: ToolCatalog;
  readonly #widgets: RunWidgets;
  readonly #frame: FrameScheduler;
  #scheduled = false;
  /** When the next refresh may run, in `performance.now()` time. */
  #notBefore = 0;

  readonly #enabled: boolean;

  constructor(catalog: ToolCatalog, widgets: RunWidgets, {enabled = true, frame = nextFrame}: {enabled?: boolean; frame?: FrameScheduler} = {}) {
    this.#catalog = catalog;
    this.#widgets = widgets;
    this.#frame = frame;
    this.#enabled = enabled;
  }

  /** A call began streaming: drafts it when its tool can be previewed. */
  start(callId: string, name: string): void {
    if (!this.#enabled || this.#drafts.has(callId) || !this.#widgets.showsDrafts) return;
    const resolved = this.#catalog.resolve(name);
    if (resolved.kind !== 'tool') return;
    const preview = previewerOf(resolved.entry);
    if (!preview) return;
    const draft: Draft = {key: draftKey(), tool: resolved.entry.tool.name, preview, input: new TextChannel(), dirty: false};
    this.#drafts.set(callId, draft);
    void this.#read(draft);
  }

  /** A fragment of a call's arguments. */
  delta(callId: string, text: string): void {
    this.#drafts.get(callId)?.input.push(text);
  }

  /** The key of a call's draft, for the widget that will finish it. */
  keyOf(callId: string): string | undefined {
    return this.#drafts.get(callId)?.key;
  }

  /** A call has run (or was refused): its draft, if no widget took it, goes away. */
  settle(callId: string): void {
    const draft = this.#drafts.get(callId);
    if (!draft) return;
    this.#drafts.delete(callId);
    draft.input.close();
    this.#widgets.dropDraft(draft.key);
  }

  /** Ends every draft (the turn was cut, the run stopped or ended). */
  settleAll(): void {
    for (const callId of [...this.#drafts.keys()]) this.settle(callId);
  }

  /** Removes the drafts of calls the stream never finished (they will not run). */
  settleAllBut(finished: ReadonlySet<string>): void {
    for (const callId of [...this.#drafts.keys()]) if (!finished.has(callId)) this.settle(callId);
  }

  async #read(draft: Draft): Promise<void> {
    try {
      // Its own chunk, loaded by the first call that streams a widget; fragments wait in the channel.
      const {parse} = await (jsonriver ??= import('./streaming-json.js').catch((error: unknown) => {
        jsonriver = undefined; // the next draft tries again
        throw error;
      }));
      for await (const value of parse(draft.input)) {
        if (!this.#isLive(draft)) return;
        if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
        draft.args = value as Record<string, unknown>;
        draft.dirty = true;
        this.#schedule();
      }
    } catch {
      // Arguments that are not JSON, or that stop short, or a parser that did not load: the draft
      // keeps what it showed, and the finished call is judged as always.
    }
  }

  #isLive(draft: Draft): boolean {
    return [...this.#drafts.values()].includes(draft);
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    this.#frame(() => {
      this.#scheduled = false;
      if (performance.now() < this.#notBefore) {
        if ([...this.#drafts.values()].some((d) => d.dirty)) this.#schedule();
        return;
      }
      this.#refresh();
    });
  }

  /** Shows what each changed draft says now. */
  #refresh(): void {
    const started = performance.now();
    for (const draft of this.#drafts.values()) {
      if (!draft.dirty || !draft.args || !this.#widgets.showsDrafts) continue;
      draft.dirty = false;
      const shown = draft.preview(draft.tool, draft.args);
      if (!shown || (draft.type !== undefined && shown.type !== draft.type)) continue;
      draft.type = shown.type;
      this.#widgets.draft({key: draft.key, type: shown.type, ...(shown.params ? {params: shown.params} : {})});
    }
    const now = performance.now();
    this.#notBefore = now + (now - started) * COST_FACTOR;
  }
}

/** The previewer of a display tool's layer, if it has one. */
function previewerOf(entry: CatalogEntry): ToolPreviewer | undefined {
  if (!entry.tool.displays || entry.layer.protocol !== 'webmcp') return undefined;
  return entry.layer.previewTool;
}

const KEY_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A key no widget id or other draft has: `draft_` and 8 random characters. */
function draftKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return 'draft_' + Array.from(bytes, (b) => KEY_CHARS[b % KEY_CHARS.length]).join('');
}

/** The fragments of one call, as the async iterable of text the parser reads. */
class TextChannel implements AsyncIterable<string> {
  #queue: string[] = [];
  #closed = false;
  #wake?: () => void;

  push(text: string): void {
    if (this.#closed) return;
    this.#queue.push(text);
    this.#wake?.();
  }

  close(): void {
    this.#closed = true;
    this.#wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    while (true) {
      if (this.#queue.length) {
        const text = this.#queue.join('');
        this.#queue = [];
        yield text;
      } else if (this.#closed) {
        return;
      } else {
        await new Promise<void>((resolve) => (this.#wake = resolve));
        this.#wake = undefined;
      }
    }
  }
}
