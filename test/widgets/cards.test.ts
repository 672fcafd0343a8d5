import {expect} from '@open-wc/testing';
import {cardsWidget} from '../../src/widgets/cards/cards.definition.js';
import {runWidgetBaseTests} from './shared/run-widget-base-tests.js';
import {renderWidget} from './shared/render-widget.js';

runWidgetBaseTests(cardsWidget, {parts: ['body', 'title', 'grid', 'card']});

describe('cards', () => {
  it('renders one card per item with its image alt text and link', async () => {
    const {element} = await renderWidget(cardsWidget, {items: [{title: 'Fox', image: {src: 'https://img.example.org/f.jpg', alt: 'A red fox'}, url: 'https://fox.example/'}, {title: 'Owl'}]}, {imageHosts: ['img.example.org']});
    const root = element.shadowRoot!;
    expect(root.querySelectorAll('[part=card]')).to.have.length(2);
    expect(root.querySelector('img')!.alt).to.equal('A red fox');
    expect(root.querySelector('a')!.href).to.equal('https://fox.example/');
  });
});
