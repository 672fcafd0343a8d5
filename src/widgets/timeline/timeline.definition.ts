import {defineElement} from '../../define-element.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiTimelineWidget} from './timeline.js';
import {timelineSpec, type TimelineParams} from './timeline.contract.js';

/** The `timeline` widget with its element, `<autoui-timeline>`. */
export const timelineWidget: WidgetDefinition<TimelineParams> = {
  ...timelineSpec,
  tagName: 'autoui-timeline',
  load: async () => defineElement('autoui-timeline', AutouiTimelineWidget),
};
