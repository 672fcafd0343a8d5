import {expect} from '@open-wc/testing';
import {createAutouiLayer} from '../../src/webmcp/autoui-layer.js';
import {createWebMcpServer} from '../../src/webmcp/webmcp-server.js';
import {WidgetStore} from '../../src/session/widget-store.js';
import {vetoableCanvas} from '../../src/session/vetoable-canvas.js';
import {createDefaultRegistry} from '../../src/widgets/catalog.js';
import type {ToolExecutionContext} from '../../src/agent/types.js';

function setup(options: {hosts?: string[]; veto?: boolean; blockedImages?: 'gate' | 'drop'} = {}) {
  const registry = createDefaultRegistry();
  const store = new WidgetStore();
  const asked: Array<[string, unknown]> = [];
  const layer = createAutouiLayer({catalog: registry, imageHosts: () => options.hosts ?? ['images.example.org'], blockedImages: options.blockedImages});
  // The canvas a session hands to tools: the store, with the page's veto before each new widget.
  const widgets = vetoableCanvas(store, ({type, params}) => {
    asked.push([type, params]);
    return !options.veto;
  });
  const ctx: ToolExecutionContext = {signal: new AbortController().signal, callId: 'c1', reportProgress() {}, widgets};
  const run = async (name: string, args: Record<string, unknown>) => {
    const out = await layer.execute!(name, args, ctx);
    return {...out, json: JSON.parse(out.text.startsWith('{') ? out.text : '{}') as Record<string, any>};
  };
  return {registry, store, layer, run, asked, ctx};
}

describe('autoui layer: recipes', () => {
  it('offers the recipe and action tools under the server name autoui', () => {
    const {layer} = setup();
    expect(layer.serverName).to.equal('autoui');
    expect(layer.tools.map((t) => t.name)).to.deep.equal(['search_recipes', 'list_recipes', 'get_recipe', 'widget_display', 'canvas']);
    expect(layer.tools.filter((t) => t.displays).map((t) => t.name), 'offered from the first request').to.deep.equal(['widget_display', 'canvas']);
    expect(layer.tools.find((t) => t.name === 'widget_display')!.description).to.contain('stat-card');
    expect(layer.recipes!.map((r) => r.name)).to.include.members(['stat', 'dashboard', 'map-table']);
  });

  it('the first request names every widget with what it is for, and each widget keeps a recipe that says when to use it', async () => {
    const {layer, registry, run} = setup();
    const description = layer.tools.find((t) => t.name === 'widget_display')!.description!;
    for (const definition of registry.list()) {
      expect(description, definition.type).to.contain(`${definition.type}: ${definition.description}`);
      expect(definition.description.length, `${definition.type} says what it shows`).to.be.greaterThan(10);
      const recipe = await run('get_recipe', {name: definition.type});
      expect(recipe.isError, `${definition.type} has a recipe`).to.not.equal(true);
      expect(recipe.text, `${definition.type}'s recipe says when to use it`).to.match(/when:/);
    }
  });

  const first = async (query: string) => (await setup().run('search_recipes', {query})).json.recipes.map((r: {name: string}) => r.name);

  it('finds recipes in French and English, ignoring case and accents', async () => {
    expect((await first('carte des villes'))[0]).to.equal('map-table');
    expect(await first('graphique')).to.include('dashboard');
    expect((await first('Tableau de BORD'))[0]).to.equal('dashboard');
    expect((await first('synthèse'))[0]).to.equal('dashboard');
    expect((await first('chiffre clé'))[0]).to.match(/^(stat|stat-card|dashboard)$/);
    expect((await first('key-value pairs')).slice(0, 2)).to.include('kv');
  });

  it('says which recipes exist when nothing matches, and reads one in full', async () => {
    const {run} = setup();
    const none = await run('search_recipes', {query: 'zzzz'});
    expect(none.json.recipes).to.deep.equal([]);
    expect(none.json.hint).to.contain('dashboard');
    const all = await run('list_recipes', {});
    expect(all.json.recipes.length).to.be.greaterThan(10);
    const recipe = await run('get_recipe', {name: 'dashboard'});
    expect(recipe.text).to.contain('widget_display({"name": "stat-card"');
    const missing = await run('get_recipe', {name: 'nope'});
    expect(missing.isError).to.equal(true);
    expect(missing.json.known).to.include('dashboard');
  });

  it('lets a page build its own server with tools and recipes', async () => {
    const {ctx} = setup();
    const {layer, execute} = createWebMcpServer('designkit', {
      description: 'Design kit',
      recipes: ['---\nname: hero\ndescription: A hero banner\nwhen: landing pages\nkeywords: banner, bandeau\n---\nUse hero.'],
      tools: [{name: 'shout', description: 'Upper-cases', execute: (args) => String(args.text).toUpperCase()}],
    });
    expect(layer.tools.map((t) => t.name)).to.deep.equal(['search_recipes', 'list_recipes', 'get_recipe', 'shout']);
    expect((await execute('shout', {text: 'hi'}, ctx)).text).to.equal('HI');
    expect(JSON.parse((await execute('search_recipes', {query: 'bandeau'}, ctx)).text).recipes[0].name).to.equal('hero');
    const unknown = await execute('nope', {}, ctx);
    expect(unknown.isError).to.equal(true);
    expect(unknown.text).to.contain('shout');
  });
});

describe('autoui layer: widget_display', () => {
  it('validates, adds to the store and returns {widget, id} with data for the loop', async () => {
    const {run, store, asked} = setup();
    const out = await run('widget_display', {name: 'stat', params: {label: 'Deputies', value: 577}});
    expect(out.isError).to.equal(undefined);
    expect(out.json).to.deep.equal({widget: 'stat', id: store.list()[0].id});
    expect(out.data).to.deep.equal({widget: 'stat', id: store.list()[0].id, params: {label: 'Deputies', value: 577}});
    expect(asked).to.deep.equal([['stat', {label: 'Deputies', value: 577}]]);
  });

  it('repairs flat params, JSON-string params and numeric strings, and says so', async () => {
    const {run, store} = setup();
    const flat = await run('widget_display', {name: 'stat', label: 'A', value: 1});
    expect(flat.json.repaired.join(' ')).to.contain('moved into "params"');
    const stringly = await run('widget_display', {name: 'stat', params: '{"label": "B", "value": 2, "decimals": "1"}'});
    expect(stringly.isError).to.equal(undefined);
    expect(stringly.json.repaired.join(' ')).to.contain('JSON string');
    expect(stringly.json.repaired.join(' ')).to.contain('/decimals');
    expect(store.list().map((w) => w.params)).to.deep.equal([
      {label: 'A', value: 1},
      {label: 'B', value: 2, decimals: 1},
    ]);
  });

  it('refuses invalid params with details, a path and the expected schema, adding nothing', async () => {
    const {run, store} = setup();
    const out = await run('widget_display', {name: 'stat', params: {value: 'x', extra: true}});
    expect(out.isError).to.equal(true);
    expect(out.json.error).to.equal('Validation failed');
    expect(out.json.details.map((d: {path: string}) => d.path)).to.include.members(['/label', '/extra']);
    expect(out.json.expected_schema.required).to.deep.equal(['label', 'value']);
    expect(store.list()).to.deep.equal([]);
  });

  it('names the known widgets for an unknown one', async () => {
    const {run} = setup();
    const out = await run('widget_display', {name: 'pie-in-the-sky', params: {}});
    expect(out.isError).to.equal(true);
    expect(out.json.known_widgets).to.include.members(['stat', 'kv']);
  });

  it('is vetoed by the page: no widget, an error result saying so', async () => {
    const {run, store} = setup({veto: true});
    const out = await run('widget_display', {name: 'stat', params: {label: 'A', value: 1}});
    expect(out.isError).to.equal(true);
    expect(out.text).to.contain('vetoed by the page');
    expect(store.list()).to.deep.equal([]);
  });

  it('keeps images from other hosts for a click by default, and says so', async () => {
    const {run, store} = setup({hosts: ['images.example.org']});
    const out = await run('widget_display', {name: 'profile', params: {name: 'Ada', avatar: 'https://cdn.example.com/a.png'}});
    expect(out.json.images_behind_a_click).to.deep.equal(['/avatar']);
    expect((store.list()[0].params as Record<string, unknown>).avatar).to.equal('https://cdn.example.com/a.png');
    const bad = await run('widget_display', {name: 'profile', params: {name: 'Eve', avatar: 'javascript:alert(1)'}});
    expect(bad.json.dropped_urls[0].path).to.equal('/avatar');
    expect((store.list()[1].params as Record<string, unknown>).avatar).to.equal(undefined);
  });

  it('drops non-http links, and images from hosts the page did not allow with blockedImages: drop', async () => {
    const {run, store} = setup({hosts: ['images.example.org'], blockedImages: 'drop'});
    const out = await run('widget_display', {
      name: 'profile',
      params: {
        name: 'Ada',
        avatar: 'https://tracker.example.com/pixel.png',
        links: [
          {label: 'Site', url: 'https://ada.example.org'},
          {label: 'Bad', url: 'javascript:alert(1)'},
        ],
      },
    });
    expect(out.isError, out.text).to.equal(undefined);
    const params = store.list()[0].params as Record<string, any>;
    expect(params.avatar).to.equal(undefined);
    expect(params.links).to.deep.equal([{label: 'Site', url: 'https://ada.example.org'}]);
    expect(out.json.dropped_urls.map((d: {path: string}) => d.path)).to.include.members(['/avatar', '/links/1/url', '/links/1']);
    const allowed = await run('widget_display', {name: 'profile', params: {name: 'Bob', avatar: 'https://images.example.org/bob.jpg'}});
    expect(allowed.json.dropped_urls).to.equal(undefined);
    expect((store.list()[1].params as Record<string, unknown>).avatar).to.equal('https://images.example.org/bob.jpg');
  });

  it('keeps a map tile template that is a path on the page\'s site, and refuses one with another scheme', async () => {
    const {run, store} = setup();
    const local = await run('widget_display', {name: 'map', params: {markers: [{lat: 1, lng: 2}], tileUrl: '/tiles/{z}/{x}/{y}.png'}});
    expect(local.json.dropped_urls).to.equal(undefined);
    expect((store.list()[0].params as Record<string, unknown>).tileUrl).to.equal('/tiles/{z}/{x}/{y}.png');
    const bad = await run('widget_display', {name: 'map', params: {markers: [{lat: 1, lng: 2}], tileUrl: 'javascript:alert(1)//{z}'}});
    expect(bad.isError).to.equal(true);
    expect(bad.json.details.map((d: {path: string}) => d.path)).to.deep.equal(['/tileUrl']);
    expect(store.list().length).to.equal(1);
  });

  it('reads image-hosts entries the same way everywhere: a host, an origin or a wildcard', async () => {
    for (const entry of ['img.example.org', 'https://img.example.org', '*.example.org']) {
      const {run} = setup({hosts: [entry], blockedImages: 'drop'});
      const out = await run('widget_display', {name: 'profile', params: {name: 'Ada', avatar: 'https://img.example.org/ada.png'}});
      expect(out.json.dropped_urls, entry).to.equal(undefined);
    }
  });

  it('loads map tiles only from a host the page allows, never from a protocol-relative URL', async () => {
    const {run, store} = setup({hosts: ['tiles.example.org']});
    const marker = [{lat: 1, lng: 2}];
    const allowed = await run('widget_display', {name: 'map', params: {markers: marker, tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png'}});
    expect(allowed.json.dropped_urls).to.equal(undefined);
    const foreign = await run('widget_display', {name: 'map', params: {markers: marker, tileUrl: 'https://collector.example.com/{z}/{x}/{y}.png?d=secret'}});
    expect(foreign.json.dropped_urls.map((d: {path: string}) => d.path)).to.deep.equal(['/tileUrl']);
    expect((store.list()[1].params as Record<string, unknown>).tileUrl).to.equal(undefined);
    const relative = await run('widget_display', {name: 'map', params: {markers: marker, tileUrl: '//collector.example.com/{z}/{x}/{y}.png'}});
    expect(relative.isError).to.equal(true);
    expect(store.list().length).to.equal(2);
  });
});

describe('autoui layer: canvas', () => {
  async function withTwo() {
    const s = setup();
    const a = (await s.run('widget_display', {name: 'stat', params: {label: 'A', value: 1}})).json.id as string;
    const b = (await s.run('widget_display', {name: 'stat', params: {label: 'B', value: 2}})).json.id as string;
    return {...s, a, b};
  }

  it('lists widgets with ids, types and short params', async () => {
    const {run, a, b} = await withTwo();
    const out = await run('canvas', {action: 'list'});
    expect(out.json.widgets).to.deep.equal([
      {id: a, type: 'stat', params: '{"label":"A","value":1}'},
      {id: b, type: 'stat', params: '{"label":"B","value":2}'},
    ]);
  });

  it('updates by merging params, re-validates, and refuses invalid ones unchanged', async () => {
    const {run, store, a} = await withTwo();
    const out = await run('canvas', {action: 'update', id: a, params: {value: 42, decimals: '1', caption: 'now'}});
    expect(out.isError).to.equal(undefined);
    expect(out.json.repaired.join(' ')).to.contain('/decimals');
    expect(store.get(a)!.params).to.deep.equal({label: 'A', value: 42, decimals: 1, caption: 'now'});
    const removeKey = await run('canvas', {action: 'update', id: a, params: {caption: null}});
    expect(removeKey.isError).to.equal(undefined);
    expect(store.get(a)!.params).to.deep.equal({label: 'A', value: 42, decimals: 1});
    const bad = await run('canvas', {action: 'update', id: a, params: {label: 7}});
    expect(bad.isError).to.equal(true);
    expect(bad.json.error).to.equal('Validation failed');
    expect(bad.json.details[0].path).to.equal('/label');
    expect(bad.json.expected_schema).to.be.an('object');
    expect(store.get(a)!.params).to.deep.equal({label: 'A', value: 42, decimals: 1});
  });

  it('moves, resizes, styles with an allow-list, removes and clears', async () => {
    const {run, store, a, b} = await withTwo();
    expect((await run('canvas', {action: 'move', id: a, x: 10, y: '20'})).json.position).to.deep.equal({x: 10, y: 20});
    expect((await run('canvas', {action: 'resize', id: a, params: {width: 300, height: 200}})).json.size).to.deep.equal({width: 300, height: 200});
    const styled = await run('canvas', {action: 'style', id: a, params: {background: '#fef3c7', borderColor: 'rgb(0, 0, 0)', fontSize: 18, position: 'fixed', color: 'url(https://evil.example/x)'}});
    expect(styled.json.style).to.deep.equal({background: '#fef3c7', 'border-color': 'rgb(0, 0, 0)', 'font-size': '18px'});
    expect(styled.json.refused.map((r: {property: string}) => r.property)).to.deep.equal(['position', 'color']);
    expect(store.get(a)).to.deep.include({position: {x: 10, y: 20}, size: {width: 300, height: 200}});
    const onlyBad = await run('canvas', {action: 'style', id: a, params: {background: 'url(x)'}});
    expect(onlyBad.isError).to.equal(true);
    expect((await run('canvas', {action: 'move', id: a})).isError).to.equal(true);
    expect((await run('canvas', {action: 'remove', id: a})).json).to.deep.equal({removed: a});
    expect(store.list().map((w) => w.id)).to.deep.equal([b]);
    expect((await run('canvas', {action: 'clear'})).json).to.deep.equal({cleared: 1});
    expect(store.list()).to.deep.equal([]);
  });

  it('answers an unknown id or action with what exists', async () => {
    const {run, a, b} = await withTwo();
    const out = await run('canvas', {action: 'remove', id: 'w_zzzzzz'});
    expect(out.isError).to.equal(true);
    expect(out.json.ids).to.deep.equal([`${a} (stat)`, `${b} (stat)`]);
    const action = await run('canvas', {action: 'explode', id: a});
    expect(action.isError).to.equal(true);
    expect(action.text).to.contain('update');
  });

  it('leaves recall to the agent loop', async () => {
    const {run} = setup();
    const out = await run('recall', {id: 'x'});
    expect(out.isError).to.equal(true);
  });
});

