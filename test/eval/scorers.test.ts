/**
 * The scorers on recorded runs: the scripted demo model's right answers to eight questions
 * (recorded/right.json), and deliberately wrong answers to the same questions
 * (recorded/wrong.json, from wrong-answers.mjs), each a real run through the element against the
 * demo servers. Every scorer passes the right ones and fails the wrong one it is for, with a
 * reason a reader of the report understands. The runs are scored again here, by the scorers of
 * this checkout, from what the runs recorded.
 */
import {expect} from '@open-wc/testing';
import {QUESTIONS} from '../../eval/questions.mjs';
import {scoreRun} from '../../eval/score/score-run.mjs';
import {summariseAxe} from '../../eval/score/accessibility.mjs';
import type {EvalQuestion, RunRecord, Score} from '../../eval/types.mjs';

interface Recorded {
  questions: Array<{id: string; truth: Record<string, Array<Record<string, unknown>>>; aliases: Record<string, string[]>; record: RunRecord}>;
}

const load = async (name: string): Promise<Recorded> => (await fetch(new URL(`./recorded/${name}.json`, import.meta.url))).json();
const questionOf = (id: string): EvalQuestion => {
  const question = QUESTIONS.find((q) => q.id === id);
  if (!question) throw new Error(`no question ${id}`);
  return question;
};

let right: Recorded;
let wrong: Recorded;
/** Scores the recorded run of `id`, optionally against a changed question. */
const score = (runs: Recorded, id: string, change: (q: EvalQuestion) => EvalQuestion = (q) => q): Score => {
  const run = runs.questions.find((q) => q.id === id);
  if (!run) throw new Error(`no recorded run of ${id}`);
  return scoreRun(change(questionOf(id)), run.truth, run.record, run.aliases);
};
const failed = (s: Score) => Object.entries(s.checks).filter(([, c]) => !c.pass).map(([name]) => name);

describe('eval scorers on recorded runs', () => {
  before(async () => {
    [right, wrong] = await Promise.all([load('right'), load('wrong')]);
  });

  it('pass every right answer on every check', () => {
    expect(right.questions.length).to.equal(8);
    for (const {id} of right.questions) {
      const s = score(right, id);
      expect(failed(s), id).to.deep.equal([]);
      expect(s.success, id).to.equal(true);
      expect(s.fidelity.figures, `${id} shows figures`).to.be.greaterThan(0);
    }
  });

  it('fail a chart of the wrong type, and only on the chart', () => {
    const s = score(wrong, 'seattle-rain-2015');
    expect(failed(s)).to.deep.equal(['chart']);
    expect(s.checks.chart.detail).to.equal('type is pie, expected bar or line or area');
  });

  it('fail a sorted question answered out of order, and pass the same chart when no order is asked', () => {
    const s = score(wrong, 'airports-top-states');
    expect(failed(s)).to.deep.equal(['chart']);
    expect(s.checks.chart.detail).to.equal('labels are not in the expected order');
    const unordered = score(wrong, 'airports-top-states', (q) => ({...q, expect: {...q.expect, chart: {...q.expect.chart!, ordered: false}}}));
    expect(unordered.success, 'same states, same counts').to.equal(true);
  });

  it('let rows that tie come in either order, and no others', () => {
    const run = right.questions.find((q) => q.id === 'airports-top-states')!;
    const counts = run.truth.states.map((row) => row.airports);
    const tie = counts.findIndex((n, i) => i > 0 && n === counts[i - 1]);
    expect(tie, 'the top ten has two states with as many airports').to.be.greaterThan(0);
    const swapped = (i: number) => {
      const widgets = run.record.widgets.map((w) => {
        if (w.type !== 'chart') return w;
        const params = structuredClone(w.params) as {labels: unknown[]; datasets: Array<{data: unknown[]}>};
        const swap = (list: unknown[]) => ([list[i - 1], list[i]] = [list[i], list[i - 1]]);
        swap(params.labels);
        params.datasets.forEach((d) => swap(d.data));
        return {...w, params};
      });
      return scoreRun(questionOf('airports-top-states'), run.truth, {...run.record, widgets});
    };
    expect(swapped(tie).checks.chart.pass, 'tied rows swapped').to.equal(true);
    expect(swapped(1).checks.chart.detail, 'first and second swapped').to.equal('labels are not in the expected order');
  });

  it('fail a chart missing one of its series', () => {
    const s = score(wrong, 'seattle-temperatures-2014');
    expect(failed(s)).to.deep.equal(['chart']);
    expect(s.checks.chart.detail).to.equal('no dataset holds temps.t_min (12 values)');
  });

  it('fail an invented figure on fidelity, and the value the question needed on shows', () => {
    const s = score(wrong, 'airports-texas-count');
    expect(failed(s)).to.deep.equal(['shows', 'fidelity']);
    expect(s.fidelity.unmatched).to.deep.equal(['stat-card value: 250']);
    expect(s.checks.shows.detail).to.match(/^1 of 1 expected values are not on the canvas: count\.airports = \d+$/);
  });

  it('find the one figure the model computed on an otherwise right dashboard', () => {
    const s = score(wrong, 'seattle-dashboard-2013');
    expect(failed(s)).to.deep.equal(['fidelity']);
    expect(s.fidelity.unmatched).to.deep.equal(['stat-card value: 33.6']);
    expect(s.fidelity.matched).to.equal(s.fidelity.figures - 1);
  });

  it('fail a blank canvas', () => {
    const s = score(wrong, 'airports-hawaii-map');
    expect(failed(s)).to.deep.equal(['not-blank', 'widgets', 'items', 'markers']);
    expect(s.checks['not-blank'].detail).to.equal('blank canvas: no widget');
    expect(s.checks.widgets.detail).to.equal('missing map (shown: none)');
  });

  it('call a canvas blank when its widgets take no room', () => {
    const run = right.questions.find((q) => q.id === 'airports-hawaii-map')!;
    const hidden = {...run.record, widgets: run.record.widgets.map((w) => ({...w, width: 0, height: 0}))};
    const s = scoreRun(questionOf('airports-hawaii-map'), run.truth, hidden);
    expect(s.checks['not-blank']).to.deep.equal({pass: false, detail: 'blank canvas: 1 widgets, none visible'});
  });

  it('count the widget calls the element repaired and those it returned as invalid', () => {
    const s = score(wrong, 'airports-connecticut-table');
    expect(s.validation).to.deep.equal({repaired: 1, returned: 1});
    expect(s.success, 'the second call was right').to.equal(true);
    expect(score(right, 'airports-connecticut-table').validation).to.deep.equal({repaired: 0, returned: 0});
  });

  it('fail a run over its turns or its tokens', () => {
    const ok = score(right, 'seattle-rain-2015');
    const tight = score(right, 'seattle-rain-2015', (q) => ({...q, expect: {...q.expect, maxTurns: ok.turns - 1, maxTokens: ok.tokensIn + ok.tokensOut - 1}}));
    expect(failed(tight)).to.deep.equal(['turns', 'tokens']);
    expect(tight.checks.turns.detail).to.equal(`${ok.turns} turns (limit ${ok.turns - 1})`);
  });

  it('fail a run that stopped on an error, keeping what it showed', () => {
    const run = right.questions.find((q) => q.id === 'seattle-rain-2015')!;
    const stopped = {...run.record, stopReason: 'error', error: {code: 'PROVIDER_HTTP', message: 'HTTP 529 overloaded'}};
    const s = scoreRun(questionOf('seattle-rain-2015'), run.truth, stopped);
    expect(failed(s)).to.deep.equal(['completed']);
    expect(s.checks.completed.detail).to.equal('stopped: error (PROVIDER_HTTP: HTTP 529 overloaded)');
  });

  it('count the axe violations of an answer that is right but not accessible', () => {
    const s = score(wrong, 'seattle-hottest-day');
    expect(s.success, 'accessibility is measured beside success').to.equal(true);
    expect(s.axe).to.deep.equal({violations: 2, serious: 0, rules: ['empty-table-header (minor, 1)', 'heading-order (moderate, 1)']});
    expect(score(right, 'seattle-hottest-day').axe.violations).to.equal(0);
  });

  it('count serious and critical axe violations apart, by element', () => {
    const run = right.questions[0];
    const axe = [
      {id: 'color-contrast', impact: 'serious', help: 'Elements must meet minimum color contrast ratio thresholds', nodes: 3},
      {id: 'button-name', impact: 'critical', help: 'Buttons must have discernible text', nodes: 1},
      {id: 'region', impact: 'moderate', help: 'All page content should be contained by landmarks', nodes: 2},
    ];
    expect(summariseAxe({...run.record, axe})).to.deep.include({violations: 6, serious: 4});
  });
});
