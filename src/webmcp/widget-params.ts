/**
 * The checks params go through before they reach the canvas, shared by `widget_display` and
 * `canvas({action: 'update'})`: number repair → schema validation → URL rules → validation again
 * (a removed URL may leave a list item incomplete: that item is removed, and said so).
 */
import type {ToolOutput} from '../agent/types.js';
import {ErrorCodes} from '../errors.js';
import {NO_TRACE, type TraceSpan} from '../telemetry/agent-tracer.js';
import type {ValidationIssue, Validator} from '../schema/validator.js';
import type {JsonSchema} from '../schema/json-schema.js';
import {pointerKeys} from '../schema/json-pointer.js';
import {coerceToSchema} from './repair-params.js';
import {dropUnsafeUrls, type BlockedImagePolicy, type DroppedUrl} from './url-policy.js';

/** The outcome of {@link checkWidgetParams}. */
export type ParamsCheck =
  | {ok: true; params: Record<string, unknown>; repairs: string[]; dropped: DroppedUrl[]; gated: string[]; later: string[]}
  | {ok: false; output: ToolOutput};

/**
 * The error result the model reads when params do not validate: each failing path with its message,
 * plus the expected schema, so the model can correct its call and retry.
 */
export function validationFailure(details: ValidationIssue[], schema: JsonSchema, extra: Record<string, unknown> = {}): ToolOutput {
  return {text: JSON.stringify({error: 'Validation failed', details, ...extra, expected_schema: schema}), isError: true};
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Removes the array item that contains `path` (a JSON Pointer), if any, and returns its path. Mutates `root`. */
function removeContainingItem(root: Record<string, unknown>, path: string): string | undefined {
  const keys = pointerKeys(path);
  for (let depth = keys.length - 1; depth > 0; depth--) {
    let parent: unknown = root;
    for (const key of keys.slice(0, depth - 1)) parent = (parent as Record<string, unknown>)?.[key];
    const list = (parent as Record<string, unknown>)?.[keys[depth - 1]];
    const index = Number(keys[depth]);
    if (Array.isArray(list) && Number.isInteger(index) && index < list.length) {
      list.splice(index, 1);
      return '/' + keys.slice(0, depth + 1).join('/');
    }
  }
  return undefined;
}

/**
 * What a result says of params whose URLs the widget checks as it shows them (`later`, from
 * {@link checkWidgetParams}): nothing when there are none, so other widgets' results stay as short.
 */
export function checkedWhenShownNote(later: readonly string[]): Record<string, string> {
  if (!later.length) return {};
  return {checked_when_shown: `URLs in ${later.join(', ')} are checked as each item is shown (refused ones shown empty): dropped_urls lists what was checked so far`};
}

/**
 * The `validate_widget {type}` span of a tool call's check of params, a child of the call's
 * `execute_tool` span (`trace`, given to the tool only when traced). Untraced: the shared
 * `NO_TRACE`, so a check costs no allocation.
 */
export function startValidation(trace: TraceSpan | undefined, type: string): TraceSpan {
  return trace?.recording ? trace.child(`validate_widget ${type}`, {attributes: {'autoui.widget.type': type}}) : NO_TRACE;
}

/** Ends a {@link startValidation} span, failed with `INVALID_WIDGET_PROPS` when the params were refused. */
export function endValidation(span: TraceSpan, checked: ParamsCheck): void {
  if (!checked.ok) span.fail(ErrorCodes.INVALID_WIDGET_PROPS);
  span.end();
}

/**
 * Repairs, validates and applies the URL rules to `params` for a widget with `validator`. The
 * top-level params named in `shownLater` skip the URL rules here: the widget applies them as it
 * draws each value (a table's rows, see `WidgetTraits.checkedWhenShown`), so `dropped` lists only
 * what was checked now.
 */
export function checkWidgetParams(
  params: unknown,
  validator: Validator,
  imageHosts: readonly string[],
  repairs: string[] = [],
  policy: BlockedImagePolicy = 'gate',
  shownLater: readonly string[] = [],
): ParamsCheck {
  // Coercion (numbers sent as strings, ...) walks and copies the whole params: only when needed.
  let coerced = params;
  let first = validator.validate(params);
  if (!first.valid) {
    coerced = coerceToSchema(params, validator.schema, repairs);
    first = validator.validate(coerced);
  }
  if (!first.valid) return {ok: false, output: validationFailure(first.errors, validator.schema, repairs.length ? {repaired: repairs} : {})};
  if (!isObject(coerced)) return {ok: false, output: validationFailure([{path: '', message: 'must be object'}], validator.schema)};

  const later = shownLater.filter((key) => Object.hasOwn(coerced as object, key));
  const now = later.length ? Object.fromEntries(Object.entries(coerced).filter(([key]) => !later.includes(key))) : coerced;
  const walked = dropUnsafeUrls(now, imageHosts, policy);
  // What the widget checks itself goes back as it came, unwalked.
  const checked = later.length ? {...walked, params: {...walked.params, ...Object.fromEntries(later.map((key) => [key, coerced[key]]))}} : walked;
  const {dropped, gated} = checked;
  if (!dropped.length) return {ok: true, params: checked.params, repairs, dropped, gated, later};
  // Items are removed in place below: on a copy, since what dropUnsafeUrls left unchanged is the caller's.
  const safe = structuredClone(checked.params);
  // Without a required URL an item is incomplete: remove the item rather than fail the widget.
  for (let round = 0; round < 50; round++) {
    const result = validator.validate(safe);
    if (result.valid) return {ok: true, params: safe, repairs, dropped, gated, later};
    // The params were valid before the URLs went, so every error now is a hole they left.
    const removed = removeContainingItem(safe, result.errors[0].path);
    if (!removed) return {ok: false, output: validationFailure(result.errors, validator.schema, {dropped_urls: dropped})};
    dropped.push({path: removed, reason: 'list item removed: it cannot be shown without the refused URL'});
  }
  return {ok: false, output: validationFailure([{path: '', message: 'too many unsafe URLs'}], validator.schema, {dropped_urls: dropped})};
}
