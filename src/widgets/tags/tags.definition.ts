import {defineElement} from '../../define-element.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiTagsWidget} from './tags.js';
import {tagsSpec, type TagsParams} from './tags.contract.js';

/** The `tags` widget with its element, `<autoui-tags>`. */
export const tagsWidget: WidgetDefinition<TagsParams> = {
  ...tagsSpec,
  tagName: 'autoui-tags',
  load: async () => defineElement('autoui-tags', AutouiTagsWidget),
};
