/**
 * The element's widgets: the engine chunk (the widget catalogue with its validators and recipes,
 * the `autoui` layer), loaded once after the first render or by the first question, with the
 * views chunk (the canvas draws widgets through this registry, so it comes with it), and the
 * page's own widgets, kept until it arrives. Once loaded, the `autoui` layer is one of the
 * session's layers.
 */
import {loadFailed} from '../errors.js';
import type {AgentSession} from '../session/agent-session.js';
import type {SessionEvent} from '../session/session-events.js';
import type {ApprovalRequest} from '../agent/approval.js';
import type {ApprovalResponder} from '../session/session-approvals.js';
import type {PageWidgetSpec, WidgetRegistry} from '../widgets/widget-registry.js';
import type {ApprovalView} from './common/transcript-views.js';
import type {ApprovalCards, ApprovalCardsHost} from './approvals/approval-cards.js';
import type {sessionSettings as SessionSettingsOf} from './session-settings.js';

/** The transcript's approval cards before the engine has loaded. */
const NO_APPROVALS: ReadonlyMap<ApprovalRequest, ApprovalResponder> = new Map();

/** What the engine needs from its element. */
export interface WidgetEngineHost {
  session: AgentSession;
  /** The element itself, for its approval cards. */
  element: ApprovalCardsHost;
  /** Loads the views chunk, which comes with the engine (the canvas draws through its registry). */
  loadViews(): Promise<unknown>;
  /** The hosts images may load from, read at each display call. */
  imageHosts(): readonly string[];
  /** Told once the registry exists. */
  loaded(): void;
}

/** Loads and holds one element's widget registry. */
export class WidgetEngine {
  /** The registry, once loaded. */
  registry?: WidgetRegistry;
  /** The transcript's approval card, which comes in the same chunk. */
  approvalView?: ApprovalView;
  /**
   * The approvals the built-in transcript asks, from the same chunk: a call waits for a person
   * only during a question, and a question starts once the engine is there.
   */
  approvalCards?: ApprovalCards;
  /** The element's attributes as its session's settings (`session-settings.ts`), from the same chunk. */
  sessionSettings?: typeof SessionSettingsOf;
  #loading?: Promise<WidgetRegistry>;
  /** Page widgets registered before the engine loaded, registered when it does. */
  readonly #pending: PageWidgetSpec[] = [];

  constructor(private readonly host: WidgetEngineHost) {}

  /** Loads the engine once; a failed load is retried by the next call (`LOAD_FAILED`). */
  load(): Promise<WidgetRegistry> {
    const host = this.host;
    this.#loading ??= Promise.all([import('./engine.js'), host.loadViews()]).then(
      ([engine]) => {
        const registry = engine.createDefaultRegistry();
        for (const spec of this.#pending.splice(0)) registry.registerPageWidget(spec);
        host.session.addLayer(engine.createAutouiLayer({catalog: registry, imageHosts: host.imageHosts}));
        this.registry = registry;
        this.approvalView = engine.approvalView;
        this.approvalCards = new engine.ApprovalCards(host.element);
        this.sessionSettings = engine.sessionSettings;
        host.loaded();
        return registry;
      },
      (error: unknown) => {
        this.#loading = undefined;
        throw loadFailed('Part of autoui-agent', error);
      },
    );
    return this.#loading;
  }

  /** The approvals the built-in transcript shows as cards: none before the engine, which holds them, has loaded. */
  get approvalsShown(): ReadonlyMap<ApprovalRequest, ApprovalResponder> {
    return this.approvalCards?.cards ?? NO_APPROVALS;
  }

  /** Hears the session: the approval cards, once they are here (a person is only asked after the engine has loaded). */
  sessionEvent(event: SessionEvent, shown: boolean): void {
    this.approvalCards?.sessionEvent(event, shown);
  }

  /** Adds a page's own widget, now or when the engine arrives. */
  register(spec: PageWidgetSpec): void {
    if (this.registry) this.registry.registerPageWidget(spec);
    else this.#pending.push(spec);
  }
}
