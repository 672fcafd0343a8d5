/**
 * What a person does to the canvas's frames: drag a frame's handle to move it, its grip to resize
 * it, click its close button; arrow keys on a focused frame move it, Shift+arrows resize it. Every
 * gesture ends as a change in the store, which the canvas then renders. One listener of each kind
 * for the whole canvas, not three per frame: a frame is found from the event's target, so 100
 * widgets add no 300 listeners.
 */
import type {WidgetInstance, WidgetStore} from '../session/widget-store.js';
import {trackPointer} from './canvas-pointer.js';

/** Pixels an arrow key moves or resizes a widget. */
const STEP = 10;

/** What the gestures read of their canvas. */
export interface GestureCanvas {
  /** The canvas's own tree, where its frames are: `.canvas > section[data-id]`. */
  readonly renderRoot: ParentNode;
  /** No controls: nothing is moved, resized or closed. */
  readonly readonly: boolean;
  readonly store?: WidgetStore;
  readonly updateComplete: Promise<unknown>;
}

/** Where a gesture's widget is found and which way the canvas reads. */
export interface GestureContext {
  /** The rendered widget `id`. */
  item(id: string): WidgetInstance | undefined;
  /** Text direction: arrows and drags are visual, so in RTL a move right is toward the inline start. */
  dir(): 'ltr' | 'rtl';
}

/** The canvas's pointer and keyboard handlers; the canvas binds them on its root. */
export class CanvasGestures {
  constructor(
    private readonly canvas: GestureCanvas,
    private readonly context: GestureContext,
  ) {}

  /** Arrow keys act on a focused frame itself, not on what is focused inside its widget. */
  readonly keydown = (event: KeyboardEvent): void => {
    const item = this.#itemAt(event.target, true);
    if (item) this.#key(event, item);
  };

  /** A press on a handle or a grip starts a move or a resize. */
  readonly pointerdown = (event: PointerEvent): void => {
    const found = this.#controlAt(event.target);
    if (found && found.kind !== 'close') this.#drag(event, found.control, found.item, found.kind);
  };

  /** A click on a close button removes its widget. */
  readonly click = (event: MouseEvent): void => {
    const found = this.#controlAt(event.target);
    if (found?.kind === 'close') this.canvas.store?.remove(found.item.id);
  };

  /** The item's box relative to the canvas, in inline-start/top coordinates. */
  #box(id: string) {
    const root = this.canvas.renderRoot;
    const canvas = root.querySelector('.canvas')!.getBoundingClientRect();
    const box = root.querySelector(`[data-id="${id}"]`)!.getBoundingClientRect();
    const x = this.context.dir() === 'rtl' ? canvas.right - box.right : box.left - canvas.left;
    return {x: Math.round(x), y: Math.round(box.top - canvas.top), width: Math.round(box.width), height: Math.round(box.height)};
  }

  /** The widget whose frame `target` is (`frame: true`) or is inside, from the canvas's own tree. */
  #itemAt(target: EventTarget | null | undefined, frame = false): WidgetInstance | undefined {
    const element = target instanceof Element ? target : undefined;
    const section = frame ? (element?.matches('section[data-id]') ? element : undefined) : element?.closest('section[data-id]');
    const id = section?.getAttribute('data-id');
    return id ? this.context.item(id) : undefined;
  }

  /**
   * The canvas's own control `target` is in (a handle, a grip or a close button of a frame) and
   * its widget. A widget's own DOM may have elements with the same classes (a page widget without
   * a shadow root, with its own close button): those are the widget's, so only a control at the
   * place the canvas renders it counts.
   */
  #controlAt(target: EventTarget | null): {control: Element; kind: 'move' | 'resize' | 'close'; item: WidgetInstance} | undefined {
    if (this.canvas.readonly || !(target instanceof Element)) return undefined;
    const control = target.closest('.handle, .grip, .close');
    const kind = control?.classList.contains('handle') ? 'move' : control?.classList.contains('grip') ? 'resize' : 'close';
    const frame = kind === 'resize' ? control?.parentElement : control?.parentElement?.classList.contains('controls') ? control.parentElement.parentElement : undefined;
    if (!control || !frame?.matches('section[data-id]') || !frame.parentElement?.classList.contains('canvas')) return undefined;
    const item = this.#itemAt(frame, true);
    return item && {control, kind, item};
  }

  #key(event: KeyboardEvent, item: WidgetInstance): void {
    const delta = {ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP]}[event.key];
    const store = this.canvas.store;
    if (!delta || !store || this.canvas.readonly) return;
    event.preventDefault();
    // The store, not the rendered item: several keys may arrive before the next render.
    const current = store.get(item.id) ?? item;
    const box = this.#box(item.id);
    // Arrows are visual: in RTL, left moves away from the inline start.
    const dx = this.context.dir() === 'rtl' ? -delta[0] : delta[0];
    if (event.shiftKey) store.resize(item.id, (current.size?.width ?? box.width) + delta[0], (current.size?.height ?? box.height) + delta[1]);
    else store.move(item.id, (current.position?.x ?? box.x) + dx, (current.position?.y ?? box.y) + delta[1]);
    void this.canvas.updateComplete.then(() => (this.canvas.renderRoot.querySelector(`[data-id="${item.id}"]`) as HTMLElement | null)?.focus());
  }

  #drag(event: PointerEvent, control: Element, item: WidgetInstance, mode: 'move' | 'resize'): void {
    if (!this.canvas.store) return;
    const start = this.#box(item.id);
    const sign = this.context.dir() === 'rtl' ? -1 : 1;
    // The control captures the pointer, so the cursor stays the handle's or the grip's while it moves.
    trackPointer(event, control, (dx, dy) => {
      if (mode === 'move') this.canvas.store?.move(item.id, start.x + sign * dx, start.y + dy);
      else this.canvas.store?.resize(item.id, start.width + sign * dx, start.height + dy);
    });
  }
}
