/**
 * Drafts of display calls while the model writes them. A provider streams each tool call's
 * arguments as JSON fragments (`tool-input-start`, `tool-input-delta`); for a call to a display
 * tool whose layer can preview it (or to an MCP tool with an app view, whose view hears the
 * arguments as they come), the fragments feed an incremental JSON parser, and what the
 * arguments say so far is shown on the canvas as a draft. The draft ends when the widget its call
 * shows takes its frame, or when the call has run without showing one or never completes (a cut
 * stream, Stop): then it goes away.
 *
 * The parser is jsonriver: it parses each fragment once (the work grows with the arguments, not
 * with the arguments times the number of refreshes, as re-parsing the whole text would), keeps
 * numbers whole, and grows arrays and strings in place, so rows and points are appended. The
 * fragments wait until a refresh, which hands the parser all of them at once: a model sends one
 * per token, and waking the parser for each was about 40 % of what drafting the 500-row table
 * cost (benchmark 8).
 *
 * Refreshes come at most once per animation frame. A draft shows on the first one (its type, a
 * busy frame). Until it has params, it waits {@link COST_FACTOR} times what its own last preview
 * cost (nothing is drawn meanwhile); the refresh that first shows its params builds the widget's
 * element (a chart.js chart, a table), a cost the next ones do not have, so it sets no wait;
 * after that, drafts with params wait {@link COST_FACTOR} times what the last refresh that drew
 * cost, rendering included. A draft that grows expensive refreshes less often, so drafts keep
 * under one percent of the main thread however fast fragments come, and one call's costly draft
 * never holds back another's first content.
 */
import {unflattenArgs} from '../schema/flatten.js';
import {toPointer} from '../schema/json-pointer.js';
import type {CatalogEntry, ToolCatalog} from './tool-catalog.js';
import type {ToolPreviewer} from './types.js';
import type {RunWidgets} from './run-widgets.js';
import {browserClock, type DraftClock} from './draft-clock.js';
import {TextChannel} from './text-channel.js';

/** The parser's module, once asked for. */
let jsonriver: Promise<typeof import('./streaming-json.js')> | undefined;

/**
 * After a refresh, the next waits this many times what it cost (preview, render, layout, paint):
 * drafts then take under one percent of the main thread. Measured with benchmark 8: at 100 the
 * drafted 500-row table cost 1.55 times the one-shot path's main-thread time (target 1.5).
 */
const COST_FACTOR = 150;
/** The longest wait between two refreshes: a draft that costs much still moves every second. */
const MAX_GAP_MS = 1000;

/** One streaming call with a draft. */
interface Draft {
  key: string;
  entry: CatalogEntry;
  preview: ToolPreviewer;
  input: TextChannel;
  /** False once the draft ended (its widget took it, or its call settled). */
  live: boolean;
  /** True once the parser reads (its chunk loaded): until then, refreshes would find nothing to show. */
  reading: boolean;
  /** Before it has params: when its next preview may run (150 times what its last one cost). */
  notBefore: number;
  /** The type of the last preview shown (a draft never changes type). */
  type?: string;
  /** True once the draft showed params: later previews without any are not shown (the element stays). */
  showedParams: boolean;
  /**
   * The strings the parser has finished, by JSON Pointer. Any other string may still change: the
   * last one written, and also a key the model writes a second time (same pointer, new value).
   */
  finished: Map<string, string>;
}

/** The drafts of one run's streaming calls. */
export class CallDrafts {
  readonly #drafts = new Map<string, Draft>();
  readonly #catalog: ToolCatalog;
  readonly #widgets: RunWidgets;
  readonly #clock: DraftClock;
  readonly #enabled: boolean;
  readonly #onType?: (type: string) => void;
  /** A refresh is scheduled, or being measured: it looks at every changed draft. */
  #pending = false;
  /** Cancels a refresh waiting for the last one's wait to be over, and when that wait ends. */
  #cancelWait?: () => void;
  #waitEnds = 0;
  /** The refresh being measured showed some draft's first params (it built a widget's element). */
  #built = false;
  /** When the next refresh may run, in the clock's time. */
  #notBefore = 0;

  /** `onType`: told the widget type of a display tool's draft when it first shows (what the run is drawing). */
  constructor(catalog: ToolCatalog, widgets: RunWidgets, {enabled = true, clock = browserClock, onType}: {enabled?: boolean; clock?: DraftClock; onType?: (type: string) => void} = {}) {
    this.#catalog = catalog;
    this.#widgets = widgets;
    this.#clock = clock;
    this.#enabled = enabled;
    this.#onType = onType;
  }

  /** A call began streaming: drafts it when its tool can be previewed. */
  start(callId: string, name: string): void {
    if (!this.#enabled || this.#drafts.has(callId) || !this.#widgets.showsDrafts) return;
    const route = this.#catalog.route(name);
    if (route.kind !== 'tool') return;
    const preview = previewerOf(route.entry);
    if (!preview) return;
    const draft: Draft = {key: draftKey(), entry: route.entry, preview, input: new TextChannel(), live: true, reading: false, notBefore: 0, showedParams: false, finished: new Map()};
    this.#drafts.set(callId, draft);
    void this.#read(draft);
  }

  /** A fragment of a call's arguments: kept until the next refresh, which parses what came. */
  delta(callId: string, text: string): void {
    const draft = this.#drafts.get(callId);
    if (!draft) return;
    draft.input.push(text);
    // Until it shows, a draft does not wait: its first frame is the news. After that, the waits.
    if (draft.reading) this.#schedule();
  }

  /** The key of a call's draft, for the widget that will finish it. */
  keyOf(callId: string): string | undefined {
    return this.#drafts.get(callId)?.key;
  }

  /**
   * A widget took the draft `key` (its call showed it): the draft ends at once, before its call
   * returns, so no refresh brings it back beside its widget.
   */
  taken(key: string): void {
    for (const [callId, draft] of this.#drafts) {
      if (draft.key !== key) continue;
      this.#drafts.delete(callId);
      draft.live = false;
      draft.input.close();
    }
  }

  /** A call has run (or was refused): its draft, if no widget took it, goes away. */
  settle(callId: string): void {
    const draft = this.#drafts.get(callId);
    if (!draft) return;
    this.#drafts.delete(callId);
    draft.live = false;
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
    const onComplete = (value: unknown, path: {segments(): Array<string | number>}) => {
      if (typeof value === 'string') draft.finished.set(toPointer(path.segments()), value);
    };
    try {
      // Its own chunk, loaded by the first call that streams a widget; fragments wait in the channel.
      const {parse} = await (jsonriver ??= import('./streaming-json.js').catch((error: unknown) => {
        jsonriver = undefined; // the next draft tries again
        throw error;
      }));
      draft.reading = true;
      if (draft.live) this.#schedule();
      // The parser reads only what a refresh releases, so it runs once a refresh, not once a fragment.
      for await (const value of parse(draft.input, {completeCallback: onComplete})) {
        if (!draft.live) break;
        if (value === null || typeof value !== 'object' || Array.isArray(value)) break;
        this.#show(draft, value as Record<string, unknown>);
      }
    } catch {
      // Arguments that are not JSON, or that stop short, or a parser that did not load: the draft
      // keeps what it showed, and the finished call is judged as always.
    }
    // Nothing more will be read: the fragments still to come need not be kept.
    draft.input.close();
  }

  /**
   * When `draft` may refresh next: at once before it shows anything (its first frame is the news);
   * with no params yet, after its own wait (its previews cost, nothing is drawn); with params, after
   * the wait of the refreshes that draw.
   */
  #dueOf(draft: Draft): number {
    return draft.type === undefined ? 0 : draft.showedParams ? this.#notBefore : draft.notBefore;
  }

  /** Asks for a refresh at the time the first draft with fragments waiting is due. */
  #schedule(): void {
    let due = Number.POSITIVE_INFINITY;
    for (const draft of this.#drafts.values()) if (draft.reading && draft.input.waiting) due = Math.min(due, this.#dueOf(draft));
    if (due === Number.POSITIVE_INFINITY) return;
    if (this.#pending) {
      // Already asked; a draft due sooner (a new call's first frame) cuts the wait short.
      if (!this.#cancelWait || due >= this.#waitEnds) return;
      this.#cancelWait();
      this.#cancelWait = undefined;
    }
    this.#pending = true;
    const refresh = () => this.#clock.frame(() => this.#refresh());
    const wait = due - this.#clock.now();
    if (wait <= 0) return refresh();
    this.#waitEnds = due;
    this.#cancelWait = this.#clock.wait(wait, () => {
      this.#cancelWait = undefined;
      refresh();
    });
  }

  /**
   * Lets the parser read what came for each draft that is due (it shows them as it goes, see
   * {@link #show}), then measures what that cost once rendered.
   */
  #refresh(): void {
    const started = this.#clock.now();
    this.#built = false;
    let drawing = false;
    for (const draft of this.#drafts.values()) {
      if (!draft.input.waiting || this.#dueOf(draft) > started) continue;
      drawing ||= draft.showedParams;
      draft.input.release();
    }
    this.#clock.rendered(() => {
      const now = this.#clock.now();
      // Only a refresh that drew a widget says what drawing costs (one that built it costs more).
      if (this.#built) this.#notBefore = now;
      else if (drawing) this.#notBefore = now + Math.min(MAX_GAP_MS, (now - started) * COST_FACTOR);
      this.#pending = false;
      this.#schedule();
    });
  }

  /** Shows what a draft's arguments say now. */
  #show(draft: Draft, args: Record<string, unknown>): void {
    if (!this.#widgets.showsDrafts) return;
    const paths = this.#catalog.flattenPaths(draft.entry);
    // Unflattened arguments have other pointers than the ones finished: none counts as finished
    // then, which only holds more back.
    const finished = (pointer: string, value: string) => draft.finished.get(pointer) === value;
    const started = this.#clock.now();
    const shown = draft.preview(draft.entry.tool.name, paths.size ? unflattenArgs(args, paths) : args, finished);
    // A preview that shows nothing yet (a chart's 2,000 labels before its datasets) still costs.
    if (!shown?.params) draft.notBefore = this.#clock.now() + Math.min(MAX_GAP_MS, (this.#clock.now() - started) * COST_FACTOR);
    if (!shown || (draft.type !== undefined && shown.type !== draft.type)) return;
    // Nothing new (still no params), or params lost: a draft keeps what it showed, and its element.
    if (!shown.params && draft.type !== undefined) return;
    // An app view's draft is a call to its server, not a widget being drawn.
    if (draft.type === undefined && draft.entry.tool.displays) this.#onType?.(shown.type);
    draft.type = shown.type;
    if (!draft.showedParams && shown.params !== undefined) this.#built = true;
    draft.showedParams ||= shown.params !== undefined;
    this.#widgets.draft({key: draft.key, type: shown.type, ...(shown.params ? {params: shown.params} : {})});
  }
}

/** The previewer of a display tool's layer, or of an MCP tool with an app view, if it has one. */
function previewerOf(entry: CatalogEntry): ToolPreviewer | undefined {
  if (entry.layer.protocol === 'mcp') return entry.tool.app?.resourceUri ? entry.layer.previewTool : undefined;
  return entry.tool.displays ? entry.layer.previewTool : undefined;
}

const KEY_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A key no widget id or other draft has: `draft_` and 8 random characters. */
function draftKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return 'draft_' + Array.from(bytes, (b) => KEY_CHARS[b % KEY_CHARS.length]).join('');
}
