/**
 * The frames of a canvas and the widget element in each. A frame holds a widget, or a draft the
 * model is still writing; the widget that finishes a draft keeps the draft's frame (its repeat key)
 * and its element, so a widget that draws with a library does not start over when its call completes.
 */
import type {WidgetDraft, WidgetInstance} from '../session/widget-store.js';

/** One frame on the canvas: a widget, or a draft the model is still writing. */
export interface Frame {
  /** The repeat key: a widget keeps the key of the draft it finished, so it keeps its element. */
  key: string;
  type: string;
  params?: Record<string, unknown>;
  /** The widget; absent for a draft. */
  widget?: WidgetInstance;
}

/** A widget element as the canvas sets it: params, draft state, and, when it asks, its id or draft key. */
export type FrameElement = HTMLElement & {params?: unknown; draft?: boolean; widgetId?: string; draftKey?: string};

/** The elements of a canvas's frames, by frame key, and which widget finished which draft. */
export class FrameElements {
  readonly #elements = new Map<string, FrameElement>();
  /** Frame keys of widgets that finished a draft (the others' key is their id). */
  readonly #frameOf = new Map<string, string>();

  /** Widget `id` finished the draft `key`: it takes that frame. */
  finished(id: string, key: string): void {
    this.#frameOf.set(id, key);
  }

  /** The frame key of widget `id`: the draft it finished, else its id. */
  keyOf(id: string): string {
    return this.#frameOf.get(id) ?? id;
  }

  /** The element of frame `key`, once made. */
  get(key: string): FrameElement | undefined {
    return this.#elements.get(key);
  }

  /** Forgets widget `id`: shown again under that id, it is a new widget, with a new element. */
  forgetWidget(id: string): void {
    this.#elements.delete(this.keyOf(id));
    this.#frameOf.delete(id);
  }

  /** Forgets the element of the draft `key` (its call was not run). */
  forgetDraft(key: string): void {
    this.#elements.delete(key);
  }

  clear(): void {
    this.#elements.clear();
    this.#frameOf.clear();
  }

  /** Keeps only what the frames of `items` and `drafts` need. */
  keep(items: readonly WidgetInstance[], drafts: readonly WidgetDraft[]): void {
    const ids = new Set(items.map((i) => i.id));
    for (const id of [...this.#frameOf.keys()]) if (!ids.has(id)) this.#frameOf.delete(id);
    const keys = new Set([...items.map((i) => this.keyOf(i.id)), ...drafts.map((d) => d.key)]);
    for (const key of [...this.#elements.keys()]) if (!keys.has(key)) this.#elements.delete(key);
  }

  /**
   * The `tag` element of `frame`: created once per frame (a draft's, once it has params), then
   * only given new params; it stays when its draft becomes the widget.
   */
  element(frame: Frame, tag: string): FrameElement {
    let element = this.#elements.get(frame.key);
    if (!element || element.localName !== tag) {
      element = document.createElement(tag) as FrameElement;
      this.#elements.set(frame.key, element);
    }
    const draft = !frame.widget;
    if (element.params !== frame.params) element.params = frame.params;
    // Set only when it changes, and only where it means something: a page's own widget element
    // that never was a draft gets no `draft` property it did not ask for.
    if (element.draft !== draft && (draft || element.draft)) element.draft = draft;
    // Elements that ask for their id or draft key (a widget that must hear when it is closed) get them.
    if (frame.widget && 'widgetId' in element && element.widgetId !== frame.widget.id) element.widgetId = frame.widget.id;
    if (!frame.widget && 'draftKey' in element && element.draftKey !== frame.key) element.draftKey = frame.key;
    return element;
  }
}

/**
 * Resolves once `element` has rendered, or failed to: a widget whose render throws keeps the frame
 * it drew, and the canvas goes on announcing the others (a question waits for them all).
 */
export async function settled(element: HTMLElement): Promise<void> {
  try {
    await (element as HTMLElement & {updateComplete?: Promise<unknown>}).updateComplete;
  } catch (error) {
    console.error(`autoui-agent: the ${element.localName} widget failed to render`, error);
  }
}

/**
 * The name of each widget's frame, for screen readers: its type, its title or label when the
 * params give one, and a number when several widgets of that type share a name, so no two frames
 * (regions) are announced alike.
 */
export function frameLabels(frames: readonly Frame[]): Map<string, string> {
  const named = frames.map((frame) => {
    const params = frame.params ?? {};
    const title = [params.title, params.label, params.name].find((v): v is string => typeof v === 'string' && v.trim() !== '');
    return {id: frame.key, name: title ? `${frame.type}: ${title.trim().slice(0, 80)}` : frame.type};
  });
  const total = new Map<string, number>();
  for (const {name} of named) total.set(name, (total.get(name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return new Map(
    named.map(({id, name}) => {
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      return [id, total.get(name)! > 1 ? `${name} (${n})` : name];
    }),
  );
}
