import {expect} from '@open-wc/testing';
import {dropUnsafeUrls} from '../../src/webmcp/url-policy.js';

describe('dropUnsafeUrls', () => {
  const rows = () => Array.from({length: 50}, (_, i) => ({id: i, name: `Station ${i}`, site: `https://example.org/${i}`}));

  it('leaves params it has nothing to remove from as they are: no copy of any row', () => {
    const params = {title: 'Stations', rows: rows()};
    const before = JSON.stringify(params);
    const out = dropUnsafeUrls(params, []);
    expect(out.dropped).to.deep.equal([]);
    expect(out.params).to.equal(params);
    expect(JSON.stringify(params)).to.equal(before);
  });

  it('copies only the objects on the way to a removed URL, and never changes the params it was given', () => {
    const params = {title: 'Stations', rows: rows()};
    params.rows[7].site = 'javascript:alert(1)';
    const out = dropUnsafeUrls(params, []);
    expect(out.dropped).to.deep.equal([{path: '/rows/7/site', reason: 'script-capable URLs are not allowed'}]);
    expect(params.rows[7].site, 'the input is untouched').to.equal('javascript:alert(1)');
    const kept = out.params.rows as Array<Record<string, unknown>>;
    expect(kept).to.not.equal(params.rows);
    expect(kept[7]).to.deep.equal({id: 7, name: 'Station 7'});
    expect(kept[6], 'an untouched row is shared').to.equal(params.rows[6]);
    expect(kept[8]).to.equal(params.rows[8]);
  });

  it('names the path of a key that needs escaping, and keeps a __proto__ key as a key', () => {
    const params = JSON.parse('{"a/b": {"link": "vbscript:x"}, "__proto__": {"polluted": true}, "items": [{"image": "data:image/png;base64,x"}]}');
    const out = dropUnsafeUrls(params, []);
    expect(out.dropped.map((d) => d.path)).to.deep.equal(['/a~1b/link', '/items/0/image']);
    expect(Object.getPrototypeOf(out.params)).to.equal(Object.prototype);
    expect(Object.keys(out.params)).to.include('__proto__');
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });

  it("copies everything for a draft's params (its parser goes on changing them)", () => {
    const params = {title: 'Stations', rows: rows()};
    const out = dropUnsafeUrls(params, [], 'gate', () => false);
    expect(out.params).to.deep.equal(params);
    expect(out.params).to.not.equal(params);
    expect((out.params.rows as unknown[])[3]).to.not.equal(params.rows[3]);
  });
});
