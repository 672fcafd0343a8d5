/**
 * Reading figures the way a reader of the canvas does: English and French number formats, the
 * precision a figure was written with, scales and percentages, and what is not a figure (the 2 of
 * "CO2", a date's parts, a map's zoom).
 */
import {expect} from '@open-wc/testing';
import {figuresInParams, figuresInText, hasSource, numbersInResult, sameFigure, sourceSet} from '../../eval/score/figures.mjs';

const values = (text: string, lang: 'en' | 'fr' = 'en') => figuresInText(text, lang).map((f) => f.value);

describe('eval figures', () => {
  it('reads English thousands and decimals, and French ones', () => {
    expect(values('1,234,567.8 people and 12 cities')).to.deep.equal([1234567.8, 12]);
    expect(values('1\u202f234\u202f567,8 habitants et 12 villes', 'fr')).to.deep.equal([1234567.8, 12]);
    expect(values('12,5 °C', 'fr')).to.deep.equal([12.5]);
    expect(values('12,5 °C', 'en'), 'an English reader does not read 12,5').to.deep.equal([12]);
  });

  it('reads signs only where a sign can stand, and leaves codes alone', () => {
    expect(values('-3.5 °C at 2015-01-31')).to.deep.equal([-3.5, 2015, 1, 31]);
    expect(values('CO2 at A320 level, colour #1f77b4')).to.deep.equal([]);
  });

  it('keeps how precisely a figure was written, with scales and percentages', () => {
    const [m] = figuresInText('1.2 M inhabitants');
    expect(m.value).to.equal(1_200_000);
    const sources = sourceSet([1_234_000, 0.45, 17.36]);
    expect(hasSource(m, sources), '1.2 M stands for 1,234,000').to.equal(true);
    expect(hasSource(figuresInText('1.3 M')[0], sources)).to.equal(false);
    expect(hasSource(figuresInText('45 %')[0], sources), '45 % stands for 0.45').to.equal(true);
    expect(hasSource(figuresInText('17.4')[0], sources), '17.4 rounds 17.36').to.equal(true);
    expect(hasSource(figuresInText('17.5')[0], sources)).to.equal(false);
    expect(hasSource(figuresInText('17.36')[0], sources)).to.equal(true);
    expect(hasSource(figuresInText('17.37')[0], sources)).to.equal(false);
  });

  it('keeps both readings of a text that has two: English thousands in French, the end of a range', () => {
    const [area] = figuresInText('551,695 km²', 'fr');
    expect([area.value, area.alternatives]).to.deep.equal([551.695, [551695]]);
    expect(hasSource(area, sourceSet([551695]))).to.equal(true);
    expect(figuresInText('Rome — 2,318,895', 'fr').map((f) => f.value), 'grouped twice: only English').to.deep.equal([2318895]);
    const [, end] = figuresInText('ages 0-4');
    expect(hasSource(end, sourceSet([0, 5, 10])), 'the bin that ends before 5').to.equal(true);
    expect(hasSource(figuresInText('4 ages')[0], sourceSet([0, 5, 10])), 'a 4 alone is a 4').to.equal(false);
  });

  it('takes the figures of a widget, not its settings', () => {
    const figures = figuresInParams({title: 'Cities over 1,000,000', zoom: 5, height: 300, center: [48.8, 2.3], markers: [{lat: 35.7, lng: 139.7, popup: 'Tokyo — 8336599'}]});
    expect(figures.map((f) => [f.path, f.value])).to.deep.equal([
      ['title', 1_000_000],
      ['markers[0].lat', 35.7],
      ['markers[0].lng', 139.7],
      ['markers[0].popup', 8336599],
    ]);
  });

  it('reads the scale a stat\'s unit gives its value', () => {
    const [area] = figuresInParams({label: 'Superficie', value: 9.98, unit: 'millions de km²'}, 'fr');
    expect(area.value).to.equal(9_980_000);
    expect(hasSource(area, sourceSet([9_984_670]))).to.equal(true);
    expect(figuresInParams({value: 12, unit: 'mm'})[0].value, 'a unit without a scale').to.equal(12);
  });

  it('finds every number of a tool result: its values, the numbers in its strings, the ranks of its lists', () => {
    expect(numbersInResult(JSON.stringify({rows: [{month: '2015-03', rain: 12.5, n: 3}, {month: '2015-04', rain: 0, n: 7}]}))).to.deep.equal([1, 2, 2015, 3, 12.5, 3, 2015, 4, 0, 7]);
    expect(numbersInResult('not JSON: 42 rows')).to.deep.equal([42]);
  });

  it('compares a shown value with the truth at the precision it was shown', () => {
    expect(sameFigure(17.4, 17.36)).to.equal(true);
    expect(sameFigure(17, 17.36)).to.equal(true);
    expect(sameFigure(17.3, 17.36)).to.equal(false);
    expect(sameFigure('1,139', 1139.2)).to.equal(true);
    expect(sameFigure(null, 0)).to.equal(false);
  });
});
