/**
 * The one record of what is on a canvas: which widgets it holds, with their params, place, size
 * and style. Tools change it (through the session's sink), people change it (the canvas's drag,
 * keys and close buttons), the canvas element renders it, and the session tells the page from it.
 * Plain TypeScript that knows nothing of Lit or the DOM, so it runs in a Worker and tests can read
 * it without rendering.
 */
import type {NewWidget, WidgetInstance, WidgetSink} from '../agent/widget-sink.js';

export type {CanvasPosition, CanvasSize, NewWidget, WidgetInstance} from '../agent/widget-sink.js';

/** What changed, given to subscribers after each change. */
export interface WidgetChange {
  kind: 'added' | 'updated' | 'moved' | 'resized' | 'styled' | 'removed' | 'cleared';
  /** The widget concerned (absent for `cleared`). */
  id?: string;
  /** The widget after the change (absent for `removed` and `cleared`). */
  instance?: WidgetInstance;
  /** For `cleared`: the ids that were on the canvas, in display order. */
  removed?: string[];
}

/** Listener of {@link WidgetStore.subscribe}. Should not throw: a throw is reported and skipped. */
export type WidgetListener = (change: WidgetChange) => void;

const ID_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return 'w_' + Array.from(bytes, (b) => ID_CHARS[b % ID_CHARS.length]).join('');
}

const finite = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? n : 0);

/** The widgets of one canvas, in display order. `create` always shows: vetoes are the session's. */
export class WidgetStore implements WidgetSink {
  readonly #items = new Map<string, WidgetInstance>();
  readonly #listeners = new Set<WidgetListener>();

  /** Adds a widget at the end of the flow and returns it with its new id. */
  create(widget: NewWidget): WidgetInstance {
    let id = randomId();
    while (this.#items.has(id)) id = randomId();
    const instance: WidgetInstance = {id, type: widget.type, params: widget.params};
    this.#items.set(id, instance);
    this.#emit({kind: 'added', id, instance});
    return copy(instance);
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

  /** Removes every widget. */
  clear(): void {
    const removed = [...this.#items.keys()];
    this.#items.clear();
    this.#emit({kind: 'cleared', removed});
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
  };
}
