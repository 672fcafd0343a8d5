import {expect} from '@open-wc/testing';
import {WidgetStore, type WidgetChange} from '../../src/session/widget-store.js';

describe('WidgetStore', () => {
  it('adds widgets with w_ ids in display order and tells subscribers', () => {
    const store = new WidgetStore();
    const changes: WidgetChange[] = [];
    store.subscribe((c) => changes.push(c));
    const a = store.create({type: 'stat', params: {label: 'A', value: 1}});
    const b = store.create({type: 'kv', params: {items: []}});
    expect(a.id).to.match(/^w_[a-z0-9]{6}$/);
    expect(b.id).to.not.equal(a.id);
    expect(store.list().map((w) => w.type)).to.deep.equal(['stat', 'kv']);
    expect(changes.map((c) => [c.kind, c.id])).to.deep.equal([
      ['added', a.id],
      ['added', b.id],
    ]);
  });

  it('updates, moves, resizes, styles and removes one widget, leaving the others', () => {
    const store = new WidgetStore();
    const a = store.create({type: 'stat', params: {label: 'A', value: 1}});
    const b = store.create({type: 'stat', params: {label: 'B', value: 2}});
    const kinds: string[] = [];
    store.subscribe((c) => kinds.push(c.kind));
    store.update(a.id, {label: 'A2', value: 3});
    store.move(a.id, 120, -5);
    store.resize(a.id, 300, 10);
    store.style(a.id, {background: '#fee', color: 'red'});
    store.style(a.id, {color: ''});
    expect(store.get(a.id)).to.deep.equal({
      id: a.id,
      type: 'stat',
      params: {label: 'A2', value: 3},
      position: {x: 120, y: 0},
      size: {width: 300, height: 40},
      style: {background: '#fee'},
    });
    expect(store.get(b.id)!.params).to.deep.equal({label: 'B', value: 2});
    expect(store.remove(a.id)).to.equal(true);
    expect(store.remove(a.id)).to.equal(false);
    expect(store.list().map((w) => w.id)).to.deep.equal([b.id]);
    store.clear();
    expect(store.list()).to.deep.equal([]);
    expect(kinds).to.deep.equal(['updated', 'moved', 'resized', 'styled', 'styled', 'removed', 'cleared']);
  });

  it('returns undefined for unknown ids and changes nothing', () => {
    const store = new WidgetStore();
    const changes: WidgetChange[] = [];
    store.subscribe((c) => changes.push(c));
    expect(store.update('w_nope00', {})).to.equal(undefined);
    expect(store.move('w_nope00', 1, 1)).to.equal(undefined);
    expect(store.style('w_nope00', {color: 'red'})).to.equal(undefined);
    expect(changes).to.deep.equal([]);
  });

  it('hands out copies, so a caller cannot change the store behind its back', () => {
    const store = new WidgetStore();
    const a = store.create({type: 'stat', params: {label: 'A', value: 1}});
    store.move(a.id, 10, 10);
    store.get(a.id)!.position!.x = 999;
    store.list()[0].type = 'hacked';
    expect(store.get(a.id)).to.include({type: 'stat'});
    expect(store.get(a.id)!.position).to.deep.equal({x: 10, y: 10});
  });

  it('keeps notifying other listeners when one throws, and stops after unsubscribe', () => {
    const store = new WidgetStore();
    const seen: string[] = [];
    const original = console.error;
    console.error = () => {};
    try {
      store.subscribe(() => {
        throw new Error('listener bug');
      });
      const off = store.subscribe((c) => seen.push(c.kind));
      store.create({type: 'stat', params: {}});
      off();
      store.clear();
    } finally {
      console.error = original;
    }
    expect(seen).to.deep.equal(['added']);
  });
});

describe('WidgetStore drafts', () => {
  it('keeps drafts beside the widgets: not listed, finished by a widget that takes their key', () => {
    const store = new WidgetStore();
    const changes: string[] = [];
    store.subscribe((c) => changes.push(c.kind === 'added' ? `added${c.fromDraft ? ` from ${c.fromDraft}` : ''}` : c.kind === 'draft-removed' ? `draft-removed ${c.fromDraft}` : c.kind));
    store.draft({key: 'draft_a', type: 'table'});
    store.draft({key: 'draft_a', type: 'table', params: {rows: [[1]]}});
    store.draft({key: 'draft_b', type: 'chart'});
    expect(store.list()).to.deep.equal([]);
    expect(store.drafts().map((d) => [d.key, d.params])).to.deep.equal([['draft_a', {rows: [[1]]}], ['draft_b', undefined]]);
    const widget = store.create({type: 'table', params: {rows: [[1], [2]]}}, {draft: 'draft_a'});
    expect(store.list().map((w) => w.id)).to.deep.equal([widget.id]);
    expect(store.drafts().map((d) => d.key)).to.deep.equal(['draft_b']);
    store.dropDraft('draft_b');
    store.dropDraft('draft_b');
    // A key that is no draft (any more) is no draft: the widget is simply added.
    store.create({type: 'stat', params: {label: 'x', value: 1}}, {draft: 'draft_b'});
    store.draft({key: 'draft_c', type: 'kv'});
    store.clear();
    expect(store.drafts()).to.deep.equal([]);
    expect(changes).to.deep.equal(['drafted', 'drafted', 'drafted', 'added from draft_a', 'draft-removed draft_b', 'added', 'drafted', 'cleared']);
  });
});
