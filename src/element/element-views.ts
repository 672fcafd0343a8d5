/**
 * The element's views that its first render does without (`views.ts`: the transcript, the
 * canvas and the starter questions, one lazy chunk), as the element holds them: loaded once with
 * the engine, at the transcript's first entry or when the page is idle (a failed load is tried
 * again at the next call), and the canvas's place in the element's template, bound to the session
 * once they are in. Until then, `<autoui-canvas>` is not in the element's shadow root, and no
 * starter question is shown.
 */
import {html} from 'lit';
import type {ResolvedLanguage} from '../policy/language.js';
import type {AgentSession} from '../session/agent-session.js';
import type {WidgetRegistry} from '../widgets/widget-registry.js';
import type {AutouiCanvas} from '../canvas/autoui-canvas.js';
import type {starterQuestionsView} from './starters/starter-questions-view.js';
import type {CanvasView} from './views.js';
import type {FileNoticeText} from './common/transcript-views.js';

/** How long the end of a question waits for the widgets it showed to render (lazy chunks load meanwhile). */
const WIDGET_WAIT_MS = 10_000;

/** The element's settings the canvas reads at each render. */
export interface CanvasSettings {
  readonly: boolean;
  registry?: WidgetRegistry;
  sandboxUrl: string;
  language: ResolvedLanguage;
  dir: 'ltr' | 'rtl';
  imageHosts: readonly string[];
}

/** One element's lazily loaded views. See the module comment. */
export class ElementViews {
  #loading?: Promise<void>;
  /** What the canvas is handed, once the views have loaded. */
  #canvas?: CanvasView;
  /** The starter questions shown before the first question (`starter-questions-view.ts`), once the views have loaded. */
  starters?: typeof starterQuestionsView;
  /** The words of the transcript's `file` notices (`files/file-notice-text.ts`), once the views have loaded. */
  fileNoticeText?: FileNoticeText;

  constructor(
    private readonly host: HTMLElement & {requestUpdate(): void},
    private readonly session: AgentSession,
  ) {}

  /** Loads the views and defines their tags (the element's tags upgrade in place, keeping the properties it set). */
  readonly load = (): Promise<void> =>
    (this.#loading ??= import('./views.js').then(
      (views) => {
        views.defineViews();
        this.#canvas = views.canvasView(this.host, this.session);
        this.starters = views.starterQuestionsView;
        this.fileNoticeText = views.fileNoticeText;
        this.host.requestUpdate();
      },
      (error: unknown) => {
        this.#loading = undefined;
        throw error;
      },
    ));

  /**
   * The canvas, bound to the session, once its chunk is there. Until then an empty box with its
   * class and part holds its place (the canvas is empty until the engine has loaded anyway), so
   * the canvas element is made once, already defined, with every binding it needs. The settings
   * are read only then: the placeholder needs none, and the locale among them asks `Intl`.
   */
  canvas(settingsOf: () => CanvasSettings) {
    const view = this.#canvas;
    if (!view) return html`<div class="canvas" part="canvas"></div>`;
    const settings = settingsOf();
    return html`<autoui-canvas
      class="canvas"
      part="canvas"
      .store=${this.session.widgets}
      .readonly=${settings.readonly}
      .registry=${settings.registry}
      .appHost=${view.appHost.of(settings.sandboxUrl, settings.readonly)}
      .environment=${view.environment.of(settings.language, settings.dir, settings.imageHosts)}
      .status=${view.status.value}
      @autoui-widget-rendered=${view.events.rendered}
      @autoui-widget-failed=${view.events.failed}
      @autoui-run-retry=${view.events.retry}
    ></autoui-canvas>`;
  }

  /**
   * Waits (a while) for these widgets, those still on the canvas, to render. The canvas is defined
   * with the engine, which every path that shows widgets has loaded.
   */
  async whenRendered(root: ParentNode | undefined, widgets: ReadonlyArray<{id: string}>): Promise<void> {
    const ids = () => widgets.map((w) => w.id).filter((id) => this.session.widgets.get(id));
    await root?.querySelector<AutouiCanvas>('autoui-canvas')?.whenRendered(ids, WIDGET_WAIT_MS);
  }
}
