import {LitElement, html, nothing, type PropertyValues} from 'lit';
import {property, state} from 'lit/decorators.js';
import {repeat} from 'lit/directives/repeat.js';
import {styleMap} from 'lit/directives/style-map.js';
import {ContextProvider} from '@lit/context';
import {defineElement} from '../define-element.js';
import {defaultWidgetEnvironment, widgetEnvironmentContext, type WidgetEnvironment} from '../widgets/widget-context.js';
import type {WidgetRegistry} from '../widgets/widget-registry.js';
import {mcpAppHostContext, type McpAppHost} from '../widgets/mcp-app/mcp-app-context.js';
import {mcpAppWidget, type HostWidgetDefinition} from '../widgets/mcp-app/mcp-app.definition.js';
import type {WidgetChange, WidgetDraft, WidgetInstance, WidgetStore} from '../session/widget-store.js';
import {canvasStyles} from './canvas-styles.js';
import {trackPointer} from './canvas-pointer.js';
import {WidgetArrivals} from './widget-arrivals.js';

/** Detail of `autoui-widget-rendered`. */
export interface WidgetRenderedDetail {
  id: string;
  type: string;
  element: HTMLElement;
}

/** Detail of `autoui-widget-failed`: the widgets of `type` that could not be shown, and why. */
export interface WidgetFailedDetail {
  type: string;
  ids: string[];
  message: string;
}

/** One frame on the canvas: a widget, or a draft the model is still writing. */
interface Frame {
  /** The repeat key: a widget keeps the key of the draft it finished, so it keeps its element. */
  key: string;
  type: string;
  params?: Record<string, unknown>;
  /** The widget; absent for a draft. */
  widget?: WidgetInstance;
}

/** Pixels an arrow key moves or resizes a widget. */
const STEP = 10;
const WIDE_TYPES = new Set(['table', 'map', 'chart', 'timeline', 'cards', 'json', 'code', 'markdown', 'mcp-app']);
/** Widgets only the host shows (never in a registry the model reads): an MCP App view. */
const HOST_WIDGETS = new Map<string, HostWidgetDefinition>([[mcpAppWidget.type, mcpAppWidget]]);
const TEXTS = {
  en: {close: 'Close', move: 'Move', hint: 'Arrow keys move, Shift+arrows resize', draft: (type: string) => `${type}, being written`},
  fr: {close: 'Fermer', move: 'Déplacer', hint: 'Flèches : déplacer, Maj+flèches : redimensionner', draft: (type: string) => `${type}, en cours d'écriture`},
};

/**
 * The area of `<autoui-agent>` that holds widgets: it renders a session's {@link WidgetStore}, a
 * responsive grid in the order they came; a widget moved or resized (by the model's `canvas`
 * tool, by mouse on its handle and grip, by arrow keys on the focused item, Shift for size) keeps
 * that place and size, stored in the store. Updates set the new params on the same element: no
 * remount, no flicker. Drafts (widgets the model is still writing) come after the widgets, marked
 * `aria-busy`, and fill as their params grow; the widget that finishes one keeps its frame and
 * its element.
 *
 * @tagname autoui-canvas
 * @summary The widget canvas.
 * @fires {CustomEvent<WidgetRenderedDetail>} autoui-widget-rendered - `{id, type, element}` once a widget's element is connected and rendered.
 * @fires {CustomEvent<WidgetFailedDetail>} autoui-widget-failed - `{type, ids, message}` when a widget type's code could not be loaded.
 * @csspart widget - Every widget's frame.
 * @csspart draft - The frame of a draft (also `widget`), until its call completes.
 * @csspart widget-<type> - The frame of widgets of one type, e.g. `widget-stat`.
 * @csspart close - The close button of a widget.
 * @csspart handle - The drag handle of a widget.
 * @csspart <type>-<part> - A widget's inner part, re-exported (e.g. `stat-value`).
 * @cssproperty --autoui-canvas-min-column - Narrowest column of the flow grid.
 * @cssproperty --autoui-color-surface - Widget background.
 * @cssproperty --autoui-color-on-surface - Text colour.
 * @cssproperty --autoui-color-accent - Accent colour.
 * @cssproperty --autoui-color-border - Frame colour.
 * @cssproperty --autoui-radius - Corner radius.
 * @cssproperty --autoui-space-m - Gap and padding.
 */
export class AutouiCanvas extends LitElement {
  static override styles = canvasStyles;

  /** The widgets to show: a session's store (`session.widgets`). */
  @property({attribute: false}) store?: WidgetStore;
  /** Where widget types are defined. */
  @property({attribute: false}) registry?: WidgetRegistry;
  /** No controls: widgets cannot be moved, resized or closed by a person (an embed). */
  @property({type: Boolean, reflect: true}) readonly = false;
  /** Language, direction and image hosts, provided to every widget. */
  @property({attribute: false}) environment: WidgetEnvironment = defaultWidgetEnvironment;
  /** What MCP App views may ask of the agent's session, provided to them. */
  @property({attribute: false}) appHost?: McpAppHost;

  @state() private items: WidgetInstance[] = [];
  @state() private drafts: WidgetDraft[] = [];
  @state() private loadedTypes = new Set<string>();
  /** Widget types whose code failed to load, with the reason. */
  @state() private failedTypes = new Map<string, string>();

  readonly #provider = new ContextProvider(this, {context: widgetEnvironmentContext, initialValue: defaultWidgetEnvironment});
  readonly #appHostProvider = new ContextProvider(this, {context: mcpAppHostContext, initialValue: undefined});
  /** Widget elements by frame key (see {@link Frame}). */
  readonly #elements = new Map<string, HTMLElement & {params?: unknown; draft?: boolean; widgetId?: string; draftKey?: string}>();
  /** Frame keys of widgets that finished a draft (the others' key is their id). */
  readonly #frameOf = new Map<string, string>();
  readonly #announced = new Set<string>();
  readonly #loading = new Set<string>();
  readonly #arrivals = new WidgetArrivals();
  #unsubscribe?: () => void;
  /** The store changed since it was last read. */
  #stale = false;

  /**
   * Resolves once the widgets `ids()` names have rendered, or after `timeoutMs` (a widget whose
   * code fails to load never renders). `ids` is read again at each arrival, so widgets removed
   * meanwhile are not waited for.
   */
  whenRendered(ids: () => readonly string[], timeoutMs: number): Promise<void> {
    return this.#arrivals.until(ids, timeoutMs);
  }

  /** The part names this canvas exports (also set as its own `exportparts`), for the agent element to forward. */
  get partNames(): string[] {
    return (this.getAttribute('exportparts') ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.store && !this.#unsubscribe) this.#subscribe();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (this.#stale) this.#read();
    if (changed.has('environment')) this.#provider.setValue(this.environment);
    if (changed.has('appHost')) this.#appHostProvider.setValue(this.appHost);
    if (changed.has('store')) {
      this.#unsubscribe?.();
      this.#unsubscribe = undefined;
      this.#elements.clear();
      this.#frameOf.clear();
      this.#announced.clear();
      if (this.store) this.#subscribe();
    }
  }

  #subscribe() {
    const store = this.store!;
    this.#unsubscribe = store.subscribe((change) => this.#sync(change));
    this.#read();
  }

  /**
   * Takes note of a change and reads the store once before the next render: a step of the model
   * that shows 100 widgets makes 100 changes, and reading the whole list at each would copy
   * 5,000 instances.
   */
  #sync(change?: WidgetChange) {
    if (change?.kind === 'added' && change.id && change.fromDraft !== undefined) this.#frameOf.set(change.id, change.fromDraft);
    // What goes is forgotten at once, not at the next read: a widget removed and shown again under
    // the same id before it (a restore after clear()) is a new widget, with a new element and its
    // own autoui-widget-rendered.
    const gone = change?.kind === 'removed' && change.id ? [change.id] : change?.kind === 'cleared' ? (change.removed ?? []) : [];
    for (const id of gone) this.#forget(id);
    for (const key of change?.kind === 'cleared' ? (change.removedDrafts ?? []) : change?.kind === 'draft-removed' && change.fromDraft ? [change.fromDraft] : []) {
      this.#elements.delete(key);
    }
    this.#stale = true;
    this.requestUpdate();
  }

  /** Drops what the canvas keeps about widget `id`. */
  #forget(id: string) {
    this.#elements.delete(this.#frameKey({id} as WidgetInstance));
    this.#frameOf.delete(id);
    this.#announced.delete(id);
    this.#arrivals.forget(id);
  }

  /** Reads the store into the rendered lists (see {@link #sync}). */
  #read() {
    this.#stale = false;
    this.items = this.store?.list() ?? [];
    this.drafts = this.store?.drafts() ?? [];
    const ids = new Set(this.items.map((i) => i.id));
    for (const id of [...this.#frameOf.keys()]) if (!ids.has(id)) this.#frameOf.delete(id);
    for (const id of [...this.#announced]) {
      if (!ids.has(id)) {
        this.#announced.delete(id);
        this.#arrivals.forget(id);
      }
    }
    const keys = new Set([...this.items.map((i) => this.#frameKey(i)), ...this.drafts.map((d) => d.key)]);
    for (const key of [...this.#elements.keys()]) if (!keys.has(key)) this.#elements.delete(key);
    for (const item of this.items) this.#ensureLoaded(item.type);
    // A draft's widget code loads while the model writes: it is ready when the call completes.
    for (const draft of this.drafts) this.#ensureLoaded(draft.type);
  }

  #frameKey(item: WidgetInstance): string {
    return this.#frameOf.get(item.id) ?? item.id;
  }

  /** Where `type` is defined: a host widget, else the registry. */
  #definition(type: string): {tagName: string; load(): Promise<void>} | undefined {
    return HOST_WIDGETS.get(type) ?? this.registry?.get(type);
  }

  #ensureLoaded(type: string) {
    const definition = this.#definition(type);
    if (!definition || this.loadedTypes.has(type) || this.#loading.has(type) || this.failedTypes.has(type)) return;
    this.#loading.add(type);
    definition.load().then(
      () => {
        this.#loading.delete(type);
        this.loadedTypes = new Set(this.loadedTypes).add(type);
      },
      (error: unknown) => {
        this.#loading.delete(type);
        const message = `The ${type} widget could not be loaded (${error instanceof Error ? error.message : String(error)}).`;
        this.failedTypes = new Map(this.failedTypes).set(type, message);
        // The agent element turns this into autoui-error and stops waiting for these widgets.
        const ids = this.items.filter((i) => i.type === type).map((i) => i.id);
        for (const id of ids) this.#arrivals.forget(id);
        this.dispatchEvent(new CustomEvent<WidgetFailedDetail>('autoui-widget-failed', {detail: {type, ids, message}, bubbles: true, composed: true}));
      },
    );
  }

  /**
   * The widget element of a frame: created once per frame (a draft's, once it has params), then
   * only given new params; it stays when its draft becomes the widget.
   */
  #element(frame: Frame) {
    const tag = this.#definition(frame.type)?.tagName;
    if (!tag || !this.loadedTypes.has(frame.type) || !frame.params) return undefined;
    let element = this.#elements.get(frame.key);
    if (!element || element.localName !== tag) {
      element = document.createElement(tag) as HTMLElement & {params?: unknown; draft?: boolean};
      this.#elements.set(frame.key, element);
    }
    const draft = !frame.widget;
    if (element.params !== frame.params) element.params = frame.params;
    // Set only when it changes, and only where it means something: a page's own widget element
    // that never was a draft gets no `draft` property it did not ask for.
    if (element.draft !== draft && (draft || element.draft)) element.draft = draft;
    // Elements that ask for their id or draft key (an MCP App view, which must hear when it is closed) get them.
    if (frame.widget && 'widgetId' in element && element.widgetId !== frame.widget.id) element.widgetId = frame.widget.id;
    if (!frame.widget && 'draftKey' in element && element.draftKey !== frame.key) element.draftKey = frame.key;
    return element;
  }

  protected override render() {
    const t = TEXTS[this.environment.language];
    // Placed widgets come after the flow, in reading order, so Tab follows what the eye sees.
    const flow = this.items.filter((i) => !i.position);
    const placed = this.items.filter((i) => i.position).sort((a, b) => a.position!.y - b.position!.y || a.position!.x - b.position!.x);
    const bottom = Math.max(0, ...placed.map((i) => i.position!.y + (i.size?.height ?? 240)));
    const frameOf = (widget: WidgetInstance): Frame => ({key: this.#frameKey(widget), type: widget.type, params: widget.params, widget});
    // Drafts end the flow, where the widget that finishes one will be: no frame moves then (a
    // moved frame would reconnect its element, and a chart or a map would be built again).
    const frames: Frame[] = [...flow.map(frameOf), ...this.drafts.map((d) => ({key: d.key, type: d.type, params: d.params})), ...placed.map(frameOf)];
    // Drafts are named by their type alone, not their streaming title: a label that changed every
    // frame would be announced again and again; nor do they count in the numbering of the widgets.
    const labels = frameLabels(frames.filter((f) => f.widget));
    // One listener of each kind for the whole canvas, not three per frame: a frame is found from
    // the event's target (see #onPointer), so 100 widgets add no 300 listeners.
    return html`<div class="canvas" dir=${this.environment.dir} style=${styleMap({minHeight: bottom ? `${bottom}px` : undefined})}
      @keydown=${this.#onKeydown} @pointerdown=${this.#onPointer} @click=${this.#onClick}>
      ${repeat(
        frames,
        (frame) => frame.key,
        (frame) => {
          const element = this.#element(frame);
          const item = frame.widget;
          // One template for drafts and widgets: the frame a draft had is the widget's, element and all.
          const style: Record<string, string | undefined> = {...item?.style};
          if (item?.position) {
            style['inset-inline-start'] = `${item.position.x}px`;
            style.top = `${item.position.y}px`;
          }
          if (item?.size) {
            style.width = `${item.size.width}px`;
            style.height = `${item.size.height}px`;
          }
          const classes = `item ${item?.position ? 'placed' : WIDE_TYPES.has(frame.type) && !item?.size ? 'wide' : ''}${item ? '' : ' draft'}`;
          return html`<section
            class=${classes}
            part="widget widget-${frame.type}${item ? '' : ' draft'}"
            data-id=${item?.id ?? nothing}
            tabindex=${item ? '0' : nothing}
            aria-busy=${item ? nothing : 'true'}
            aria-label=${item ? (this.readonly ? labels.get(frame.key) : `${labels.get(frame.key)} (${t.hint})`) : t.draft(frame.type)}
            style=${styleMap(style)}
          >
            ${item && !this.readonly
              ? html`<div class="controls">
                  <button part="handle" class="handle" type="button" aria-label="${t.move} ${item.type}" title=${t.hint} >✥</button>
                  <button part="close" class="close" type="button" aria-label="${t.close} ${item.type}">✕</button>
                </div>`
              : nothing}
            ${element ??
            (this.failedTypes.has(frame.type)
              ? html`<div class="failed" role="alert">${this.failedTypes.get(frame.type)}</div>`
              : html`<div class="loading" role="status">…</div>`)}
            ${item && !this.readonly ? html`<div class="grip" aria-hidden="true"></div>` : nothing}
          </section>`;
        },
      )}
    </div>`;
  }

  protected override async updated(): Promise<void> {
    for (const item of this.items) {
      const id = item.id;
      const element = this.#elements.get(this.#frameKey(item));
      if (!element || this.#announced.has(id) || !element.isConnected) continue;
      this.#announced.add(id);
      await settled(element);
      this.#exportParts(element, this.items.find((i) => i.id === id)?.type ?? '');
      this.#arrivals.arrived(id);
      this.dispatchEvent(
        new CustomEvent<WidgetRenderedDetail>('autoui-widget-rendered', {
          detail: {id, type: this.items.find((i) => i.id === id)?.type ?? '', element},
          bubbles: true,
          composed: true,
        }),
      );
    }
    // A draft's frame and its widget's inner parts can be styled from the page like a widget's,
    // also the parts that come as it grows (a title, a legend).
    for (const draft of this.drafts) {
      const element = this.#elements.get(draft.key);
      if (!element?.isConnected) {
        this.#exportParts(undefined, draft.type);
        continue;
      }
      await settled(element);
      this.#exportParts(element, draft.type);
    }
  }

  /** Re-exports a widget's inner parts as `<type>-<part>`, and everything from this canvas. */
  #exportParts(element: HTMLElement | undefined, type: string) {
    const names = new Set(Array.from(element?.shadowRoot?.querySelectorAll('[part]') ?? []).flatMap((el) => el.getAttribute('part')!.split(/\s+/)));
    const inner = [...names].map((n) => `${n}:${type}-${n}`).join(', ');
    if (element && element.getAttribute('exportparts') !== inner) element.setAttribute('exportparts', inner);
    const exported = new Set([...this.partNames, 'widget', 'close', 'handle', 'draft', `widget-${type}`, ...[...names].map((n) => `${type}-${n}`)]);
    const value = [...exported].join(', ');
    if (this.getAttribute('exportparts') !== value) this.setAttribute('exportparts', value);
  }

  /** The item's box relative to the canvas, in inline-start/top coordinates. */
  #box(id: string) {
    const canvas = this.renderRoot.querySelector('.canvas')!.getBoundingClientRect();
    const box = this.renderRoot.querySelector(`[data-id="${id}"]`)!.getBoundingClientRect();
    const x = this.environment.dir === 'rtl' ? canvas.right - box.right : box.left - canvas.left;
    return {x: Math.round(x), y: Math.round(box.top - canvas.top), width: Math.round(box.width), height: Math.round(box.height)};
  }

  /** The widget whose frame `target` is (`frame: true`) or is inside, from the canvas's own tree. */
  #itemAt(target: EventTarget | null | undefined, frame = false): WidgetInstance | undefined {
    const element = target instanceof Element ? target : undefined;
    const section = frame ? (element?.matches('section[data-id]') ? element : undefined) : element?.closest('section[data-id]');
    const id = section?.getAttribute('data-id');
    return id ? this.items.find((i) => i.id === id) : undefined;
  }

  // Arrow keys act on a focused frame itself, not on what is focused inside its widget.
  #onKeydown = (event: KeyboardEvent) => {
    const item = this.#itemAt(event.target, true);
    if (item) this.#onKey(event, item);
  };

  /**
   * The canvas's own control `target` is in (a handle, a grip or a close button of a frame) and
   * its widget. A widget's own DOM may have elements with the same classes (a page widget without
   * a shadow root, with its own close button): those are the widget's, so only a control at the
   * place the canvas renders it counts.
   */
  #controlAt(target: EventTarget | null): {control: Element; kind: 'move' | 'resize' | 'close'; item: WidgetInstance} | undefined {
    if (this.readonly || !(target instanceof Element)) return undefined;
    const control = target.closest('.handle, .grip, .close');
    const kind = control?.classList.contains('handle') ? 'move' : control?.classList.contains('grip') ? 'resize' : 'close';
    const frame = kind === 'resize' ? control?.parentElement : control?.parentElement?.classList.contains('controls') ? control.parentElement.parentElement : undefined;
    if (!control || !frame?.matches('section[data-id]') || !frame.parentElement?.classList.contains('canvas')) return undefined;
    const item = this.#itemAt(frame, true);
    return item && {control, kind, item};
  }

  #onPointer = (event: PointerEvent) => {
    const found = this.#controlAt(event.target);
    if (found && found.kind !== 'close') this.#drag(event, found.control, found.item, found.kind);
  };

  #onClick = (event: MouseEvent) => {
    const found = this.#controlAt(event.target);
    if (found?.kind === 'close') this.store?.remove(found.item.id);
  };

  #onKey(event: KeyboardEvent, item: WidgetInstance) {
    const delta = {ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP]}[event.key];
    if (!delta || !this.store || this.readonly) return;
    event.preventDefault();
    // The store, not the rendered item: several keys may arrive before the next render.
    const current = this.store.get(item.id) ?? item;
    const box = this.#box(item.id);
    // Arrows are visual: in RTL, left moves away from the inline start.
    const dx = this.environment.dir === 'rtl' ? -delta[0] : delta[0];
    if (event.shiftKey) this.store.resize(item.id, (current.size?.width ?? box.width) + delta[0], (current.size?.height ?? box.height) + delta[1]);
    else this.store.move(item.id, (current.position?.x ?? box.x) + dx, (current.position?.y ?? box.y) + delta[1]);
    void this.updateComplete.then(() => (this.renderRoot.querySelector(`[data-id="${item.id}"]`) as HTMLElement | null)?.focus());
  }

  #drag(event: PointerEvent, control: Element, item: WidgetInstance, mode: 'move' | 'resize') {
    if (!this.store) return;
    const start = this.#box(item.id);
    const sign = this.environment.dir === 'rtl' ? -1 : 1;
    // The control captures the pointer, so the cursor stays the handle's or the grip's while it moves.
    trackPointer(event, control, (dx, dy) => {
      if (mode === 'move') this.store?.move(item.id, start.x + sign * dx, start.y + dy);
      else this.store?.resize(item.id, start.width + sign * dx, start.height + dy);
    });
  }
}

/**
 * Resolves once `element` has rendered, or failed to: a widget whose render throws keeps the frame
 * it drew, and the canvas goes on announcing the others (a question waits for them all).
 */
async function settled(element: HTMLElement): Promise<void> {
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
function frameLabels(frames: readonly Frame[]): Map<string, string> {
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

/** Defines `<autoui-canvas>` (the agent element calls this; safe to call twice). */
export function defineCanvasElements(): void {
  defineElement('autoui-canvas', AutouiCanvas);
}

declare global {
  interface HTMLElementTagNameMap {
    'autoui-canvas': AutouiCanvas;
  }
  interface HTMLElementEventMap {
    'autoui-widget-rendered': CustomEvent<WidgetRenderedDetail>;
    'autoui-widget-failed': CustomEvent<WidgetFailedDetail>;
  }
}
