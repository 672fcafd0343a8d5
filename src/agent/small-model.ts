/**
 * The loop's settings for a small model on the person's device (`LanguageModel.small`: the
 * browser's own model, a local GGUF). Such a model reads a few thousand tokens before its answer
 * slows to a crawl, follows short lists better than long prose, and, left free, answers from what it
 * remembers instead of looking it up. So, for it:
 * - nested arguments are flattened (`params.title`, not `{"params": {"title": …}}`), which small
 *   models write far more reliably; a tool with a strict schema (`widget_display`: one branch per
 *   widget type with its params) is offered with it instead, which the grammar holding such a
 *   model's answer makes valid by construction;
 * - the first turn of a question must call a tool (the workflow's first step is always to look a
 *   recipe or a tool up);
 * - a tool result gives it at most 4,000 characters at once (the rest by `recall`), and results
 *   shrink after one turn instead of two;
 * - a turn may write at most 1,024 tokens;
 * - after three turns that ran tools without showing anything, the next turn must show: it is
 *   asked to (the nudge every model gets, but sooner) and offered only the display tools, with a
 *   call required, and the turn after that is offered none, so it answers in words. A large model
 *   takes the nudge's words; a small one, left free, tends to look the same things up until its
 *   turns run out (Gemma 3 270M called `list_tables` seven times in a row), and a grammar holding it
 *   to a display tool makes its call a valid widget.
 * Everything else (recipes, validation, the guards against repeated calls) is the same as for any
 * model. DOM-free.
 */

/** The settings that differ for a small model. */
export interface ModelSizeSettings {
  flatten: boolean;
  strictSchemas: boolean;
  firstTurnMustCall: boolean;
  maxResultLength: number;
  keepRecentIterations: number;
  maxTokens: number;
  /** Turns with tools but no widget after which the next must call a display tool (once a question); none: the words of the nudge only. */
  displayAfter?: number;
}

/** For a small model. */
export const SMALL_MODEL: ModelSizeSettings = {flatten: true, strictSchemas: true, firstTurnMustCall: true, maxResultLength: 4_000, keepRecentIterations: 1, maxTokens: 1_024, displayAfter: 3};

/** For any other model: the loop's defaults. */
export const LARGE_MODEL: ModelSizeSettings = {flatten: false, strictSchemas: false, firstTurnMustCall: false, maxResultLength: 10_000, keepRecentIterations: 2, maxTokens: 4_096};
