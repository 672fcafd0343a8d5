/**
 * The tables of AG-UI events (docs/guide/ag-ui.md and the README) say what the code does: each row of
 * `AG_UI_EVENTS` appears there as written, so the docs cannot drift from the runner.
 */
import {expect} from '@open-wc/testing';
import {AG_UI_EVENTS} from '../../src/ag-ui/ag-ui-events.js';

describe('the AG-UI guide', () => {
  it("prints every AG-UI 1.0 event with the element's handling and reason", async () => {
    const response = await fetch('/docs/guide/ag-ui.md');
    expect(response.ok, 'the guide is served').to.equal(true);
    const guide = await response.text();
    const rows = Object.entries(AG_UI_EVENTS).map(([type, row]) => `| \`${type}\` | ${row.handling} | ${row.why} |`);
    expect(rows.filter((row) => !guide.includes(row)), 'rows missing or different in the guide').to.deep.equal([]);
    const readme = await (await fetch('/README.md')).text();
    expect(rows.filter((row) => !readme.includes(row)), 'rows missing or different in the README').to.deep.equal([]);
  });
});
