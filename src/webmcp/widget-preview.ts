/**
 * The draft of a `widget_display` call while the model writes it: which widget it will be, and
 * the part of its params that can be shown already. The partial arguments come from the
 * streaming parser (an object that only grows: strings lengthen, arrays gain items, numbers
 * arrive whole) and are as untrusted as finished ones, so a draft goes through the same URL rules
 * and the same schema as the finished call, with two differences:
 *
 * - The last value written may be unfinished. The widget name counts only once something follows
 *   it (`stat` may still become `stat-card`); an unfinished string under a URL key is left out (a
 *   half-written host is another host), and elsewhere its last word waits if it holds a `:` (a
 *   link or an image being written inside text).
 * - Whatever does not validate yet (the item being written, a value cut short) is left out of
 *   the draft instead of failing it; until the widget's required params are there, the draft is
 *   only a busy frame of the right type.
 */
import type {ToolPreview} from '../agent/types.js';
import type {DisplayRules} from './display-rules.js';
import {findWidget} from './find-widget.js';
import {coerceToSchema, repairCall} from './repair-params.js';
import {dropUnsafeUrls, isUrlKey} from './url-policy.js';
import type {Validator} from '../schema/validator.js';

const DROP = Symbol('drop');
/** Values left out before a draft gives up until more arrives; the item being written needs one or two. */
const MAX_REMOVALS = 20;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the draft of a `widget_display` call with `partialArgs` so far shows, or undefined while its widget is not known. */
export function previewWidget(rules: DisplayRules, partialArgs: Record<string, unknown>): ToolPreview | undefined {
  const keys = Object.keys(partialArgs);
  const nameKey = ['name', 'widget', 'type'].find((k) => typeof partialArgs[k] === 'string');
  // The last key's value may be unfinished: a name is read once something follows it.
  if (!nameKey || keys.at(-1) === nameKey) return undefined;
  const {name, params} = repairCall(partialArgs);
  if (typeof name !== 'string') return undefined;
  const definition = findWidget(rules.catalog, name);
  if (!definition) return undefined;
  const shown = isObject(params) ? draftParams(params, definition.validator, rules) : undefined;
  return shown ? {type: definition.type, params: shown} : {type: definition.type};
}

/** The part of `params` a draft can show: finished, safe, valid. Never changes `params`. */
function draftParams(params: Record<string, unknown>, validator: Validator, rules: DisplayRules): Record<string, unknown> | undefined {
  const finished = withoutUnfinishedTail(params, '') as Record<string, unknown>;
  // A copy: what follows removes from it, and the parser's objects must stay as they are.
  let safe = dropUnsafeUrls(finished, rules.imageHosts(), rules.blockedImages).params;
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
 * `value` with its last-written string made safe to show unfinished (see the module comment).
 * Only the containers on the way to it are copied.
 */
function withoutUnfinishedTail(value: unknown, key: string): unknown {
  if (typeof value === 'string') return unfinishedString(value, key);
  if (Array.isArray(value)) {
    if (!value.length) return value;
    const last = withoutUnfinishedTail(value[value.length - 1], key);
    const copy = value.slice(0, -1);
    if (last !== DROP) copy.push(last);
    return copy;
  }
  if (isObject(value)) {
    const lastKey = Object.keys(value).at(-1);
    if (lastKey === undefined) return value;
    const last = withoutUnfinishedTail(value[lastKey], lastKey);
    const copy = {...value};
    if (last === DROP) delete copy[lastKey];
    else copy[lastKey] = last;
    return copy;
  }
  return value;
}

function unfinishedString(text: string, key: string): string | typeof DROP {
  if (isUrlKey(key)) return DROP;
  const lastWord = /\S*$/.exec(text)![0];
  return lastWord.includes(':') ? text.slice(0, text.length - lastWord.length) : text;
}

/**
 * Removes the value at JSON Pointer `path` (an array item or a property). A missing required
 * property is reported at its own path, where nothing is: the object that lacks it goes instead.
 * False for the root.
 */
function removeAt(root: Record<string, unknown>, path: string): boolean {
  if (!path) return false;
  const keys = path.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
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
