/**
 * How a session's settings become one question's loop options, as the question starts (a change
 * applies to the next question). Budgets that are not a positive number take their default, so
 * `max-iterations="abc"` gives 10, never a loop that cannot run. Part of the run engine (a lazy
 * chunk): only a question that runs needs it.
 */
import type {AgentLoopOptions} from '../agent/agent-loop.js';
import {ResultBuffer} from '../agent/result-buffer.js';
import {createProvider} from '../providers/create-provider.js';
import type {LanguageModel} from '../providers/language-model.js';
import {PreferredModel} from '../providers/preferred-model.js';
import type {ModelOptions} from '../providers/provider-options.js';
import type {Conversation} from './conversation.js';
import type {SessionSettings} from './session-options.js';

/** What the session gives a question besides its settings and conversation. */
export interface QuestionParts extends Pick<AgentLoopOptions, 'layers' | 'widgets' | 'approval' | 'signal' | 'trace'> {
  /** False once the question's conversation was cleared: what the loop tells is dropped then. */
  live(): boolean;
}

/** The loop options of a question asked with `settings`, continuing `conversation` (whose result buffer it makes if there is none yet). */
export function loopOptions(settings: SessionSettings, conversation: Conversation, parts: QuestionParts): AgentLoopOptions {
  const model = settings.model ?? {provider: 'anthropic'};
  const {live, ...rest} = parts;
  conversation.buffer ??= new ResultBuffer();
  return {
    provider: isLanguageModel(model) ? model : isList(model) ? new PreferredModel(model.map((options) => createProvider(options))) : createProvider(model),
    lang: settings.language ?? 'en',
    maxIterations: positiveOr(settings.maxIterations, 10),
    toolTimeoutMs: positiveOr(settings.toolTimeoutMs, 60_000),
    eagerTools: settings.eagerTools,
    drafts: settings.drafts,
    systemPrompt: settings.systemPrompt,
    maxTokens: settings.maxTokens,
    history: conversation.history,
    resultBuffer: conversation.buffer,
    callbacks: conversation.loopCallbacks(live),
    ...rest,
  };
}

const isLanguageModel = (model: LanguageModel | ModelOptions | readonly ModelOptions[]): model is LanguageModel => typeof (model as LanguageModel).stream === 'function';

const isList = (model: ModelOptions | readonly ModelOptions[]): model is readonly ModelOptions[] => Array.isArray(model);

/** `value` when it is a finite number above zero, else `fallback`. */
const positiveOr = (value: number | undefined, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback);
