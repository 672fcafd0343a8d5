/**
 * The `gallery` widget without its element: what is validated and what the model reads. DOM-free (no
 * Lit, no element), like every widget's `*.contract.ts`: see ../builtin-specs.ts.
 */
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/gallery.validator.js';
import type {WidgetTypeSpec} from '../widget-definition.js';
import recipe from './gallery.recipe.md?raw';

/** One image of the gallery. */
export interface GalleryImage {
  src: string;
  alt: string;
  caption?: string;
}

/** The params of the `gallery` widget. */
export interface GalleryProps {
  title?: string;
  images: GalleryImage[];
}

/** The `gallery` widget: images with alt text, only from allowed hosts unless the person clicks. */
export const gallerySpec: WidgetTypeSpec<GalleryProps> = {
  type: 'gallery',
  description: 'Images in a grid, with captions.',
  schema,
  validator: fromStandaloneValidator<GalleryProps>(validate, schema),
  recipe,
};
