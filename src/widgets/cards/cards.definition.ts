import {defineElement} from '../../define-element.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiCardsWidget} from './cards.js';
import {cardsSpec, type CardsParams} from './cards.contract.js';

/** The `cards` widget with its element, `<autoui-cards>`. */
export const cardsWidget: WidgetDefinition<CardsParams> = {
  ...cardsSpec,
  tagName: 'autoui-cards',
  load: async () => defineElement('autoui-cards', AutouiCardsWidget),
};
