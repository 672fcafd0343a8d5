import {expect, waitUntil} from '@open-wc/testing';
import {galleryWidget} from '../../src/widgets/gallery/gallery.definition.js';
import {checkImage} from '../../src/policy/url-rules.js';
import type {GalleryProps} from '../../src/widgets/gallery/gallery.js';
import {runWidgetBaseTests} from './shared/run-widget-base-tests.js';
import {renderWidget} from './shared/render-widget.js';

/** A real image served by the test runner, on this page's host. */
const LOCAL = `${location.origin}/test/fixtures/tiles/tile.png`;
const $$ = (el: Element, sel: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(sel)];

const params: GalleryProps = {
  title: 'Birds',
  images: [
    {src: LOCAL, alt: 'A blue square', caption: 'Local'},
    {src: 'https://photos.example.org/heron.jpg', alt: 'A heron', caption: 'Elsewhere'},
  ],
};

describe('gallery widget', () => {
  it('loads images from allowed hosts, lazily and without referrer', async () => {
    const {element} = await renderWidget(galleryWidget, params, {imageHosts: [location.host]});
    const [img] = $$(element, 'img') as HTMLImageElement[];
    expect(img.src).to.equal(LOCAL);
    expect(img.alt).to.equal('A blue square');
    expect(img.loading).to.equal('lazy');
    expect(img.referrerPolicy).to.equal('no-referrer');
    await waitUntil(() => img.complete && img.naturalWidth === 256, 'the allowed image did not load');
    expect($$(element, 'figcaption').map((c) => c.textContent)).to.deep.equal(['Local', 'Elsewhere']);
  });

  it('puts images from other hosts behind a button that loads them on click', async () => {
    const {element} = await renderWidget(galleryWidget, params, {imageHosts: [location.host]});
    expect($$(element, 'img')).to.have.length(1);
    const button = $$(element, '[part=reveal-button]')[0];
    expect(button.textContent).to.equal('Show image from photos.example.org');
    expect(element.shadowRoot!.textContent).to.contain('A heron');
    button.click();
    await (element as unknown as {updateComplete: Promise<unknown>}).updateComplete;
    const imgs = $$(element, 'img') as HTMLImageElement[];
    expect(imgs.map((i) => i.src)).to.deep.equal([LOCAL, 'https://photos.example.org/heron.jpg']);
    expect($$(element, '[part=reveal-button]')).to.have.length(0);
  });

  it('asks in the element language', async () => {
    const {element} = await renderWidget(galleryWidget, params, {locale: 'fr', language: 'fr'});
    expect($$(element, '[part=reveal-button]').map((b) => b.textContent)).to.deep.equal([
      `Afficher l’image de ${location.host}`,
      'Afficher l’image de photos.example.org',
    ]);
  });

  it('never loads a non-http(s) image, even if one gets past validation', async () => {
    expect(galleryWidget.validator.validate({images: [{src: 'javascript:alert(1)', alt: 'x'}]}).valid).to.equal(false);
    const missingAlt = galleryWidget.validator.validate({images: [{src: LOCAL}]});
    expect(missingAlt.valid).to.equal(false);
    if (!missingAlt.valid) expect(missingAlt.errors[0].path).to.equal('/images/0/alt');
    const {element} = await renderWidget(galleryWidget, {images: [{src: 'data:image/png;base64,AAAA', alt: 'sneaky'}]}, {imageHosts: ['*']});
    expect($$(element, 'img')).to.have.length(0);
    expect($$(element, 'button')).to.have.length(0);
    expect($$(element, '[role=img]')[0].getAttribute('aria-label')).to.equal('sneaky');
  });

  it('matches hosts, origins and subdomain wildcards', () => {
    expect(checkImage('https://a.img.example.org/x.jpg', ['*.example.org']).kind).to.equal('allowed');
    expect(checkImage('https://img.example.org/x.jpg', ['example.org']).kind).to.equal('allowed');
    expect(checkImage('https://example.org.evil.net/x.jpg', ['*.example.org']).kind).to.equal('ask');
    expect(checkImage('https://img.example.org/x.jpg', ['https://img.example.org']).kind).to.equal('allowed');
    expect(checkImage('http://localhost:8000/x.png', ['localhost:8000']).kind).to.equal('allowed');
    expect(checkImage('http://localhost:9000/x.png', ['localhost:8000']).kind).to.equal('ask');
    expect(checkImage('ftp://img.example.org/x.png', ['img.example.org']).kind).to.equal('refused');
  });
});

runWidgetBaseTests(galleryWidget, {parts: ['title', 'grid', 'figure', 'caption', 'reveal-button']});
