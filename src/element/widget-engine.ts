/**
 * The element's widgets: the engine chunk (the widget catalogue with its validators and recipes,
 * the `autoui` layer), loaded once after the first render or by the first question, and the page's
 * own widgets, kept until it arrives. Once loaded, the `autoui` layer is one of the session's layers.
 */
import {loadFailed} from '../errors.js';
import type {AgentSession} from '../session/agent-session.js';
import type {PageWidgetSpec, WidgetRegistry} from '../widgets/widget-registry.js';
import type {ApprovalView} from './approval-card.js';

/** Loads and holds one element's widget registry. */
export class WidgetEngine {
  /** The registry, once loaded. */
  registry?: WidgetRegistry;
  /** The transcript's approval card, which comes in the same chunk. */
  approvalView?: ApprovalView;
  #loading?: Promise<WidgetRegistry>;
  /** Page widgets registered before the engine loaded, registered when it does. */
  readonly #pending: PageWidgetSpec[] = [];

  /** `imageHosts` is read at each display call; `loaded` is told once the registry exists. */
  constructor(
    private readonly session: AgentSession,
    private readonly imageHosts: () => readonly string[],
    private readonly loaded: () => void,
  ) {}

  /** Loads the engine once; a failed load is retried by the next call (`LOAD_FAILED`). */
  load(): Promise<WidgetRegistry> {
    this.#loading ??= import('./engine.js').then(
      (engine) => {
        const registry = engine.createDefaultRegistry();
        for (const spec of this.#pending.splice(0)) registry.registerPageWidget(spec);
        this.session.addLayer(engine.createAutouiLayer({catalog: registry, imageHosts: this.imageHosts}));
        this.registry = registry;
        this.approvalView = engine.approvalView;
        this.loaded();
        return registry;
      },
      (error: unknown) => {
        this.#loading = undefined;
        throw loadFailed('Part of autoui-agent', error);
      },
    );
    return this.#loading;
  }

  /** Adds a page's own widget, now or when the engine arrives. */
  register(spec: PageWidgetSpec): void {
    if (this.registry) this.registry.registerPageWidget(spec);
    else this.#pending.push(spec);
  }
}
