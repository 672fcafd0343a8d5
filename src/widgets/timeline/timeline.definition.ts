import {defineElement} from '../../define-element.js';
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/timeline.validator.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiTimelineWidget, type TimelineParams} from './timeline.js';
import recipe from './timeline.recipe.md?raw';

/** The `timeline` widget: dated events in order: a history, a procedure, steps. */
export const timelineWidget: WidgetDefinition<TimelineParams> = {
  type: 'timeline',
  tagName: 'autoui-timeline',
  description: 'Dated events in order.',
  schema,
  validator: fromStandaloneValidator<TimelineParams>(validate, schema),
  recipe,
  load: async () => defineElement('autoui-timeline', AutouiTimelineWidget),
};
