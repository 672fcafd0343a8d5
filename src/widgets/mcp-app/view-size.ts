/**
 * The size of a view's frame: its width follows the widget's (the view is told when it changes),
 * its height is the view's to choose, within bounds.
 */
import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {MAX_VIEW_HEIGHT} from './host-context.js';

/** The frame's height bounds (CSS pixels): a view cannot push the canvas away, nor vanish. */
const MIN_HEIGHT = 48;
const MAX_HEIGHT = MAX_VIEW_HEIGHT;

/** The frame's height for content `height` pixels high, within bounds. */
export function viewHeight(height: number): number {
  return Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(height)));
}

/** Watches the widget's width while it is on the page, and says when it changed. */
export class ViewWidth implements ReactiveController {
  #width = 0;
  #observer?: ResizeObserver;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly changed: () => void,
  ) {
    host.addController(this);
  }

  /** The widget's width (CSS pixels), as last observed, else as laid out now. */
  get width(): number {
    return this.#width || Math.round(this.host.getBoundingClientRect().width);
  }

  hostConnected(): void {
    this.#observer ??= new ResizeObserver(([entry]) => {
      const width = Math.round(entry.contentRect.width);
      if (width === this.#width) return;
      this.#width = width;
      this.changed();
    });
    this.#observer.observe(this.host);
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
  }
}
