/**
 * The `cards` widget without its element: what is validated and what the model reads. DOM-free (no
 * Lit, no element), like every widget's `*.contract.ts`: see ../builtin-specs.ts.
 */
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/cards.validator.js';
import type {WidgetTypeSpec} from '../widget-definition.js';
import recipe from './cards.recipe.md?raw';

/** One card. */
export type CardItem = {title: string; subtitle?: string; text?: string; image?: {src: string; alt: string}; url?: string; tags?: string[]};

/** Params of the `cards` widget (see `cards.schema.json`). */
export type CardsParams = {title?: string; items: CardItem[]};

/** The `cards` widget: a grid of cards (title, text, optional image and link) for a few items. */
export const cardsSpec: WidgetTypeSpec<CardsParams> = {
  type: 'cards',
  description: 'A few items as cards, with images and links.',
  schema,
  validator: fromStandaloneValidator<CardsParams>(validate, schema),
  recipe,
  layout: 'wide',
};
