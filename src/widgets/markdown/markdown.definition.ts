import {defineElement} from '../../define-element.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {markdownSpec, type MarkdownParams} from './markdown.contract.js';

/** The `markdown` widget with its element, `<autoui-markdown>` (loaded on first use). */
export const markdownWidget: WidgetDefinition<MarkdownParams> = {
  ...markdownSpec,
  tagName: 'autoui-markdown',
  load: async () => {
    // marked and DOMPurify come in their own chunk, with the first markdown widget.
    const {AutouiMarkdownWidget} = await import('./markdown.js');
    defineElement('autoui-markdown', AutouiMarkdownWidget);
  },
};
