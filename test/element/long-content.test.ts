/**
 * Huge content never freezes the page: a widget holding megabytes of text (from the model, a
 * server or a snapshot) shows a bounded first part at once and the rest on demand, by a "show
 * more" button, and keeps all of it: the full text stays in its params and in snapshots. Each
 * path in: a `widget_display` the model streams (its draft first), and `restore()`.
 */
import {expect, waitUntil} from '@open-wc/testing';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {createScenario, engineLoaded, mountAgent, settle, ui, widgetsRendered} from './harness.js';

const DISPLAY = 'autoui_webmcp_widget_display';
/** About 5 MB of markdown prose in sections: what a model or a server might return whole. */
const MARKDOWN = ('## Section\n\n' + 'Some **bold** words and a [link](https://example.com) in a paragraph that goes on. '.repeat(30) + '\n\n').repeat(2100).slice(0, 5_000_000);
/** About 2 MB of SQL, one statement per line. */
const CODE = 'SELECT city, count(*) AS airports FROM airports GROUP BY city ORDER BY airports DESC;\n'.repeat(23_300).slice(0, 2_000_000);
/** A 1 MB table cell. */
const CELL = 'w'.repeat(1_000_000);

type WidgetElement = HTMLElement & {params: Record<string, unknown>; updateComplete: Promise<unknown>};

/** The rendered text of one widget's part (`content`, `code`, ...). */
const partText = (element: Element, part: string) => element.shadowRoot!.querySelector(`[part="${part}"]`)?.textContent ?? '';
const moreButton = (element: Element) => element.shadowRoot!.querySelector<HTMLButtonElement>('[part="more"]');

/** Waits until a draft of `tag` shows text in its `part` while the call streams; resolves with that text's length. */
async function draftTextLength(agent: AutouiAgent, tag: string, part: string): Promise<number> {
  let length = 0;
  await waitUntil(
    () => {
      const element = ui(agent).drafts().find((d) => d.element?.localName === tag)?.element;
      length = element?.shadowRoot ? partText(element, part).length : 0;
      return length > 0;
    },
    `no ${tag} draft appeared while the call streamed`,
    {timeout: 30_000, interval: 5},
  );
  return length;
}

/** Puts widgets on `agent`'s canvas through its own `autoui` layer, as the model's calls do. */
async function display(agent: AutouiAgent, widgets: Array<{name: string; params: Record<string, unknown>}>) {
  await engineLoaded(agent);
  const layer = agent.layers.find((l) => l.serverName === 'autoui')!;
  for (const [i, args] of widgets.entries()) {
    const output = await layer.execute!('widget_display', args, {signal: new AbortController().signal, callId: `call_${i}`, reportProgress() {}, widgets: agent.session.canvas});
    expect(output.isError, output.text.slice(0, 200)).to.not.equal(true);
  }
  await widgetsRendered(agent);
}

describe('huge content', () => {
  it('a 5 MB markdown the model streams shows a bounded draft, then a bounded widget with "show more", and keeps all its text', async function () {
    this.timeout(90_000);
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'report'}, toolCalls: [{name: DISPLAY, input: {name: 'markdown', params: {title: 'Report', content: MARKDOWN}}}], chunkDelayMs: 100, fragmentSize: 100_000},
      {match: {lastToolResultIncludes: ''}, text: 'Here is the report.'},
    ]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}});
    const answer = agent.ask('Show the full report');
    // While the model still writes it, the draft shows a first part, not megabytes.
    const draftText = await draftTextLength(agent, 'autoui-markdown', 'content');
    expect(draftText).to.be.below(25_000);
    await answer;
    await widgetsRendered(agent);
    const element = ui(agent).widgets()[0].element as WidgetElement;
    // 20,000 characters of markdown source: fewer of text once rendered (no `**`, no link targets).
    expect(partText(element, 'content').length).to.be.within(8_000, 20_000);
    expect(partText(element, 'content')).to.contain('Some bold words and a link');
    expect(moreButton(element)!.textContent).to.match(/^Show more \(4,9\d\d,\d\d\d more characters\)$/);
    expect((element.params.content as string).length).to.equal(5_000_000);
    expect((agent.snapshot().widgets[0].params as {content: string}).content).to.equal(MARKDOWN);

    // Each press adds one bounded step, never the whole rest.
    const before = partText(element, 'content').length;
    moreButton(element)!.click();
    await element.updateComplete;
    const after = partText(element, 'content').length;
    expect(after - before).to.be.within(40_000, 100_000);
    expect(moreButton(element)).to.exist;
    expect(ui(agent).answers().at(-1)).to.equal('Here is the report.');
  });

  it('a 2 MB code block and a 1 MB table cell the model streams show bounded drafts, then bounded widgets', async function () {
    this.timeout(90_000);
    const scenario = await createScenario([
      {
        match: {lastUserIncludes: 'query'},
        toolCalls: [
          {name: DISPLAY, input: {name: 'code', params: {title: 'The query', code: CODE, language: 'sql'}}},
          {name: DISPLAY, input: {name: 'table', params: {columns: [{key: 'note'}, {key: 'n', type: 'number'}], rows: [{note: CELL, n: 1}, {note: 'short', n: 2}]}}},
        ],
        chunkDelayMs: 100,
        fragmentSize: 100_000,
      },
      {match: {lastToolResultIncludes: ''}, text: 'Done.'},
    ]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}});
    const answer = agent.ask('Show the query and its notes');
    const draftCode = await draftTextLength(agent, 'autoui-code', 'code');
    expect(draftCode).to.be.at.most(20_001);
    await answer;
    await widgetsRendered(agent);
    const [code, table] = ui(agent).widgets().map((w) => w.element as WidgetElement);
    expect(partText(code, 'code').length).to.be.within(15_000, 20_001);
    expect((code.params.code as string).length).to.equal(2_000_000);
    const cells = [...table.shadowRoot!.querySelectorAll('[part="cell"]')].map((c) => c.textContent ?? '');
    expect(Math.max(...cells.map((c) => c.length))).to.be.below(1_000);
    expect((table.params.rows as Array<{note: string}>)[0].note).to.equal(CELL);
  });

  it('restore() of a 5 MB markdown, a 2 MB code block and a 1 MB table cell renders bounded parts of each, and a new snapshot keeps them whole', async function () {
    this.timeout(60_000);
    const source = await mountAgent(undefined, {attributes: {lang: 'en'}});
    await display(source, [
      {name: 'markdown', params: {content: MARKDOWN}},
      {name: 'code', params: {code: CODE, language: 'sql'}},
      {name: 'table', params: {columns: [{key: 'note'}, {key: 'n', type: 'number'}], rows: [{note: CELL, n: 1}, {note: 'short', n: 2}]}},
    ]);
    const snapshot = source.snapshot();
    source.remove();

    const agent = await mountAgent(undefined, {attributes: {lang: 'fr'}});
    await engineLoaded(agent);
    await agent.restore(snapshot);
    await widgetsRendered(agent);
    await settle(agent);
    const [markdown, code, table] = ui(agent).widgets().map((w) => w.element as WidgetElement);
    expect(partText(markdown, 'content').length).to.be.within(8_000, 20_000);
    expect(moreButton(markdown)!.textContent).to.match(/^Afficher la suite \(4\s9\d\d\s\d\d\d caractères de plus\)$/);
    expect(partText(code, 'code').length).to.be.within(15_000, 20_001);
    // The code block is cut at a line end, so no statement shows half written.
    expect(partText(code, 'code').endsWith('DESC;\n')).to.equal(true);
    expect(moreButton(code)).to.exist;
    const cells = [...table.shadowRoot!.querySelectorAll('[part="cell"]')].map((c) => c.textContent ?? '');
    expect(Math.max(...cells.map((c) => c.length))).to.be.below(1_000);
    expect(cells.join(' ')).to.contain('short');

    const again = agent.snapshot();
    expect((again.widgets[0].params as {content: string}).content).to.equal(MARKDOWN);
    expect((again.widgets[1].params as {code: string}).code).to.equal(CODE);
    expect((again.widgets[2].params as {rows: Array<{note: string}>}).rows[0].note).to.equal(CELL);
  });

  it('a long kv value and a long JSON string show their first part and reveal more on demand', async function () {
    this.timeout(30_000);
    const agent = await mountAgent(undefined, {attributes: {lang: 'en'}});
    const long = 'token '.repeat(200_000);
    await display(agent, [
      {name: 'kv', params: {items: [{key: 'log', value: long}, {key: 'status', value: 'ok'}]}},
      {name: 'json', params: {data: {log: long, status: 'ok'}, expanded: 2}},
    ]);
    const [kv, json] = ui(agent).widgets().map((w) => w.element as WidgetElement);
    const kvValue = () => kv.shadowRoot!.querySelector('[part="value"]')!.textContent ?? '';
    expect(kvValue().length).to.be.below(2_200);
    expect(kv.shadowRoot!.textContent).to.contain('ok');
    moreButton(kv)!.click();
    await kv.updateComplete;
    expect(kvValue().length).to.be.within(90_000, 110_000);
    const tree = () => json.shadowRoot!.querySelector('[part="tree"]')!.textContent ?? '';
    expect(tree().length).to.be.below(3_000);
    expect(tree()).to.contain('"ok"');
    moreButton(json)!.click();
    await json.updateComplete;
    expect(tree().length).to.be.within(90_000, 110_000);
  });
});
