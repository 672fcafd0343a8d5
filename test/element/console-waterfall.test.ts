/**
 * The debug console's trace waterfall (src/element/console/trace-waterfall.ts), in the console
 * itself, fed a synthetic trace of one question as the telemetry records it: bars in tree order and
 * on one time axis, a failed span marked, the keyboard's way through the rows and the details it
 * shows, what a screen reader hears, axe, and span data that stays text.
 */
import {expect, waitUntil} from '@open-wc/testing';
import {sendKeys, sendMouse} from '@web/test-runner-commands';
import {AutouiConsole} from '../../src/element/console/autoui-console.js';
import {defineElement} from '../../src/define-element.js';
import type {SpanRecord} from '../../src/telemetry/span-record.js';
import {axisTicks, spanCategory, waterfallRows} from '../../src/element/console/waterfall-rows.js';

defineElement('autoui-console', AutouiConsole);

const T0 = 1_780_000_000_000;
const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const MARKUP = '<img src=x onerror="window.__waterfallPwned=1">';

/** A span of the test trace, `start` and `end` in ms from the question's start. */
const span = (spanId: string, parentSpanId: string | undefined, name: string, start: number, end: number, extra: Partial<SpanRecord> = {}): SpanRecord => ({
  traceId: TRACE,
  spanId,
  ...(parentSpanId ? {parentSpanId} : {}),
  name,
  kind: 'internal',
  startTime: T0 + start,
  endTime: T0 + end,
  status: 'unset',
  attributes: {},
  ...extra,
});

/** One question: a model turn, a failed tool call with its MCP request, a second model turn. Given children first, out of order. */
const trace: SpanRecord[] = [
  span('00000000000000c2', '00000000000000a1', 'chat claude-sonnet-4-5', 700, 1000, {kind: 'client', attributes: {'gen_ai.operation.name': 'chat', 'gen_ai.usage.input_tokens': 1500}}),
  span('00000000000000d1', '00000000000000b1', 'tools/call query_sql', 420, 690, {kind: 'client', attributes: {'mcp.method.name': 'tools/call', 'mcp.session.id': 'abc'}}),
  span('00000000000000b1', '00000000000000a1', 'execute_tool data_mcp_query_sql', 400, 700, {
    status: 'error',
    attributes: {'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'data_mcp_query_sql', 'error.type': 'TOOL_FAILED', note: MARKUP},
  }),
  span('00000000000000a1', undefined, 'invoke_agent autoui-agent', 0, 1000, {attributes: {'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'autoui-agent'}}),
  span('00000000000000c1', '00000000000000a1', 'chat claude-sonnet-4-5', 10, 400, {kind: 'client', attributes: {'gen_ai.operation.name': 'chat', 'gen_ai.usage.input_tokens': 1200, 'gen_ai.response.finish_reasons': ['tool_use']}}),
];

const mounted: HTMLElement[] = [];
afterEach(() => mounted.splice(0).forEach((el) => el.remove()));

/** A console 800 px wide showing `spans`. */
async function showConsole(spans: SpanRecord[], language: 'en' | 'fr' = 'en'): Promise<AutouiConsole> {
  const el = document.createElement('autoui-console') as AutouiConsole;
  el.style.width = '800px';
  el.language = language;
  el.spans = spans;
  document.body.append(el);
  mounted.push(el);
  await el.updateComplete;
  // The waterfall's chunk loads at the first trace.
  if (spans.length > 0) await waitUntil(() => el.shadowRoot!.querySelector('[role="tree"]'), 'the waterfall is drawn');
  await el.updateComplete;
  return el;
}

const rowsOf = (el: AutouiConsole) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="treeitem"]')];
const rowOf = (el: AutouiConsole, spanId: string) => el.shadowRoot!.querySelector<HTMLElement>(`[role="treeitem"][data-span="${spanId}"]`)!;
const barOf = (row: HTMLElement) => row.querySelector('.bar')!.getBoundingClientRect();
const focused = (el: AutouiConsole) => el.shadowRoot!.activeElement?.getAttribute('data-span');
const details = (el: AutouiConsole) => el.shadowRoot!.querySelector('.span-details')!;
const detailPairs = (el: AutouiConsole) =>
  Object.fromEntries([...details(el).querySelectorAll('dt')].map((dt) => [dt.textContent!.trim(), dt.nextElementSibling!.textContent!.trim()]));

describe('<autoui-console> trace waterfall', () => {
  it('draws each span as a bar in tree order, children inside their parent, widths in proportion to durations', async () => {
    const el = await showConsole(trace);
    const rows = rowsOf(el);
    expect(rows.map((r) => r.dataset.span)).to.deep.equal(['00000000000000a1', '00000000000000c1', '00000000000000b1', '00000000000000d1', '00000000000000c2']);
    expect(rows.map((r) => r.getAttribute('aria-level'))).to.deep.equal(['1', '2', '2', '3', '2']);
    // Names are indented by depth.
    const indent = rows.map((r) => {
      const text = document.createRange();
      text.selectNodeContents(r.querySelector('.name')!);
      return text.getBoundingClientRect().left;
    });
    expect(indent[1]).to.be.above(indent[0]);
    expect(indent[3]).to.be.above(indent[2]);

    const [root, chat1, tool, mcp, chat2] = rows.map(barOf);
    expect(root.width).to.be.above(300);
    // Each child's bar lies inside its parent's, on the same axis.
    for (const [child, parent] of [[chat1, root], [tool, root], [mcp, tool], [chat2, root]]) {
      expect(child.left).to.be.at.least(parent.left - 0.5);
      expect(child.right).to.be.at.most(parent.right + 0.5);
    }
    // Positions and widths in proportion to the times: 10–400, 400–700, 420–690, 700–1000 of 1000 ms.
    const at = (ms: number) => root.left + (root.width * ms) / 1000;
    for (const [bar, start, end] of [[chat1, 10, 400], [tool, 400, 700], [mcp, 420, 690], [chat2, 700, 1000]] as const) {
      expect(bar.left).to.be.closeTo(at(start), 1.5);
      expect(bar.right).to.be.closeTo(at(end), 1.5);
    }
    // The name and the duration are written beside each bar, and the axis has ticks from 0 ms.
    expect(rows.map((r) => r.querySelector('.duration')!.textContent)).to.deep.equal(['1 s', '390 ms', '300 ms', '270 ms', '300 ms']);
    const ticks = [...el.shadowRoot!.querySelectorAll('.tick')].map((t) => t.textContent);
    expect(ticks[0]).to.equal('0 ms');
    expect(ticks.length).to.be.within(3, 7);
    // Kinds have different colours.
    const colour = (row: HTMLElement) => getComputedStyle(row.querySelector('.bar')!).backgroundColor;
    expect(new Set([colour(rows[0]), colour(rows[1]), colour(rows[3])]).size).to.equal(3);
  });

  it('marks a failed span in red, with ✗ and "failed" in its name, and names every row for a screen reader', async () => {
    const el = await showConsole(trace);
    const tool = rowOf(el, '00000000000000b1');
    const danger = getComputedStyle(el.shadowRoot!.querySelector('section')!).getPropertyValue('--_color-danger').trim();
    const probe = document.createElement('span');
    probe.style.color = danger;
    document.body.append(probe);
    const red = getComputedStyle(probe).color;
    probe.remove();
    expect(getComputedStyle(tool.querySelector('.bar')!).backgroundColor).to.equal(red);
    expect(tool.querySelector('.name')!.textContent).to.equal('✗ execute_tool data_mcp_query_sql');
    expect(rowsOf(el).filter((r) => r.classList.contains('failed'))).to.deep.equal([tool]);
    expect(tool.getAttribute('aria-label')).to.equal('execute_tool data_mcp_query_sql, 300 ms, starts at 400 ms, failed');
    expect(rowOf(el, '00000000000000c1').getAttribute('aria-label')).to.equal('chat claude-sonnet-4-5, 390 ms, starts at 10 ms');
    expect([...el.shadowRoot!.querySelectorAll('.legend li')].map((li) => li.textContent!.trim())).to.deep.equal(['Agent', 'Model turn', 'Tool call', 'MCP request', 'Failed']);

    const fr = await showConsole(trace, 'fr');
    expect(rowOf(fr, '00000000000000b1').getAttribute('aria-label')).to.equal('execute_tool data_mcp_query_sql, 300\u00a0ms, commence à 400\u00a0ms, en échec');
  });

  it('has one tab stop; arrows, Home, End, Left and Right move between rows, and the details show the row’s attributes', async () => {
    const el = await showConsole(trace);
    const before = document.createElement('button');
    before.textContent = 'before';
    document.body.prepend(before);
    mounted.push(before);
    expect(rowsOf(el).filter((r) => r.tabIndex === 0)).to.have.length(1);
    before.focus();
    await sendKeys({press: 'Tab'});
    expect(focused(el), 'Tab reaches the tree at its root').to.equal('00000000000000a1');

    await sendKeys({press: 'ArrowDown'});
    await el.updateComplete;
    expect(focused(el)).to.equal('00000000000000c1');
    expect(details(el).querySelector('h4')!.textContent).to.equal('Span details: chat claude-sonnet-4-5');
    expect(detailPairs(el)).to.include({'gen_ai.usage.input_tokens': '1200', 'gen_ai.response.finish_reasons': 'tool_use', Duration: '390 ms', 'Starts at': '10 ms'});

    await sendKeys({press: 'ArrowDown'});
    await sendKeys({press: 'ArrowRight'});
    await el.updateComplete;
    expect(focused(el), 'Right goes to the first child').to.equal('00000000000000d1');
    expect(detailPairs(el)).to.include({'mcp.method.name': 'tools/call', 'mcp.session.id': 'abc'});
    await sendKeys({press: 'ArrowLeft'});
    await el.updateComplete;
    expect(focused(el), 'Left goes to the parent').to.equal('00000000000000b1');
    expect(detailPairs(el)).to.include({'error.type': 'TOOL_FAILED', Status: 'error'});
    await sendKeys({press: 'End'});
    expect(focused(el)).to.equal('00000000000000c2');
    await sendKeys({press: 'Home'});
    expect(focused(el)).to.equal('00000000000000a1');
    await el.updateComplete;
    expect(rowsOf(el).filter((r) => r.tabIndex === 0).map((r) => r.dataset.span)).to.deep.equal(['00000000000000a1']);
  });

  it('swaps Left and Right in a right-to-left page', async () => {
    const el = await showConsole(trace);
    el.dir = 'rtl';
    await el.updateComplete;
    rowOf(el, '00000000000000b1').focus();
    await sendKeys({press: 'ArrowLeft'});
    await el.updateComplete;
    expect(focused(el), 'Left goes to the first child').to.equal('00000000000000d1');
    await sendKeys({press: 'ArrowRight'});
    await el.updateComplete;
    expect(focused(el), 'Right goes to the parent').to.equal('00000000000000b1');
  });

  it('shows the details of the row under the pointer while it is there', async () => {
    const el = await showConsole(trace);
    const box = rowOf(el, '00000000000000d1').getBoundingClientRect();
    await sendMouse({type: 'move', position: [Math.round(box.left + 20), Math.round(box.top + box.height / 2)]});
    await el.updateComplete;
    expect(details(el).querySelector('h4')!.textContent).to.equal('Span details: tools/call query_sql');
    await sendMouse({type: 'move', position: [0, Math.round(document.documentElement.clientHeight - 1)]});
    await el.updateComplete;
    expect(details(el).querySelector('h4')!.textContent).to.equal('Span details: invoke_agent autoui-agent');
  });

  it('writes span names and attribute values as text, never as markup', async () => {
    const hostile = trace.map((s) => (s.spanId === '00000000000000d1' ? {...s, name: `tools/call ${MARKUP}`} : s));
    const el = await showConsole(hostile);
    const row = rowOf(el, '00000000000000b1');
    row.focus();
    await el.updateComplete;
    expect(detailPairs(el).note).to.equal(MARKUP);
    expect(rowOf(el, '00000000000000d1').querySelector('.name')!.textContent).to.equal(`tools/call ${MARKUP}`);
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
    await new Promise((r) => setTimeout(r, 50));
    expect((window as {__waterfallPwned?: number}).__waterfallPwned).to.equal(undefined);
  });

  it('passes axe with a trace and its details', async () => {
    const el = await showConsole(trace);
    rowOf(el, '00000000000000b1').focus();
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('says how to turn telemetry on when there is no trace, in the console’s language', async () => {
    const en = await showConsole([]);
    expect(rowsOf(en)).to.have.length(0);
    expect(en.shadowRoot!.querySelector('.trace-empty')!.textContent).to.equal(
      'Traces appear here when telemetry is on: set the element’s telemetry attribute to an OTLP/HTTP traces URL (or give it a tracerProvider), then ask a question.',
    );
    const fr = await showConsole([], 'fr');
    expect(fr.shadowRoot!.querySelector('.trace-empty')!.textContent).to.include('télémétrie');
    await expect(en).to.be.accessible();
  });

  it('draws a new trace from its root when the spans change', async () => {
    const el = await showConsole(trace);
    rowOf(el, '00000000000000c2').focus();
    await el.updateComplete;
    el.spans = [span('00000000000000f1', undefined, 'invoke_agent autoui-agent', 0, 50), span('00000000000000f2', '00000000000000f1', 'chat m', 5, 45)];
    await el.updateComplete;
    expect(rowsOf(el).map((r) => [r.dataset.span, r.tabIndex])).to.deep.equal([['00000000000000f1', 0], ['00000000000000f2', -1]]);
    expect(details(el).querySelector('h4')!.textContent).to.equal('Span details: invoke_agent autoui-agent');
  });
});

describe('waterfallRows', () => {
  it('keeps a span whose parent is elsewhere (a server’s) as a root, and lays out a cycle of parents once each', () => {
    const rows = waterfallRows([
      span('0000000000000001', 'ffffffffffffffff', 'tools/call x', 10, 20),
      span('0000000000000002', '0000000000000003', 'a', 0, 5),
      span('0000000000000003', '0000000000000002', 'b', 1, 4),
    ]).rows;
    expect(rows.map((r) => [r.span.spanId, r.depth])).to.deep.equal([
      ['0000000000000001', 0],
      ['0000000000000002', 0],
      ['0000000000000003', 1],
    ]);
  });

  it('colours a span by what it did, from its attributes or else its name', () => {
    const of = (name: string, attributes: SpanRecord['attributes'] = {}) => spanCategory(span('0000000000000001', undefined, name, 0, 1, {attributes}));
    expect([of('invoke_agent autoui-agent'), of('chat gpt-4o'), of('execute_tool x'), of('tools/call x'), of('initialize', {'mcp.method.name': 'initialize'}), of('await_approval data_mcp_query_sql'), of('sign-in data'), of('render stat')])
      .to.deep.equal(['agent', 'chat', 'tool', 'mcp', 'mcp', 'wait', 'wait', 'other']);
  });

  it('puts round ticks on the axis, none past its end', () => {
    expect(axisTicks(1000).map((t) => t.ms)).to.deep.equal([0, 200, 400, 600, 800, 1000]);
    expect(axisTicks(0.3).map((t) => t.ms)).to.deep.equal([0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3]);
    expect(axisTicks(5240).map((t) => t.ms)).to.deep.equal([0, 1000, 2000, 3000, 4000, 5000]);
    expect(axisTicks(7300).map((t) => t.ms)).to.deep.equal([0, 2000, 4000, 6000]);
  });
});
