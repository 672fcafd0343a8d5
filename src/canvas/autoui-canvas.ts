// `<autoui-canvas>`; beside it, its gestures, exported parts, frames and their view, type loading, arrivals, texts and run status.
import {LitElement, html, nothing, type PropertyValues} from 'lit';
import {property, state} from 'lit/decorators.js';
import {repeat} from 'lit/directives/repeat.js';
import {styleMap} from 'lit/directives/style-map.js';
import {ContextProvider} from '@lit/context';
import {defineElement} from '../define-element.js';
import {defaultWidgetEnvironment, mcpAppHostContext, widgetEnvironmentContext, type McpAppHost, type WidgetEnvironment} from '../widgets/widget-context.js';
import type {WidgetRegistry} from '../widgets/widget-registry.js';
import type {WidgetChange, WidgetDraft, WidgetInstance, WidgetStore} from '../session/widget-store.js';
import type {RunStatus} from '../session/run-status.js';
import {canvasStyles} from './canvas-styles.js';
import {canvasTexts} from './canvas-texts.js';
import {canvasStatusStyles, emptyCanvas, runStatusView, type RunRetryDetail} from './canvas-status.js';
import {canvasStatusTexts} from './canvas-status-texts.js';
import {CanvasGestures} from './canvas-gestures.js';
import {exportParts, exportedParts} from './canvas-parts.js';
import {FrameElements, frameLabels, settled, type Frame} from './canvas-frames.js';
import {frameOrder, frameView, MANY_FRAMES} from './canvas-frame-view.js';
import {WidgetArrivals} from './widget-arrivals.js';
import {WidgetLoads} from './widget-loads.js';
import {FrameControls} from './frame-controls.js';

/** Detail of `autoui-widget-rendered`. */
export interface WidgetRenderedDetail {
  id: string;
  type: string;
  element: HTMLElement;
}

export type {RunRetryDetail} from './canvas-status.js';

/** Detail of `autoui-widget-failed`: the widgets of `type` that could not be shown, and why. */
export interface WidgetFailedDetail {
  type: string;
  ids: string[];
  message: string;
}

/**
 * The area of `<autoui-agent>` that holds widgets: it renders a session's {@link WidgetStore}, a
 * responsive grid in the order they came; a widget moved or resized (by the model's `canvas`
 * tool, by mouse on its handle and grip, by arrow keys on the focused item, Shift for size) keeps
 * that place and size, stored in the store. A widget type whose definition says
 * `layout: 'wide'` takes a whole row of the flow. Updates set the new params on the
 * same element: no remount, no flicker. Drafts (widgets the model is still writing) come after the
 * widgets, marked `aria-busy`, and fill as their params grow; the widget that finishes one keeps
 * its frame and its element. Each frame is a focusable group named after its widget; its controls
 * are drawn when it is first hovered or focused, and off-screen frames are skipped by the browser
 * (`content-visibility: auto`) until scrolled near.
 *
 * Until the first widget (or draft) it says what will appear there, unless `readonly`. Given the
 * session's {@link RunStatus} (`status`), it says which step a run is on, or why the last question
 * failed, with a button to ask it again: after the widgets, sticking to the bottom of the view,
 * so no widget moves.
 *
 * @tagname autoui-canvas
 * @summary The widget canvas.
 * @fires {CustomEvent<WidgetRenderedDetail>} autoui-widget-rendered - `{id, type, element}` once a widget's element is connected and rendered.
 * @fires {CustomEvent<WidgetFailedDetail>} autoui-widget-failed - `{type, ids, message}` when a widget type's code could not be loaded.
 * @fires {CustomEvent<RunRetryDetail>} autoui-run-retry - `{question}` when the person asks a failed question again from its notice.
 * @csspart widget - Every widget's frame.
 * @csspart draft - The frame of a draft (also `widget`), until its call completes.
 * @csspart widget-<type> - The frame of widgets of one type (`widget-` and the type's name).
 * @csspart close - The close button of a widget (drawn when its frame is first hovered or focused).
 * @csspart handle - The drag handle of a widget (drawn when its frame is first hovered or focused).
 * @csspart source - The line under a widget made from local files that names them.
 * @csspart <type>-<part> - A widget's inner part, re-exported under its type's name (a widget's `value` part as `<type>-value`).
 * @cssproperty --autoui-canvas-min-column - Narrowest column of the flow grid.
 * @cssproperty --autoui-color-surface - Widget background.
 * @cssproperty --autoui-color-on-surface - Text colour.
 * @cssproperty --autoui-color-accent - Accent colour.
 * @cssproperty --autoui-color-border - Frame colour.
 * @cssproperty --autoui-radius - Corner radius.
 * @cssproperty --autoui-space-m - Gap and padding.
 */
export class AutouiCanvas extends LitElement {
  static override styles = [canvasStyles, canvasStatusStyles];

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
  /** What the session's questions are doing (`run-status.ts`): the step of a run, or the last one's failure. */
  @property({attribute: false}) status: RunStatus = {state: 'idle'};

  @state() private items: WidgetInstance[] = [];
  @state() private drafts: WidgetDraft[] = [];

  readonly #provider = new ContextProvider(this, {context: widgetEnvironmentContext, initialValue: defaultWidgetEnvironment});
  readonly #appHostProvider = new ContextProvider(this, {context: mcpAppHostContext, initialValue: undefined});
  readonly #frames = new FrameElements();
  readonly #announced = new Set<string>();
  readonly #arrivals = new WidgetArrivals();
  readonly #loads = new WidgetLoads(this, (type, message) => this.#failed(type, message));
  readonly #controls = new FrameControls(() => this.requestUpdate());
  readonly #gestures = new CanvasGestures(this, {item: (id) => this.items.find((i) => i.id === id), dir: () => this.environment.dir});
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
    return exportedParts(this);
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
    // A registry that arrives after the widgets (the agent's loads lazily) loads their types' code.
    if (this.#stale || changed.has('registry')) this.#read();
    if (changed.has('environment')) this.#provider.setValue(this.environment);
    if (changed.has('appHost')) this.#appHostProvider.setValue(this.appHost);
    if (changed.has('store')) {
      this.#unsubscribe?.();
      this.#unsubscribe = undefined;
      this.#frames.clear();
      this.#announced.clear();
      this.#controls.clear();
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
    if (change?.kind === 'added' && change.id && change.fromDraft !== undefined) this.#frames.finished(change.id, change.fromDraft);
    // What goes is forgotten at once, not at the next read: a widget removed and shown again under
    // the same id before it (a restore after clear()) is a new widget, with a new element and its
    // own autoui-widget-rendered.
    const gone = change?.kind === 'removed' && change.id ? [change.id] : change?.kind === 'cleared' ? (change.removed ?? []) : [];
    for (const id of gone) this.#forget(id);
    for (const key of change?.kind === 'cleared' ? (change.removedDrafts ?? []) : change?.kind === 'draft-removed' && change.fromDraft ? [change.fromDraft] : []) {
      this.#frames.forgetDraft(key);
    }
    this.#stale = true;
    this.requestUpdate();
  }

  /** The code of `type` could not be loaded: its widgets will not render. */
  #failed(type: string, message: string) {
    // The agent element turns this into autoui-error and stops waiting for these widgets.
    const ids = this.items.filter((i) => i.type === type).map((i) => i.id);
    for (const id of ids) this.#arrivals.forget(id);
    this.dispatchEvent(new CustomEvent<WidgetFailedDetail>('autoui-widget-failed', {detail: {type, ids, message}, bubbles: true, composed: true}));
  }

  /** Drops what the canvas keeps about widget `id`. */
  #forget(id: string) {
    this.#frames.forgetWidget(id);
    this.#announced.delete(id);
    this.#controls.forget(id);
    this.#arrivals.forget(id);
  }

  /** Reads the store into the rendered lists (see {@link #sync}). */
  #read() {
    this.#stale = false;
    this.items = this.store?.list() ?? [];
    this.drafts = this.store?.drafts() ?? [];
    const ids = new Set(this.items.map((i) => i.id));
    this.#frames.keep(this.items, this.drafts);
    for (const id of [...this.#announced]) {
      if (!ids.has(id)) {
        this.#announced.delete(id);
        this.#arrivals.forget(id);
      }
    }
    // Each type's code loads with its first widget, a draft's while the model writes (it is ready
    // when the call completes), host-only types' too: the registry binds them all.
    for (const {type} of [...this.items, ...this.drafts]) this.#loads.ensure(type, this.registry?.binding(type));
  }

  /** The widget element of a frame, once its type's code has loaded and it has params. */
  #element(frame: Frame) {
    const tag = this.registry?.binding(frame.type)?.tagName;
    if (!tag || !this.#loads.loaded(frame.type) || !frame.params) return undefined;
    return this.#frames.element(frame, tag);
  }

  protected override render() {
    const t = canvasTexts[this.environment.language];
    const {frames, bottom} = frameOrder(this.items, this.drafts, (id) => this.#frames.keyOf(id));
    // Drafts are named by their type alone, not their streaming title: a label that changed every
    // frame would be announced again and again; nor do they count in the numbering of the widgets.
    const labels = frameLabels(frames.filter((f) => f.widget));
    // One listener of each kind for the whole canvas, not three per frame (see canvas-gestures.ts).
    const gestures = this.#gestures;
    const said = canvasStatusTexts[this.environment.language];
    return html`${frames.length || this.readonly ? nothing : emptyCanvas(said)}<div class=${frames.length >= MANY_FRAMES ? 'canvas many' : 'canvas'} dir=${this.environment.dir} style=${styleMap({minHeight: bottom ? `${bottom}px` : undefined})}
      @keydown=${gestures.keydown} @pointerdown=${gestures.pointerdown} @click=${gestures.click}
      @pointerover=${this.readonly ? nothing : this.#controls.reveal} @focusin=${this.readonly ? nothing : this.#controls.reveal}>
      ${repeat(
        frames,
        (frame) => frame.key,
        (frame) =>
          frameView(frame, {
            element: this.#element(frame),
            label: labels.get(frame.key),
            failure: this.#loads.failure(frame.type),
            wide: this.registry?.binding(frame.type)?.layout === 'wide',
            readonly: this.readonly,
            controls: !!frame.widget && this.#controls.has(frame.widget.id),
            texts: t,
          }),
      )}
    </div>${runStatusView(this.status, said, this)}`;
  }

  protected override async updated(): Promise<void> {
    const arriving: Array<{id: string; type: string; element: HTMLElement}> = [];
    for (const {id, type} of this.items) {
      const element = this.#frames.get(this.#frames.keyOf(id));
      if (!element || this.#announced.has(id) || !element.isConnected) continue;
      this.#announced.add(id);
      arriving.push({id, type, element});
    }
    // A draft's frame and its widget's inner parts can be styled from the page like a widget's,
    // also the parts that come as it grows (a title, a legend).
    const drafts = this.drafts.map(({key, type}) => {
      const element = this.#frames.get(key);
      return {type, element: element?.isConnected ? element : undefined};
    });
    // The widgets of one update render in the same microtasks: they are awaited together, and
    // their parts exported in one write, before the first is announced.
    await Promise.all([...arriving, ...drafts].map(({element}) => element && settled(element)));
    exportParts(this, [...arriving, ...drafts]);
    for (const {id, type, element} of arriving) {
      this.#arrivals.arrived(id);
      this.dispatchEvent(new CustomEvent<WidgetRenderedDetail>('autoui-widget-rendered', {detail: {id, type, element}, bubbles: true, composed: true}));
    }
  }
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
    'autoui-run-retry': CustomEvent<RunRetryDetail>;
  }
}
