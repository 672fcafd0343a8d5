/**
 * The suite as written: enough questions in both languages over both demo servers, each with a
 * ground truth its expectations can read, and a scripted answer for the scripted demo model.
 */
import {expect} from '@open-wc/testing';
import {QUESTIONS} from '../../eval/questions.mjs';
import {SCRIPTED_ANSWERS} from '../../eval/scripted-answers.mjs';

const refsOf = (q: (typeof QUESTIONS)[number]) => [
  ...(q.expect.shows ?? []).flat(),
  ...(q.expect.markers ? [q.expect.markers.lat, q.expect.markers.lng] : []),
  ...(q.expect.chart?.labels ? [q.expect.chart.labels] : []),
  ...(q.expect.chart?.series ?? []),
  ...(q.expect.chart?.points ? [q.expect.chart.points.x, q.expect.chart.points.y] : []),
];

describe('eval suite', () => {
  it('has at least 30 questions, half in English and half in French, over both servers', () => {
    expect(QUESTIONS.length).to.be.at.least(30);
    const count = (f: (q: (typeof QUESTIONS)[number]) => boolean) => QUESTIONS.filter(f).length;
    expect(count((q) => q.lang === 'en')).to.be.at.least(15);
    expect(count((q) => q.lang === 'fr')).to.be.at.least(15);
    for (const server of ['data', 'atlas']) expect(count((q) => Object.values(q.truth).some((t) => t.server === server)), server).to.be.at.least(10);
    expect(count((q) => !!q.expect.chart), 'chart questions').to.be.at.least(10);
  });

  it('gives every question a unique id, a truth its references name, and something to check', () => {
    expect(new Set(QUESTIONS.map((q) => q.id)).size).to.equal(QUESTIONS.length);
    for (const q of QUESTIONS) {
      expect(q.id, q.id).to.match(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(q.expect.widgets.length, q.id).to.be.greaterThan(0);
      expect(refsOf(q).length, `${q.id} checks data`).to.be.greaterThan(0);
      for (const ref of refsOf(q)) expect(Object.keys(q.truth), `${q.id}: ${ref}`).to.include(ref.split('.')[0]);
      if (q.expect.items) expect(Object.keys(q.truth), `${q.id}: items`).to.include(q.expect.items);
    }
  });

  it('has a scripted answer for every question, with no figure typed in', () => {
    expect(Object.keys(SCRIPTED_ANSWERS).sort()).to.deep.equal(QUESTIONS.map((q) => q.id).sort());
    for (const [id, scenario] of Object.entries(SCRIPTED_ANSWERS) as Array<[string, {turns: Array<{toolCalls?: Array<{name: string; input: unknown}>}>}]>) {
      const widgetParams = scenario.turns.flatMap((t) => t.toolCalls ?? []).filter((c) => c.name === 'autoui_webmcp_widget_display');
      expect(widgetParams.length, id).to.be.greaterThan(0);
      const numbers: number[] = [];
      JSON.stringify(widgetParams, (key, value) => (typeof value === 'number' && key !== 'limit' && numbers.push(value), value));
      // The only numbers a script writes are placeholder row and result indexes (and row limits).
      expect(numbers.every((n) => Number.isInteger(n) && n >= 0 && n < 5), `${id}: ${numbers.join(', ')}`).to.equal(true);
    }
  });
});
