import {expect, waitUntil} from '@open-wc/testing';
import {emulateMedia} from '@web/test-runner-commands';
import {chartWidget} from '../../src/widgets/chart/chart.definition.js';
import {CHART_TYPES, type ChartProps} from '../../src/widgets/chart/chart-data.js';
import type {AutouiChartWidget} from '../../src/widgets/chart/chart.js';
import {runWidgetBaseTests} from './shared/run-widget-base-tests.js';
import {renderWidget} from './shared/render-widget.js';

/** Number of painted (non-transparent) pixels of the chart canvas, sampled. */
function paintedPixels(el: AutouiChartWidget): number {
  const canvas = el.shadowRoot!.querySelector('canvas')!;
  const {data} = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
  let painted = 0;
  for (let i = 3; i < data.length; i += 4 * 7) if (data[i] > 0) painted++;
  return painted;
}

async function renderChart(params: ChartProps, lang: 'en' | 'fr' = 'en') {
  const {element} = await renderWidget<AutouiChartWidget>(chartWidget, params, {locale: lang, language: lang});
  await waitUntil(() => element.chart && paintedPixels(element) > 200, 'the chart painted nothing');
  // The screen-reader table follows at the first idle moment.
  await waitUntil(() => element.shadowRoot!.querySelector('[part=data-table] caption'), 'no screen-reader table');
  return element;
}

const seats: ChartProps = {
  type: 'bar',
  title: 'Seats',
  labels: ['A', 'B', 'C'],
  datasets: [
    {label: '2017', data: [350, 8, 1500.5]},
    {label: '2022', data: [250, null, 61]},
  ],
  xAxisTitle: 'Group',
  yAxisTitle: 'Seats',
};
/** The chart.js type of the live chart. */
const kindOf = (el: AutouiChartWidget) => (el.chart!.config as {type: string}).type;
const tableText = (el: Element) =>
  [...el.shadowRoot!.querySelectorAll('[part=data-table] tr')].map((tr) => [...tr.children].map((c) => c.textContent!.trim()));

describe('chart widget', () => {
  before(() => emulateMedia({reducedMotion: 'reduce'}));
  after(() => emulateMedia({reducedMotion: 'no-preference'}));

  it('defines its element (and loads chart.js) only when loaded', async () => {
    expect(customElements.get('autoui-chart') === undefined, 'defined before load()').to.equal(true);
    await chartWidget.load();
    expect(customElements.get('autoui-chart') !== undefined, 'defined by load()').to.equal(true);
  });

  it('paints pixels inside its shadow root, at the width of its container', async () => {
    const el = await renderChart(seats);
    const canvas = el.shadowRoot!.querySelector('canvas')!;
    expect(el.chart!.width).to.equal(640);
    expect(canvas.width).to.equal(640 * devicePixelRatio);
    expect(paintedPixels(el)).to.be.greaterThan(1000);
    expect(canvas.getAttribute('role')).to.equal('img');
    expect(canvas.getAttribute('aria-label')).to.equal('Seats. Bar chart. 2 series, 6 values. The data table follows.');
  });

  it('gives screen readers a table with the same numbers', async () => {
    const el = await renderChart(seats);
    expect(el.shadowRoot!.querySelector('caption')!.textContent).to.equal('Seats');
    expect(tableText(el)).to.deep.equal([
      ['Group', '2017', '2022'],
      ['A', '350', '250'],
      ['B', '8', ''],
      ['C', '1,500.5', '61'],
    ]);
    const table = el.shadowRoot!.querySelector('table')!.parentElement!;
    expect(table.getBoundingClientRect().width).to.be.at.most(1); // visually hidden, still in the accessibility tree
  });

  it('draws the chart first; its screen-reader table follows at the first idle moment', async () => {
    const {element} = await renderWidget<AutouiChartWidget>(chartWidget, seats, {locale: 'en', language: 'en'});
    expect(element.shadowRoot!.querySelector('canvas'), 'the chart is rendered').to.not.equal(null);
    expect(element.shadowRoot!.querySelector('[part=data-table] caption'), 'the table waits').to.equal(null);
    await waitUntil(() => element.chart && element.shadowRoot!.querySelector('[part=data-table] caption'), 'no screen-reader table');
    expect(tableText(element)[1]).to.deep.equal(['A', '350', '250']);
  });

  it('keeps the screen-reader table to its first 500 rows for a long series, and says so', async () => {
    const data = Array.from({length: 2000}, (_, i) => i);
    const el = await renderChart({type: 'line', title: 'Long', labels: data.map(String), datasets: [{label: 'v', data}]});
    expect(el.shadowRoot!.querySelectorAll('[part=data-table] tbody tr').length).to.equal(500);
    expect(el.shadowRoot!.querySelector('caption')!.textContent).to.contain('the first 500 of 2000 rows');
    expect(el.shadowRoot!.querySelector('canvas')!.getAttribute('aria-label')).to.contain('2000 values');
  });

  it('formats the table and the axes in the element language', async () => {
    const el = await renderChart(seats, 'fr');
    expect(tableText(el)[3][1].replace(/\s/g, ' ')).to.equal('1 500,5');
    expect(el.chart!.options.locale).to.equal('fr');
  });

  it('draws every chart kind', async () => {
    for (const type of CHART_TYPES) {
      const points = type === 'scatter' || type === 'bubble';
      const el = await renderChart({
        type,
        labels: ['a', 'b', 'c', 'd'],
        datasets: [{label: 's', data: points ? [{x: 1, y: 2, r: 5}, {x: 2, y: 5, r: 9}, {x: 3, y: 1, r: 3}] : [3, 5, 2, 4]}],
      });
      expect(kindOf(el), type).to.equal(type === 'area' ? 'line' : type);
      if (type === 'area') expect((el.chart!.data.datasets[0] as {fill?: unknown}).fill).to.equal('origin');
      el.remove();
    }
  });

  it('uses the given series colours and the palette for the others', async () => {
    const el = await renderChart({type: 'line', labels: ['a', 'b'], datasets: [{label: 'x', data: [1, 2], color: 'teal'}, {label: 'y', data: [2, 1], color: 'url(javascript:x)'}]});
    const [first, second] = el.chart!.data.datasets as Array<{borderColor?: string}>;
    expect(first.borderColor).to.equal('teal');
    expect(second.borderColor).to.match(/^#[0-9a-f]{6}$/);
  });

  it('turns animation off when the person prefers reduced motion', async () => {
    const el = await renderChart(seats);
    expect(el.chart!.options.animation).to.equal(false);
  });

  it('updates the same chart in place when params change', async () => {
    const el = await renderChart(seats);
    const chart = el.chart!;
    el.params = {...seats, type: 'line', datasets: [{label: '2024', data: [1, 2, 3]}]};
    await el.updateComplete;
    expect(el.chart).to.equal(chart);
    expect(kindOf(el)).to.equal('line');
    expect(chart.data.datasets.map((d) => d.label)).to.deep.equal(['2024']);
    expect(tableText(el)[0]).to.deep.equal(['Group', '2024']);
  });

  it('destroys the chart when removed and draws a new one when put back', async () => {
    const el = await renderChart(seats);
    const parent = el.parentElement!;
    const chart = el.chart!;
    el.remove();
    expect(el.chart).to.equal(undefined);
    expect((chart as unknown as {canvas: unknown}).canvas).to.equal(null); // chart.js clears it on destroy()
    parent.append(el);
    await waitUntil(() => el.chart && el.chart !== chart && paintedPixels(el) > 200, 'no chart after re-attaching');
  });

  it('leaves the params it was given as they were: chart.js patches only its own copies of the arrays', async () => {
    const params: ChartProps = {type: 'line', labels: ['a', 'b', 'c'], datasets: [{label: 'n', data: [1, 2, 3]}]};
    await renderChart(params);
    for (const array of [params.labels!, params.datasets[0].data]) {
      expect(array.push, 'push is the array\'s own').to.equal(Array.prototype.push);
      expect(Object.getOwnPropertyNames(array)).to.deep.equal(['0', '1', '2', 'length']);
    }
  });
});

runWidgetBaseTests(chartWidget, {
  parts: ['title', 'chart', 'canvas', 'data-table'],
  ready: (el) => waitUntil(() => (el as AutouiChartWidget).chart !== undefined && el.shadowRoot!.querySelector('[part=data-table] caption')),
});

describe('chart widget, leaving the page', () => {
  it('an update that runs after the widget left the page makes no chart (it would never be destroyed), and coming back makes one', async () => {
    const {element} = await renderWidget<AutouiChartWidget>(chartWidget, seats);
    await waitUntil(() => element.chart, 'no chart');
    const parent = element.parentElement!;
    // The screen-reader table's idle callback, or any timer, may update a widget just removed.
    element.remove();
    element.params = {...seats, title: 'Changed while away'};
    await element.updateComplete;
    expect(element.chart, 'a chart made for a widget off the page').to.equal(undefined);
    parent.append(element);
    await waitUntil(() => element.chart && paintedPixels(element) > 200, 'no chart after coming back');
  });

  it('a widget removed before its first chart gets one when it comes back', async () => {
    const {element} = await renderWidget<AutouiChartWidget>(chartWidget, seats);
    const parent = element.parentElement!;
    element.remove();
    await element.updateComplete;
    element.chart?.destroy();
    parent.append(element);
    await waitUntil(() => element.chart && paintedPixels(element) > 200, 'no chart after coming back');
  });
});
