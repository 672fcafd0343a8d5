/**
 * The draft of a streaming `widget_display` call (the autoui layer's previewer): what partial
 * arguments show, and that a draft is held to the same URL rules and schema as the finished call.
 * Partial arguments are built the way the streaming parser builds them (numbers whole, strings
 * growing), with the JSON Pointers of the strings still being written.
 */
import {expect} from '@open-wc/testing';
import {createAutouiLayer} from '../../src/webmcp/autoui-layer.js';
import {createDefaultRegistry} from '../../src/widgets/catalog.js';

function previewer(options: {hosts?: string[]; blockedImages?: 'gate' | 'drop'} = {}) {
  const layer = createAutouiLayer({catalog: createDefaultRegistry(), imageHosts: () => options.hosts ?? ['images.example.org'], blockedImages: options.blockedImages});
  return (args: Record<string, unknown>, unfinished: string[] = []) => layer.previewTool!('widget_display', args, (pointer) => !unfinished.includes(pointer));
}

describe('widget_display drafts', () => {
  it('the autoui layer previews widget_display, and only it', () => {
    const layer = createAutouiLayer({catalog: createDefaultRegistry(), imageHosts: () => []});
    expect(layer.previewTool).to.be.a('function');
    expect(layer.previewTool!('canvas', {action: 'update'}, () => true)).to.equal(undefined);
    expect(layer.tools.every((t) => !('preview' in t)), 'the model never sees the previewer').to.equal(true);
  });

  it('waits for the widget name to be finished: "stat" may still become "stat-card"', () => {
    const preview = previewer();
    expect(preview({name: 'stat'}, ['/name'])).to.equal(undefined);
    expect(preview({name: 'stat-card', params: {}})).to.deep.equal({type: 'stat-card'});
    expect(preview({name: 'no-such-widget', params: {}})).to.equal(undefined);
    // The same repairs as the finished call: a name from "type", a spaced name.
    expect(preview({type: 'Stat Card', params: {}})?.type).to.equal('stat-card');
  });

  it('is a busy frame until the required params are there, then shows the rows finished so far', () => {
    const preview = previewer();
    expect(preview({name: 'chart', params: {type: 'line'}})).to.deep.equal({type: 'chart'});
    const rows = [['2026-01-01', 'Paris', 1], ['2026-01-02', 'Lyon', 2], ['2026-01-03', 'Ni']];
    const shown = preview({name: 'table', params: {title: 'Sales', rows}}, ['/params/rows/2/1']);
    // The row being written is shown as far as it goes (its cut string is text, not a URL).
    expect(shown?.params?.rows).to.deep.equal(rows);
    expect(preview({name: 'chart', params: {type: 'line', datasets: [{label: 'cpu', data: [1, 2, 3]}]}})?.params).to.deep.equal({
      type: 'line',
      datasets: [{label: 'cpu', data: [1, 2, 3]}],
    });
  });

  it('leaves out what does not validate yet instead of failing the draft', () => {
    const preview = previewer();
    // A scatter point still missing its y, and a partial enum value.
    const scatter = preview({name: 'chart', params: {type: 'scatter', datasets: [{data: [{x: 1, y: 2}, {x: 3}]}]}});
    expect(scatter?.params?.datasets).to.deep.equal([{data: [{x: 1, y: 2}]}]);
    expect(preview({name: 'chart', params: {type: 'li'}})).to.deep.equal({type: 'chart'});
    // A height out of range stays out of the draft (the finished call will say why).
    expect(preview({name: 'chart', params: {type: 'line', datasets: [{data: [1]}], height: 5, title: 'Load'}})?.params).to.deep.equal({
      type: 'line',
      datasets: [{data: [1]}],
      title: 'Load',
    });
  });

  it('never shows an unfinished URL: a half-written host is another host', () => {
    const preview = previewer({hosts: ['images.example.org']});
    const writing = preview({name: 'profile', params: {name: 'Ada', avatar: 'https://images.example.org'}}, ['/params/avatar']);
    expect(writing?.params, 'the avatar being written is left out').to.deep.equal({name: 'Ada'});
    // A key written a second time changes in place, not at the end: it is still left out.
    const again = preview({name: 'profile', params: {name: 'Ada', avatar: 'https://images.example.org', subtitle: 'Engineer'}}, ['/params/avatar']);
    expect(again?.params).to.deep.equal({name: 'Ada', subtitle: 'Engineer'});
    const finished = preview({name: 'profile', params: {name: 'Ada', avatar: 'https://images.example.org/ada.png', subtitle: 'Engi'}});
    expect(finished?.params).to.deep.equal({name: 'Ada', avatar: 'https://images.example.org/ada.png', subtitle: 'Engi'});
  });

  it('holds back the last word of text when it may be a link or an image being written', () => {
    const preview = previewer();
    const md = (content: string) => preview({name: 'markdown', params: {content}}, ['/params/content'])?.params?.content;
    expect(md('Read the docs at https://docs.exa')).to.equal('Read the docs at ');
    expect(md('See ![chart](https://images.example.org/a')).to.equal('See ');
    expect(md('Done. See [the docs](https://docs.example.org/a) and more')).to.equal('Done. See [the docs](https://docs.example.org/a) and more');
    // Finished text is shown whole; params written beside the name have their paths at the root.
    expect(preview({name: 'markdown', params: {content: 'at https://docs.exa'}})?.params?.content).to.equal('at https://docs.exa');
    expect(preview({name: 'markdown', content: 'at https://docs.exa'}, ['/content'])?.params?.content).to.equal('at ');
    // A word as long as a model likes (a data URI, minified code) costs its length, not its square:
    // with a regex retrying from each position this would take minutes and the test time out.
    const long = 'x'.repeat(200_000);
    expect(md(`${long} then more`)).to.equal(`${long} then more`);
    expect(md(`${long} see data:${long}`)).to.equal(`${long} see `);
  });

  it('applies the URL rules of the finished call to finished values', () => {
    const gate = previewer({hosts: ['images.example.org']});
    const links = gate({name: 'list', params: {items: [{text: 'a', url: 'javascript:alert(1)'}, {text: 'b', url: 'https://example.org/b'}], title: 'L'}});
    expect(links?.params?.items).to.deep.equal([{text: 'a'}, {text: 'b', url: 'https://example.org/b'}]);
    const drop = previewer({hosts: ['images.example.org'], blockedImages: 'drop'});
    const gallery = drop({name: 'gallery', params: {images: [{src: 'https://elsewhere.example.com/x.png', alt: 'x'}, {src: 'https://images.example.org/y.png', alt: 'y'}], title: 'G'}});
    expect(gallery?.params?.images, 'an image the page does not allow is dropped from the draft as from the widget').to.deep.equal([{src: 'https://images.example.org/y.png', alt: 'y'}]);
  });

  it('never changes the partial arguments it reads (the parser grows them in place)', () => {
    const preview = previewer();
    const params = {type: 'scatter', datasets: [{data: [{x: 1, y: 2}, {x: 3}]}]};
    const before = JSON.stringify(params);
    preview({name: 'chart', params});
    expect(JSON.stringify(params)).to.equal(before);
  });
});
