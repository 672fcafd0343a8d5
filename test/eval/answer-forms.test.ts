/**
 * Right answers take many forms, and the scorers accept them: names in French or as codes, months
 * written out, figures more or less precise than the truth, a population pyramid, grouped bars
 * or a scatter the other way round. Wrong answers that look like right ones do not pass: one name
 * too many, markers whose places are shuffled, a month out of order, a figure off by more than
 * its precision. Each case changes one thing of a recorded right run (recorded/right.json).
 */
import {expect} from '@open-wc/testing';
import {QUESTIONS} from '../../eval/questions.mjs';
import {scoreRun} from '../../eval/score/score-run.mjs';
import type {EvalQuestion, RenderedWidget, RunRecord} from '../../eval/types.mjs';

type Rows = Array<Record<string, unknown>>;
interface Run {
  id: string;
  truth: Record<string, Rows>;
  aliases: Record<string, string[]>;
  record: RunRecord;
}

let runs: Run[];
const runOf = (id: string) => runs.find((r) => r.id === id)!;
const questionOf = (id: string) => QUESTIONS.find((q) => q.id === id)!;

/** Scores the recorded run of `id` with its widgets of `type` changed by `edit` (on a copy). */
function scoreEdited(id: string, type: string, edit: (params: any, truth: Record<string, Rows>) => void, question: EvalQuestion = questionOf(id)) {
  const run = runOf(id);
  const widgets = run.record.widgets.map((w): RenderedWidget => {
    if (w.type !== type) return w;
    const params = structuredClone(w.params);
    edit(params, run.truth);
    return {...w, params};
  });
  return scoreRun(question, run.truth, {...run.record, widgets}, run.aliases);
}

describe('eval scorers on the forms of an answer', () => {
  before(async () => {
    runs = (await (await fetch(new URL('./recorded/right.json', import.meta.url))).json()).questions;
  });

  it('read US states by their French names, and not by unrelated ones', () => {
    const french: Record<string, string> = {AK: 'Alaska', TX: 'Texas', CA: 'Californie', OK: 'Oklahoma', OH: 'Ohio', FL: 'Floride', NY: 'État de New York', GA: 'Géorgie', MI: 'Michigan', MN: 'Minnesota'};
    const translated = scoreEdited('airports-top-states', 'chart', (p) => (p.labels = p.labels.map((code: string) => french[code] ?? code)));
    expect(translated.checks.chart).to.deep.include({pass: true});
    const wrong = scoreEdited('airports-top-states', 'chart', (p) => (p.labels[2] = 'Colorado'));
    expect(wrong.checks.chart.detail).to.equal('labels missing: CA');
  });

  it('read months written out, and not months out of order', () => {
    const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    expect(scoreEdited('seattle-rain-2015', 'chart', (p) => (p.labels = names)).checks.chart.pass).to.equal(true);
    expect(scoreEdited('seattle-rain-2015', 'chart', (p) => (p.labels = names.map((m) => `${m} 2015`))).checks.chart.pass).to.equal(true);
    const swapped = scoreEdited('seattle-rain-2015', 'chart', (p) => {
      [p.labels[0], p.labels[1]] = [p.labels[1], p.labels[0]];
      const [data] = p.datasets;
      [data.data[0], data.data[1]] = [data.data[1], data.data[0]];
    });
    expect(swapped.checks.chart.detail).to.equal('labels are not in the expected order');
  });

  it('take figures more precise than the truth, and not figures off by more than its precision', () => {
    // The truth rounds to one decimal: 0.03 off is the same figure written with more digits.
    const near = scoreEdited('seattle-temperatures-2014', 'chart', (p) => p.datasets.forEach((d: {data: number[]}) => (d.data = d.data.map((v) => Math.round((v + 0.03) * 1000) / 1000))));
    expect(near.checks.chart.pass).to.equal(true);
    const off = scoreEdited('seattle-temperatures-2014', 'chart', (p) => (p.datasets[1].data[3] += 0.2));
    expect(off.checks.chart.detail).to.equal('no dataset holds temps.t_min (12 values)');
  });

  it('count the items a question asks for: one airport too many fails', () => {
    expect(scoreEdited('airports-connecticut-table', 'table', () => {}).checks.items.pass).to.equal(true);
    const extra = scoreEdited('airports-connecticut-table', 'table', (p) => p.rows.push({...p.rows[0]}));
    expect(extra.checks.items.pass).to.equal(false);
    expect(extra.checks.items.detail).to.match(/^no widget shows \d+ items \(table \d+\)$/);
  });

  it('place each marker where its airport is: shuffled longitudes fail', () => {
    const shuffled = scoreEdited('airports-hawaii-map', 'map', (p) => {
      const lngs = p.markers.map((m: {lng: number}) => m.lng);
      p.markers.forEach((m: {lng: number}, i: number) => (m.lng = lngs[(i + 1) % lngs.length]));
    });
    expect(shuffled.checks.items.pass, 'as many markers').to.equal(true);
    expect(shuffled.checks.markers.pass).to.equal(false);
    const asGeoJson = scoreEdited('airports-hawaii-map', 'map', (p) => {
      p.layers = [{name: 'Airports', geojson: {type: 'FeatureCollection', features: p.markers.map((m: {lat: number; lng: number}) => ({type: 'Feature', properties: {}, geometry: {type: 'Point', coordinates: [m.lng, m.lat]}}))}}];
      delete p.markers;
    });
    expect(asGeoJson.checks.markers.pass, 'GeoJSON points are places too').to.equal(true);
  });

  it('read a population pyramid, grouped bars and a scatter the other way round', () => {
    const question: EvalQuestion = {
      id: 'synthetic',
      lang: 'en',
      question: 'Plot horsepower against fuel economy, and men and women by age.',
      truth: {},
      expect: {widgets: ['chart'], chart: {types: ['scatter'], points: {x: 't.hp', y: 't.mpg'}}},
    };
    const truth = {t: [{hp: 100, mpg: 30, age: 0, men: 10, women: 11}, {hp: 150, mpg: 20, age: 5, men: 9, women: 8}]};
    const record = (params: Record<string, unknown>): RunRecord => ({
      stopReason: 'end_turn', iterations: 3, usage: {inputTokens: 1, outputTokens: 1}, elapsedMs: 1, toolCalls: [], axe: [], answer: '',
      widgets: [{id: 'w1', type: 'chart', params, width: 400, height: 300, text: ''}],
    });
    const swapped = record({type: 'scatter', datasets: [{label: 'cars', data: [{x: 30, y: 100}, {x: 20, y: 150}]}]});
    expect(scoreRun(question, truth, swapped).checks.chart.pass).to.equal(true);
    const invented = record({type: 'scatter', datasets: [{label: 'cars', data: [{x: 30, y: 100}, {x: 25, y: 150}]}]});
    expect(scoreRun(question, truth, invented).checks.chart.detail).to.equal('1 of 2 expected points are missing; 1 points not in the data');
    const grouped = {...question, expect: {widgets: ['chart'], chart: {types: ['bar'], labels: 't.hp', series: ['t.men', 't.women']}}};
    const perSeries = record({type: 'bar', labels: ['men', 'women'], datasets: [{label: '100', data: [10, 11]}, {label: '150', data: [9, 8]}]});
    expect(scoreRun(grouped, truth, perSeries).checks.chart, 'grouped bars the other way round').to.deep.include({pass: true});
    const mixed = record({type: 'bar', labels: ['men', 'women'], datasets: [{label: '100', data: [10, 8]}, {label: '150', data: [9, 11]}]});
    expect(scoreRun(grouped, truth, mixed).checks.chart.pass).to.equal(false);
    const pyramid = {...question, expect: {widgets: ['chart'], chart: {types: ['bar'], labels: 't.age', series: ['t.men', 't.women']}}};
    const drawn = record({type: 'bar', horizontal: true, labels: ['0-4', '5-9'], datasets: [{label: 'Men', data: [-10, -9]}, {label: 'Women', data: [11, 8]}]});
    expect(scoreRun(pyramid, truth, drawn).checks.chart).to.deep.include({pass: true});
  });
});
