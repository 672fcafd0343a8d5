/**
 * A widget from a snapshot, checked as `widget_display` checks a call showing it: the widget found
 * by its type, its params repaired, validated against its schema and put through the URL rules,
 * its style kept to the allow-list of the `canvas` tool. A snapshot is untrusted input: what does
 * not pass is left out, never shown as it was written.
 */
import type {WidgetRestoreCheck, WidgetToRestore} from '../agent/types.js';
import type {DisplayRules} from './display-rules.js';
import {findWidget} from './find-widget.js';
import {checkStyles} from './style-policy.js';
import {checkWidgetParams} from './widget-params.js';

/** Checks `widget` against `rules`; undefined when its type is not one of the catalog's. */
export function restoreWidget(rules: DisplayRules, widget: WidgetToRestore): WidgetRestoreCheck | undefined {
  const definition = findWidget(rules.catalog, widget.type);
  if (!definition) return undefined;
  const checked = checkWidgetParams(widget.params, definition.validator, rules.imageHosts(), [], rules.blockedImages, definition.checkedWhenShown);
  if (!checked.ok) return {ok: false, reason: `its params are not valid (${firstIssue(checked.output.text)})`};
  // An empty value clears a property in a `canvas` call; in a snapshot it is just nothing.
  const {styles} = checkStyles(widget.style ?? {});
  const style = Object.fromEntries(Object.entries(styles).filter(([, value]) => value !== ''));
  return {ok: true, widget: {type: definition.type, params: checked.params, ...(Object.keys(style).length ? {style} : {})}};
}

/** The first validation issue of a failure result, in a few words. */
function firstIssue(text: string): string {
  try {
    const issue = (JSON.parse(text) as {details?: Array<{path?: string; message?: string}>}).details?.[0];
    return issue ? `${issue.path || '/'} ${issue.message ?? ''}`.trim().slice(0, 160) : 'schema';
  } catch {
    return 'schema';
  }
}
