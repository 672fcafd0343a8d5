/**
 * The report and the comparison, from the recorded runs: a reader finds the totals, a line and a
 * section per question with the reason each check failed, the scripted model labelled as not a
 * real model; the comparison names the questions whose outcome changed.
 */
import {expect} from '@open-wc/testing';
import {renderReport} from '../../eval/report.mjs';
import {compareResults} from '../../eval/compare.mjs';

const load = async (name: string) => (await fetch(new URL(`./recorded/${name}.json`, import.meta.url))).json();

describe('eval report', () => {
  it('gives the totals, a line and a section per question, and why each check failed', async () => {
    const wrong = await load('wrong');
    const report = renderReport(wrong);
    expect(report).to.contain('**Scripted answers, not a real model.**');
    expect(report).to.contain('| success | **2 / 8** (25 %) |');
    for (const q of wrong.questions) {
      expect(report, q.id).to.contain(`| [${q.id}](#${q.id}) |`);
      expect(report, q.id).to.contain(`### ${q.id}\n`);
    }
    expect(report).to.contain('| chart | ✗ | type is pie, expected bar or line or area |');
    expect(report).to.contain('| fidelity | ✗ | 1 of 57 figures have no source');
    expect(report).to.contain('| not-blank | ✗ | blank canvas: no widget |');
    expect(report).to.contain('| accessibility | ✗ | empty-table-header (minor, 1), heading-order (moderate, 1) |');
  });

  it('compares two runs: the totals side by side and the questions that changed', async () => {
    const [right, wrong] = await Promise.all([load('right'), load('wrong')]);
    const comparison = compareResults(right, wrong);
    expect(comparison).to.contain('| questions answered correctly | 8 | 2 | -6 |');
    expect(comparison).to.contain('| axe violations | 0 | 2 | +2 |');
    expect(comparison).to.contain('| figures without a source | 0 | 2 | +2 |');
    expect(comparison).to.contain('| blank canvases | 0 | 1 | +1 |');
    expect(comparison).to.contain('| seattle-rain-2015 | ✓ | ✗ | none | chart |');
    expect(comparison, 'unchanged outcome').not.to.contain('| airports-connecticut-table |');
    expect(compareResults(right, right)).to.contain('No question changed outcome.');
  });
});
