/**
 * How the canvas lays its frames out and draws one: the order of the frames (the flow, the
 * drafts, then the placed widgets), the height the placed widgets need, and one frame's section,
 * with its controls, its widget element (or why there is none yet) and the files it was made from.
 * A draft and the widget that finishes it share one template, so the frame a draft had is the
 * widget's, element and all.
 */
import {html, nothing, type TemplateResult} from 'lit';
import {styleMap} from 'lit/directives/style-map.js';
import type {WidgetDraft, WidgetInstance} from '../session/widget-store.js';
import type {Frame} from './canvas-frames.js';
import type {CanvasTexts} from './canvas-texts.js';

/**
 * From this many frames on, the canvas lets the browser skip the off-screen ones
 * (`content-visibility: auto`, canvas-styles.ts): a dashboard that fits on a screen has none.
 */
export const MANY_FRAMES = 16;

/** The frames of a canvas in the order they are drawn, and how tall the placed widgets make it. */
export interface FrameOrder {
  frames: Frame[];
  /** The bottom edge of the lowest placed widget, in pixels (0 when none is placed). */
  bottom: number;
}

/**
 * The frames of `items` and `drafts` in drawing order; `keyOf` gives a widget's frame key (the
 * draft it finished, else its id).
 */
export function frameOrder(items: readonly WidgetInstance[], drafts: readonly WidgetDraft[], keyOf: (id: string) => string): FrameOrder {
  // Placed widgets come after the flow, in reading order, so Tab follows what the eye sees.
  const flow = items.filter((i) => !i.position);
  const placed = items.filter((i) => i.position).sort((a, b) => a.position!.y - b.position!.y || a.position!.x - b.position!.x);
  const bottom = Math.max(0, ...placed.map((i) => i.position!.y + (i.size?.height ?? 240)));
  const frameOf = (widget: WidgetInstance): Frame => ({key: keyOf(widget.id), type: widget.type, params: widget.params, widget});
  // Drafts end the flow, where the widget that finishes one will be: no frame moves then (a
  // moved frame would reconnect its element, and a widget that draws with a library would start over).
  const frames: Frame[] = [...flow.map(frameOf), ...drafts.map((d) => ({key: d.key, type: d.type, params: d.params})), ...placed.map(frameOf)];
  return {frames, bottom};
}

/** What the canvas knows of one frame, besides the frame itself. */
export interface FrameViewOptions {
  /** The widget element, once its type's code has loaded and it has params. */
  element?: HTMLElement;
  /** The frame's name for screen readers (`frameLabels`); drafts have none. */
  label?: string;
  /** Why the type's code could not be loaded, if it could not. */
  failure?: string;
  /** The type takes a whole row of the flow (`layout: 'wide'`). */
  wide: boolean;
  /** No controls: the canvas is an embed. */
  readonly: boolean;
  /** Its controls are drawn: it has been hovered or focused (frame-controls.ts). Until then it looks the same, drawn by CSS. */
  controls: boolean;
  texts: CanvasTexts;
}

/** The section of one frame: a widget, or a draft the model is still writing (`aria-busy`). */
export function frameView(frame: Frame, {element, label, failure, wide, readonly, controls, texts: t}: FrameViewOptions): TemplateResult {
  const item = frame.widget;
  const style: Record<string, string | undefined> = {...item?.style};
  if (item?.position) {
    style['inset-inline-start'] = `${item.position.x}px`;
    style.top = `${item.position.y}px`;
  }
  if (item?.size) {
    style.width = `${item.size.width}px`;
    style.height = `${item.size.height}px`;
  }
  const drawn = !!item && !readonly && controls;
  // `pending`: controls to come, drawn by CSS meanwhile, so a still canvas looks as it always has.
  const pending = !!item && !readonly && !controls;
  // Every frame has the controls box, in the frame's own template: a nested template for it cost
  // each of 100 frames a template instance of its own. Empty and hidden from screen readers
  // until the buttons are drawn (and for drafts and an embed, which never get them).
  const classes = `item ${item?.position ? 'placed' : wide && !item?.size ? 'wide' : ''}${item ? '' : ' draft'}${pending ? ' pending' : ''}`;
  return html`<section
    class=${classes}
    part="widget widget-${frame.type}${item ? '' : ' draft'}"
    data-id=${item?.id ?? nothing}
    role=${item ? 'group' : nothing}
    tabindex=${item ? '0' : nothing}
    aria-busy=${item ? nothing : 'true'}
    aria-label=${item ? (readonly ? label : `${label} (${t.hint})`) : t.draft(frame.type)}
    style=${Object.keys(style).length ? styleMap(style) : nothing}
  >
    <div class="controls" aria-hidden=${drawn ? nothing : 'true'}>${drawn
      ? html`<button part="handle" class="handle" type="button" aria-label="${t.move} ${item.type}" title=${t.hint}>✥</button>
          <button part="close" class="close" type="button" aria-label="${t.close} ${item.type}">✕</button>`
      : nothing}</div>
    ${element ??
    (failure !== undefined
      ? html`<div class="failed" role="alert">${failure}</div>`
      : html`<div class="loading" role="status">…</div>`)}
    ${item?.source ? html`<p part="source" class="source" dir="auto">${t.from(item.source.files.join(', '))}</p>` : nothing}
    ${drawn ? html`<div class="grip" aria-hidden="true"></div>` : nothing}
  </section>`;
}
