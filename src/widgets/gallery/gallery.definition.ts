import {defineElement} from '../../define-element.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiGalleryWidget} from './gallery.js';
import {gallerySpec, type GalleryProps} from './gallery.contract.js';

/** The `gallery` widget with its element, `<autoui-gallery>`. */
export const galleryWidget: WidgetDefinition<GalleryProps> = {
  ...gallerySpec,
  tagName: 'autoui-gallery',
  async load() {
    defineElement('autoui-gallery', AutouiGalleryWidget);
  },
};
