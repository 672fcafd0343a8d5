import {defineElement} from '../../define-element.js';
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/cards.validator.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiCardsWidget, type CardsParams} from './cards.js';
import recipe from './cards.recipe.md?raw';

/** The `cards` widget: a grid of cards (title, text, optional image and link) for a few items. */
export const cardsWidget: WidgetDefinition<CardsParams> = {
  type: 'cards',
  tagName: 'autoui-cards',
  description: 'A few items as cards, with images and links.',
  schema,
  validator: fromStandaloneValidator<CardsParams>(validate, schema),
  recipe,
  load: async () => defineElement('autoui-cards', AutouiCardsWidget),
};
