/**
 * The one record of what is on a canvas: which widgets it holds, with their params, place, size
 * and style. Tools change it (through the session's sink), people change it (the canvas's drag,
 * keys and close buttons), the canvas element renders it, and the session tells the page from it.
 * Plain TypeScript that knows nothing of Lit or the DOM, so it runs in a Worker and tests can read
 * it without rendering.
 */
import type {CreateWidgetOptions, NewWidget, WidgetDraft, WidgetDraftSink, WidgetInstance} from '../agent/widget-sink.js';

export type {CanvasPosition, CanvasSize, CreateWidgetOptions, NewWidget, WidgetDraft, WidgetInstance, WidgetSource} from '../agent/widget-sink.js';

/** What changed, given to subscribers after each change. */
export interface WidgetChange {
  /**
   * `drafted`: a draft appeared or grew; `draft-removed`: one went away without becoming a
   * widget. A draft that becomes a widget is an `added` change with `fromDraft`.
   */
  kind: 'added' | 'updated' | 'moved' | 'resized' | 'styled' | 'removed' | 'cleared' | 'drafted' | 'draft-removed';
  /** The widget concerned (absent for `cleared` and the draft kinds). */
  id?: string;
  /** The widget after the change (absent for `removed`, `cleared` and the draft kinds). */
  instance?: WidgetInstance;
  /** For `cleared`: the ids that were on the canvas, in display order. */
  removed?: string[];
  /** For `cleared`: the keys of the drafts that were on it. */
  removedDrafts?: string[];
  /** For `drafted`: the draft after the change. */
  draft?: WidgetDraft;
  /** For `draft-removed`, and for `added` when the widget finishes a draft: that draft's key. */
  fromDraft?: string;
}

/** Listener of {@link WidgetStore.subscribe}. Should not throw: a throw is reported and skipped. */
export type WidgetListener = (change: WidgetChange) => void;

const ID_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return 'w_' + Array.from(bytes, (b) => ID_CHARS[b % ID_CHARS.length]).join('');
}

const finite = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? n : 0);

/**
 * The widgets of one canvas, in display order, and the drafts being written after them.
 * `create` always shows: vetoes are the session's.
 */
export class WidgetStore implements WidgetDraftSink {
  readonly #items = new Map<string, WidgetInstance>();
  readonly #drafts = new Map<string, WidgetDraft>();
  /** Keys of drafts a widget finished: a late refresh of one must not bring it back beside its widget. */
  readonly #finished = new Set<string>();
  readonly #listeners = new Set<WidgetListener>();

  /**
   * Adds a widget at the end of the flow and returns it with its new id. With `options.draft`,
   * the widget finishes that draft: the draft goes, and the change says which one it was.
   */
  create(widget: NewWidget, options: CreateWidgetOptions = {}): WidgetInstance {
    let id = randomId();
    while (this.#items.has(id)) id = randomId();
    const instance: WidgetInstance = {id, type: widget.type, params: widget.params, ...(options.source && {source: options.source})};
    const fromDraft = options.draft !== undefined && this.#drafts.delete(options.draft) ? options.draft : undefined;
    if (fromDraft !== undefined) this.#finished.add(fromDraft);
    this.#items.set(id, instance);
    this.#emit({kind: 'added', id, instance, ...(fromDraft !== undefined ? {fromDraft} : {})});
    return copy(instance);
  }

  /** Shows or refreshes a draft (after the widgets, in the order drafts began); ignored for a draft a widget finished. */
  draft(draft: WidgetDraft): void {
    if (this.#finished.has(draft.key)) return;
    const next: WidgetDraft = {key: draft.key, type: draft.type, ...(draft.params ? {params: draft.params} : {})};
    this.#drafts.set(draft.key, next);
    this.#emit({kind: 'drafted', draft: next});
  }

  /** Removes a draft that will not become a widget. */
  dropDraft(key: string): void {
    if (this.#drafts.delete(key)) this.#emit({kind: 'draft-removed', fromDraft: key});
  }

  /** The drafts being written, in the order they began. */
  drafts(): WidgetDraft[] {
    return [...this.#drafts.values()];
  }

  /** Replaces the params of `id` (callers merge and validate first). Returns the instance, or undefined for an unknown id. */
  update(id: string, params: Record<string, unknown>): WidgetInstance | undefined {
    return this.#change(id, 'updated', {params});
  }

  /** Places `id` at (x, y); negative values are clamped to 0. */
  move(id: string, x: number, y: number): WidgetInstance | undefined {
    return this.#change(id, 'moved', {position: {x: Math.max(0, finite(x)), y: Math.max(0, finite(y))}});
  }

  /** Gives `id` a fixed size; values are clamped to at least 40 pixels so a widget never vanishes. */
  resize(id: string, width: number, height: number): WidgetInstance | undefined {
    return this.#change(id, 'resized', {size: {width: Math.max(40, finite(width)), height: Math.max(40, finite(height))}});
  }

  /** Merges style properties into `id`'s style (callers check the allow-list); an empty value removes a property. */
  style(id: string, styles: Record<string, string>): WidgetInstance | undefined {
    const current = this.#items.get(id);
    if (!current) return undefined;
    const merged = {...current.style, ...styles};
    for (const [key, value] of Object.entries(merged)) if (value === '') delete merged[key];
    return this.#change(id, 'styled', {style: merged});
  }

  /** Removes `id`; returns whether it was there. */
  remove(id: string): boolean {
    if (!this.#items.delete(id)) return false;
    this.#emit({kind: 'removed', id});
    return true;
  }

  /**
   * Replaces everything on the canvas with `widgets` (already checked: a restored snapshot), in
   * order: a `cleared` change, then an `added` one per widget. Each keeps its id when it has a
   * free one (a restored conversation names widgets by id), else gets a new one; places and sizes
   * are clamped as by `move` and `resize`. Returns the widgets as stored.
   */
  replaceAll(widgets: ReadonlyArray<Omit<WidgetInstance, 'id'> & {id?: string}>): WidgetInstance[] {
    this.clear();
    return widgets.map((widget) => {
      let id = widget.id && !this.#items.has(widget.id) ? widget.id : randomId();
      while (this.#items.has(id)) id = randomId();
      const instance: WidgetInstance = {id, type: widget.type, params: widget.params};
      if (widget.position) instance.position = {x: Math.max(0, finite(widget.position.x)), y: Math.max(0, finite(widget.position.y))};
      if (widget.size) instance.size = {width: Math.max(40, finite(widget.size.width)), height: Math.max(40, finite(widget.size.height))};
      if (widget.style && Object.keys(widget.style).length) instance.style = {...widget.style};
      if (widget.source) instance.source = widget.source;
      this.#items.set(id, instance);
      this.#emit({kind: 'added', id, instance});
      return copy(instance);
    });
  }

  /** Removes every widget, and every draft. */
  clear(): void {
    const removed = [...this.#items.keys()];
    const removedDrafts = [...this.#drafts.keys()];
    this.#items.clear();
    this.#drafts.clear();
    this.#finished.clear();
    this.#emit({kind: 'cleared', removed, ...(removedDrafts.length ? {removedDrafts} : {})});
  }

  /** The widgets in display order (copies: changing them does not change the store). */
  list(): WidgetInstance[] {
    return [...this.#items.values()].map(copy);
  }

  /** One widget (a copy), or undefined. */
  get(id: string): WidgetInstance | undefined {
    const instance = this.#items.get(id);
    return instance && copy(instance);
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: WidgetListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #change(id: string, kind: WidgetChange['kind'], patch: Partial<WidgetInstance>): WidgetInstance | undefined {
    const current = this.#items.get(id);
    if (!current) return undefined;
    // A new object per change, so a renderer can compare identities to see what changed.
    const instance = {...current, ...patch};
    this.#items.set(id, instance);
    this.#emit({kind, id, instance});
    return copy(instance);
  }

  #emit(change: WidgetChange): void {
    const shared = change.instance ? {...change, instance: copy(change.instance)} : change;
    for (const listener of [...this.#listeners]) {
      try {
        listener(shared);
      } catch (error) {
        console.error('autoui-agent: a canvas listener threw', error);
      }
    }
  }
}

function copy(instance: WidgetInstance): WidgetInstance {
  return {
    ...instance,
    params: instance.params,
    ...(instance.position ? {position: {...instance.position}} : {}),
    ...(instance.size ? {size: {...instance.size}} : {}),
    ...(instance.style ? {style: {...instance.style}} : {}),
    ...(instance.source ? {source: {files: [...instance.source.files]}} : {}),
  };
}
