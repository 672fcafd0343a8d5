/**
 * The `timeline` widget without its element: what is validated and what the model reads. DOM-free (no
 * Lit, no element), like every widget's `*.contract.ts`: see ../builtin-specs.ts.
 */
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/timeline.validator.js';
import type {WidgetTypeSpec} from '../widget-definition.js';
import recipe from './timeline.recipe.md?raw';

/** Params of the `timeline` widget (see `timeline.schema.json`). */
export type TimelineParams = {title?: string; items: Array<{date: string; title: string; description?: string; url?: string}>};

/** The `timeline` widget: dated events in order: a history, a procedure, steps. */
export const timelineSpec: WidgetTypeSpec<TimelineParams> = {
  type: 'timeline',
  description: 'Dated events in order.',
  schema,
  validator: fromStandaloneValidator<TimelineParams>(validate, schema),
  recipe,
  layout: 'wide',
};
