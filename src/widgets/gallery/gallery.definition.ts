import type {WidgetDefinition} from '../widget-definition.js';
import {fromStandaloneValidator} from '../../schema/validator.js';
import {defineElement} from '../../define-element.js';
import {schema, validate} from '../../generated/gallery.validator.js';
import recipe from './gallery.recipe.md?raw';
import {AutouiGalleryWidget, type GalleryProps} from './gallery.js';

/** The `gallery` widget: images with alt text, only from allowed hosts unless the person clicks. */
export const galleryWidget: WidgetDefinition<GalleryProps> = {
  type: 'gallery',
  tagName: 'autoui-gallery',
  description: 'Images in a grid, with captions.',
  schema,
  validator: fromStandaloneValidator<GalleryProps>(validate, schema),
  recipe,
  async load() {
    defineElement('autoui-gallery', AutouiGalleryWidget);
  },
};
