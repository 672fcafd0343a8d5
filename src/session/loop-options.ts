/**
 * How a session's settings become one question's loop options, as the question starts (a change
 * applies to the next question). Budgets that are not a positive number take their default, so
 * `max-iterations="abc"` gives 10, never a loop that cannot run.
 */
import type {AgentLoopOptions} from '../agent/agent-loop.js';
import type {LanguageModel} from '../providers/language-model.js';
import type {ProviderOptions} from '../providers/provider-options.js';
import type {SessionSettings} from './session-options.js';

/** What the session gives a question besides its settings: its conversation, canvas, gate, signal and callbacks. */
export type QuestionParts = Pick<AgentLoopOptions, 'layers' | 'history' | 'resultBuffer' | 'widgets' | 'approval' | 'signal' | 'callbacks'>;

/** The loop options of a question asked with `settings`; `createProvider` comes with the run engine. */
export function loopOptions(createProvider: (options: ProviderOptions) => LanguageModel, settings: SessionSettings, parts: QuestionParts): AgentLoopOptions {
  const model = settings.model ?? {provider: 'anthropic'};
  return {
    provider: isLanguageModel(model) ? model : createProvider(model),
    lang: settings.language ?? 'fr',
    maxIterations: positiveOr(settings.maxIterations, 10),
    toolTimeoutMs: positiveOr(settings.toolTimeoutMs, 60_000),
    eagerTools: settings.eagerTools,
    drafts: settings.drafts,
    systemPrompt: settings.systemPrompt,
    maxTokens: settings.maxTokens,
    ...parts,
  };
}

const isLanguageModel = (model: LanguageModel | ProviderOptions): model is LanguageModel => typeof (model as LanguageModel).stream === 'function';

/** `value` when it is a finite number above zero, else `fallback`. */
const positiveOr = (value: number | undefined, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback);
