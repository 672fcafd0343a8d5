/**
 * The draft of a `widget_display` call while the model writes it: which widget it will be, and
 * the part of its params that can be shown already. The partial arguments come from the
 * streaming parser (an object that only grows: strings lengthen, arrays gain items, numbers
 * arrive whole), with which of their strings are finished, and are as untrusted as finished ones,
 * so a draft goes through the same URL rules and the same schema as the finished call, except:
 *
 * - A string still being written is not taken as it stands. The widget name counts once finished
 *   (`stat` may still become `stat-card`); under a URL key such a string is left out (a
 *   half-written host is another host), and in text its last word waits if it holds a `:` (a link
 *   or an image being written).
 * - Whatever does not validate yet (the item being written, a value cut short) is left out of
 *   the draft instead of failing it; until the widget's required params are there, the draft is
 *   only a busy frame of the right type.
 */
import type {FinishedString, ToolPreview} from '../agent/types.js';
import type {DisplayRules} from './display-rules.js';
import {findWidget} from './find-widget.js';
import {coerceToSchema, repairCall} from './repair-params.js';
import {dropUnsafeUrls} from './url-policy.js';
import {pointerKeys} from '../schema/json-pointer.js';
import type {Validator} from '../schema/validator.js';

/** Values left out before a draft gives up until more arrives; the item being written needs one or two. */
const MAX_REMOVALS = 20;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What the draft of a `widget_display` call shows, or undefined while its widget is not known.
 * `finished(pointer, value)` says whether `value`, the string at that JSON Pointer of
 * `partialArgs`, is complete.
 */
export function previewWidget(rules: DisplayRules, partialArgs: Record<string, unknown>, finished: FinishedString): ToolPreview | undefined {
  const nameKey = ['name', 'widget', 'type'].find((k) => typeof partialArgs[k] === 'string');
  if (!nameKey || !finished(`/${nameKey}`, partialArgs[nameKey] as string)) return undefined;
  const {name, params} = repairCall(partialArgs);
  if (typeof name !== 'string') return undefined;
  const definition = findWidget(rules.catalog, name);
  if (!definition) return undefined;
  if (!isObject(params)) return {type: definition.type};
  // Params beside the name (repaired into an object of their own) have their paths at the root.
  const base = params === partialArgs.params ? '/params' : '';
  const shown = draftParams(params, definition.validator, rules, (path, value) => !finished(base + path, value));
  return shown ? {type: definition.type, params: shown} : {type: definition.type};
}

/** The part of `params` a draft can show: safe, valid. Never changes `params`. */
function draftParams(params: Record<string, unknown>, validator: Validator, rules: DisplayRules, unfinished: (path: string, value: string) => boolean): Record<string, unknown> | undefined {
  // A copy: what follows removes from it, and the parser's objects must stay as they are.
  let safe = dropUnsafeUrls(params, rules.imageHosts(), rules.blockedImages, unfinished).params;
  let result = validator.validate(safe);
  if (!result.valid) {
    safe = coerceToSchema(safe, validator.schema, []) as Record<string, unknown>;
    result = validator.validate(safe);
  }
  for (let removed = 0; !result.valid && removed < MAX_REMOVALS; removed++) {
    if (!removeAt(safe, result.errors[0].path)) return undefined;
    result = validator.validate(safe);
  }
  return result.valid ? safe : undefined;
}

/**
 * Removes the value at JSON Pointer `path` (an array item or a property). A missing required
 * property is reported at its own path, where nothing is: the object that lacks it goes instead.
 * False for the root.
 */
function removeAt(root: Record<string, unknown>, path: string): boolean {
  if (!path) return false;
  const keys = pointerKeys(path);
  let parent: unknown = root;
  for (const k of keys.slice(0, -1)) parent = Array.isArray(parent) ? parent[Number(k)] : isObject(parent) ? parent[k] : undefined;
  const last = keys[keys.length - 1];
  if (Array.isArray(parent)) {
    const index = Number(last);
    if (!Number.isInteger(index) || index < 0 || index >= parent.length) return false;
    parent.splice(index, 1);
    return true;
  }
  if (isObject(parent) && last in parent) {
    delete parent[last];
    return true;
  }
  return removeAt(root, path.slice(0, path.lastIndexOf('/')));
}
