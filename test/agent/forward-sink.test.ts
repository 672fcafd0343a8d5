/**
 * The canvas wrappers' one forwarder: a rule changes only the methods it names, every other call
 * reaches the inner sink as it came, and the draft methods are there exactly when the inner sink
 * has them (a wrapped plain sink gains none; the tools' side never has them).
 */
import {expect} from '@open-wc/testing';
import {forwardSink, toolSide} from '../../src/agent/forward-sink.js';
import {showsDrafts, type WidgetDraftSink, type WidgetInstance, type WidgetSink} from '../../src/agent/widget-sink.js';

/** A sink that answers every call with a fixed widget and notes it as `method args…`. */
function recordingSink(drafts: boolean): {sink: WidgetSink; calls: unknown[][]} {
  const calls: unknown[][] = [];
  const widget: WidgetInstance = {id: 'w_inner0', type: 'stat-card', params: {}};
  const note =
    <R>(method: string, answer: R) =>
    (...args: unknown[]): R => {
      calls.push([method, ...args]);
      return answer;
    };
  const sink: WidgetSink = {
    create: note('create', widget),
    get: note('get', widget),
    list: note('list', [widget]),
    update: note('update', widget),
    move: note('move', widget),
    resize: note('resize', widget),
    style: note('style', widget),
    remove: note('remove', true),
    clear: note('clear', undefined),
  };
  if (!drafts) return {sink, calls};
  const drafting: WidgetDraftSink = {...sink, draft: note('draft', undefined), dropDraft: note('dropDraft', undefined)};
  return {sink: drafting, calls};
}

/** Calls every widget method of `sink` once. */
function useAll(sink: WidgetSink): void {
  sink.create({type: 'stat-card', params: {value: 1}}, {draft: 'd1'});
  sink.get('w_a');
  sink.list();
  sink.update('w_a', {value: 2});
  sink.move('w_a', 10, 20);
  sink.resize('w_a', 300, 200);
  sink.style('w_a', {color: 'red'});
  sink.remove('w_a');
  sink.clear();
}

const EVERY_CALL = [
  ['get', 'w_a'],
  ['list'],
  ['update', 'w_a', {value: 2}],
  ['move', 'w_a', 10, 20],
  ['resize', 'w_a', 300, 200],
  ['style', 'w_a', {color: 'red'}],
  ['remove', 'w_a'],
  ['clear'],
];

describe('forwardSink', () => {
  it('changes only create: every other call reaches the inner sink as it came', () => {
    const {sink, calls} = recordingSink(false);
    const created: unknown[] = [];
    const wrapped = forwardSink(sink, {create: (widget) => (created.push(widget), undefined)});
    useAll(wrapped);
    expect(created).to.deep.equal([{type: 'stat-card', params: {value: 1}}]);
    expect(calls).to.deep.equal(EVERY_CALL);
    expect(wrapped.list()).to.deep.equal([{id: 'w_inner0', type: 'stat-card', params: {}}]);
  });

  it('keeps the draft methods of a draft sink, passing drafts straight through', () => {
    const {sink, calls} = recordingSink(true);
    const wrapped = forwardSink(sink, {create: () => undefined});
    expect(showsDrafts(wrapped)).to.equal(true);
    if (!showsDrafts(wrapped)) return;
    wrapped.draft({key: 'd1', type: 'stat-card'});
    wrapped.dropDraft('d1');
    expect(calls).to.deep.equal([['draft', {key: 'd1', type: 'stat-card'}], ['dropDraft', 'd1']]);
  });

  it('gives a plain sink no draft methods', () => {
    const {sink} = recordingSink(false);
    const wrapped = forwardSink(sink, {create: () => undefined});
    expect(showsDrafts(wrapped)).to.equal(false);
    expect(Object.keys(wrapped)).to.not.include.members(['draft', 'dropDraft']);
  });

  it('wraps in layers: the outer rule runs first, then the inner one, then the sink', () => {
    const {sink, calls} = recordingSink(true);
    const order: string[] = [];
    const inner = forwardSink(sink, {create: (widget, options) => (order.push('inner'), sink.create(widget, options))});
    const outer = forwardSink(inner, {create: (widget, options) => (order.push('outer'), inner.create(widget, options))});
    outer.create({type: 'stat-card', params: {}});
    expect(order).to.deep.equal(['outer', 'inner']);
    expect(calls).to.deep.equal([['create', {type: 'stat-card', params: {}}, undefined]]);
    expect(showsDrafts(outer)).to.equal(true);
  });
});

describe('toolSide', () => {
  it('forwards the widget methods of a draft sink without its draft methods', () => {
    const {sink, calls} = recordingSink(true);
    const tools = toolSide(sink);
    expect(showsDrafts(tools)).to.equal(false);
    useAll(tools);
    expect(calls).to.deep.equal([['create', {type: 'stat-card', params: {value: 1}}, {draft: 'd1'}], ...EVERY_CALL]);
  });
});
