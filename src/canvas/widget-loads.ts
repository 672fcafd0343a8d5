/**
 * The widget types whose element a canvas has loaded: each type's code is loaded once, on its
 * first widget or draft (a draft's code loads while the model writes, ready when the call
 * completes); a type whose code failed to load is not tried again, and its frames say why. A
 * type whose element is already defined (another canvas, or the page, loaded it) counts as loaded
 * at once: waiting for its `load()` would cost a task or more and a second render of the whole
 * canvas (100 frames drawn as placeholders, then drawn again) for nothing.
 */
import type {ReactiveControllerHost} from 'lit';

/** Loads widget types' elements for one canvas, which renders again when one loads or fails. */
export class WidgetLoads {
  readonly #loaded = new Set<string>();
  readonly #loading = new Set<string>();
  /** Types whose code failed to load, with the reason. */
  readonly #failed = new Map<string, string>();

  /** `failed(type, message)` is told once per type whose code could not be loaded. */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly failed: (type: string, message: string) => void,
  ) {}

  /** True once `type`'s element is defined. */
  loaded(type: string): boolean {
    return this.#loaded.has(type);
  }

  /** Why `type`'s code could not be loaded, if it could not. */
  failure(type: string): string | undefined {
    return this.#failed.get(type);
  }

  /** Loads `type` by its definition's `load()`, unless it is loaded, loading, failed or its element defined. */
  ensure(type: string, definition: {tagName: string; load(): Promise<void>} | undefined): void {
    if (!definition || this.#loaded.has(type) || this.#loading.has(type) || this.#failed.has(type)) return;
    if (customElements.get(definition.tagName)) {
      this.#loaded.add(type);
      return;
    }
    this.#loading.add(type);
    definition.load().then(
      () => {
        this.#loading.delete(type);
        this.#loaded.add(type);
        this.host.requestUpdate();
      },
      (error: unknown) => {
        this.#loading.delete(type);
        const message = `The ${type} widget could not be loaded (${error instanceof Error ? error.message : String(error)}).`;
        this.#failed.set(type, message);
        this.host.requestUpdate();
        this.failed(type, message);
      },
    );
  }
}
