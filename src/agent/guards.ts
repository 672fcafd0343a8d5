/**
 * Guards against loops: the same call repeated, and a model that keeps exploring without ever
 * displaying anything.
 */

/** Calls with the same tool and arguments allowed per run; the next one is refused. */
export const MAX_IDENTICAL_CALLS = 2;
/** Iterations without a widget after which discovery tools are withdrawn. */
export const WITHDRAW_DISCOVERY_AFTER = 4;
/** Iterations without a widget after which the model is nudged, once. */
export const NUDGE_AFTER = 5;

/**
 * JSON with object keys sorted, so `{a, b}` and `{b, a}` count as the same arguments. Written as
 * plain loops: it keys every tool call of a run.
 */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + stableStringify(value[i]);
    return `${out}]`;
  }
  const object = value as Record<string, unknown>;
  // Default sort compares UTF-16 code units, as `<` does.
  const keys = Object.keys(object).sort();
  let out = '{';
  for (const key of keys) {
    const item = object[key];
    if (item === undefined) continue;
    out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${stableStringify(item)}`;
  }
  return `${out}}`;
}

/** Counts identical calls in one run; the third identical call is refused. */
export class RepeatedCallGuard {
  readonly #counts = new Map<string, number>();

  /** Records a call; returns false when it is one repetition too many. */
  allow(toolName: string, args: unknown): boolean {
    const key = `${toolName}\u0000${stableStringify(args)}`;
    const count = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, count);
    return count <= MAX_IDENTICAL_CALLS;
  }
}

/** Tracks iterations since the last widget and says when to withdraw discovery and nudge. */
export class NoRenderGuard {
  #sinceRender = 0;
  #nudged = false;

  /** Call at the end of each iteration that ran tools. */
  endIteration(rendered: boolean): void {
    this.#sinceRender = rendered ? 0 : this.#sinceRender + 1;
  }

  /** True once discovery tools should no longer be offered. */
  get withdrawDiscovery(): boolean {
    return this.#sinceRender >= WITHDRAW_DISCOVERY_AFTER;
  }

  /** True exactly once, when the model should be asked to display what it has: after `after` iterations without a widget. */
  takeNudge(after = NUDGE_AFTER): boolean {
    if (this.#nudged || this.#sinceRender < after) return false;
    this.#nudged = true;
    return true;
  }
}

/** The nudge message, in the prompt's language, naming the run's first display tool. */
export function nudgeText(lang: 'fr' | 'en', displayTool: string | undefined): string {
  const tool = displayTool ?? 'widget_display';
  return lang === 'en'
    ? `You have gathered data for several steps without displaying anything. Display what you have now with ${tool}, then answer briefly.`
    : `Tu as collecté des données pendant plusieurs étapes sans rien afficher. Affiche maintenant ce que tu as avec ${tool}, puis réponds brièvement.`;
}
