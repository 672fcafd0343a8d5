import {expect} from '@open-wc/testing';
import {hemicycleWidget} from '../../src/widgets/hemicycle/hemicycle.definition.js';
import {hemicycleLayout} from '../../src/widgets/hemicycle/hemicycle-layout.js';
import type {HemicycleProps} from '../../src/widgets/hemicycle/hemicycle.js';
import {runWidgetBaseTests} from './shared/run-widget-base-tests.js';
import {renderWidget} from './shared/render-widget.js';

const $$ = (el: Element, sel: string) => [...el.shadowRoot!.querySelectorAll<SVGElement | HTMLElement>(sel)];

const assembly: HemicycleProps = {
  title: 'Assembly',
  groups: [
    {name: 'Left', seats: 200, color: '#cc2443'},
    {name: 'Centre', seats: 150, color: 'not a colour;background:url(x)'},
    {name: 'Right', seats: 220, color: 'navy'},
  ],
  totalSeats: 577,
  majority: true,
};

/** Mean x of the seats of each `<g>` (one per group), left to right. */
const meanX = (g: Element) => {
  const xs = [...g.querySelectorAll('circle')].map((c) => Number(c.getAttribute('cx')));
  return xs.reduce((a, b) => a + b, 0) / xs.length;
};

describe('hemicycle widget', () => {
  it('draws one dot per seat, coloured by group, groups from left to right', async () => {
    const {element} = await renderWidget(hemicycleWidget, assembly);
    expect($$(element, 'circle')).to.have.length(577);
    const groups = $$(element, 'svg > g');
    expect(groups.map((g) => g.querySelectorAll('circle').length)).to.deep.equal([200, 150, 220, 7]);
    expect(groups[0].getAttribute('fill')).to.equal('#cc2443');
    expect(groups[1].getAttribute('fill')).to.match(/^#[0-9a-f]{6}$/); // invalid colour replaced by the palette
    expect(groups[2].getAttribute('fill')).to.equal('navy');
    expect(groups[3].getAttribute('fill')).to.equal('#d1d5db'); // vacant seats
    const xs = groups.map(meanX);
    expect(xs[0]).to.be.lessThan(xs[1]);
    expect(xs[1]).to.be.lessThan(xs[2]);
  });

  it('sums the seats up for screen readers and in the legend', async () => {
    const {element} = await renderWidget(hemicycleWidget, assembly);
    const svg = $$(element, 'svg')[0];
    expect(svg.getAttribute('role')).to.equal('img');
    expect(svg.getAttribute('aria-label')).to.equal('Assembly. Hemicycle of 577 seats: Left 200, Centre 150, Right 220, Vacant 7.');
    expect($$(element, '[part=legend-item]').map((li) => li.textContent!.replace(/\s+/g, ' ').trim())).to.deep.equal([
      'Left 200 (34.7%)',
      'Centre 150 (26%)',
      'Right 220 (38.1%)',
      'Vacant 7 (1.2%)',
    ]);
  });

  it('marks the absolute majority with a line through the middle', async () => {
    const {element} = await renderWidget(hemicycleWidget, assembly);
    expect($$(element, 'p[part=majority]')[0].textContent).to.equal('Majority: 289 seats');
    const line = $$(element, 'line[part=majority]')[0];
    const dx = Number(line.getAttribute('x2')) - Number(line.getAttribute('x1'));
    const dy = Number(line.getAttribute('y2')) - Number(line.getAttribute('y1'));
    expect(Math.abs(dx / dy)).to.be.lessThan(0.05); // vertical
  });

  it('marks a qualified majority where that many seats end', async () => {
    const {element} = await renderWidget(hemicycleWidget, {groups: [{name: 'A', seats: 60}, {name: 'B', seats: 40}], majority: 60});
    const line = $$(element, 'line[part=majority]')[0];
    const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((a) => Number(line.getAttribute(a)));
    const angle = Math.atan2(-(y2 - y1), x2 - x1);
    expect(angle).to.be.closeTo(Math.PI * 0.4, 0.12); // 60% of the half circle from the left
  });

  it('formats counts in the element language', async () => {
    const {element} = await renderWidget(hemicycleWidget, {groups: [{name: 'Groupe', seats: 1200}], majority: true}, {locale: 'fr', language: 'fr'});
    expect($$(element, 'p[part=majority]')[0].textContent!.replace(/\s/g, ' ')).to.equal('Majorité : 601 sièges');
    expect($$(element, '[part=legend-item]')[0].textContent!.replace(/\s+/g, ' ').trim()).to.equal('Groupe 1 200 (100 %)');
  });

  it('lays seats out in the half disc without overlaps, for small and large assemblies', () => {
    for (const total of [1, 2, 7, 49, 150, 348, 577, 925]) {
      const {seats, seatRadius} = hemicycleLayout(total);
      expect(seats, `${total} seats`).to.have.length(total);
      for (const s of seats) {
        expect(Math.hypot(s.x, s.y), `${total}: inside`).to.be.at.most(1 + 1e-9);
        expect(s.y, `${total}: above the baseline`).to.be.at.most(1e-9);
      }
      let closest = Infinity;
      for (let i = 0; i < seats.length; i++) {
        for (let j = i + 1; j < seats.length; j++) closest = Math.min(closest, Math.hypot(seats[i].x - seats[j].x, seats[i].y - seats[j].y));
      }
      if (total > 1) expect(closest, `${total}: no overlap`).to.be.greaterThan(2 * seatRadius);
    }
  });
});

runWidgetBaseTests(hemicycleWidget, {parts: ['title', 'chart', 'majority', 'legend', 'legend-item']});
