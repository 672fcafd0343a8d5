/**
 * The built-in widgets as the widget gallery shows them (scripts/docs-gallery.mjs writes its pages,
 * scripts/docs-gallery-pictures.mjs draws its pictures): read from the sources the element itself
 * is built from, so the gallery cannot drift from them. For each type: its JSON Schema
 * (src/widgets/<type>/<type>.schema.json), its recipe's front matter and example call
 * (<type>.recipe.md), in the order of `builtinWidgets` (src/widgets/catalog.ts), the order the
 * model sees them.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/**
 * A tile of the repository's, served by the page's own site so a map draws with no internet (the
 * map widget's own tests use it): the example's tiles when the picture or the live example is drawn.
 */
export const OFFLINE_TILE = 'test/fixtures/tiles/tile.png';

/** The widget types of `builtinWidgets`, in its order, with the folder each comes from. */
export function builtinTypes() {
  const catalog = readFileSync(join(root, 'src/widgets/catalog.ts'), 'utf8');
  const folders = new Map([...catalog.matchAll(/import \{(\w+)\} from '\.\/([\w-]+)\/[\w-]+\.definition\.js';/g)].map((m) => [m[1], m[2]]));
  const list = /export const builtinWidgets = \[([^\]]*)\]/.exec(catalog)?.[1];
  if (!list) throw new Error('src/widgets/catalog.ts: no builtinWidgets list');
  return list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => {
      const folder = folders.get(name);
      if (!folder) throw new Error(`src/widgets/catalog.ts: no import for ${name}`);
      return folder;
    });
}

/** The front matter of a recipe (`key: value` lines) and its body. */
function parseRecipe(text) {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  const meta = {};
  for (const line of (match?.[1] ?? '').split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) meta[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return {meta, body: match ? text.slice(match[0].length) : text};
}

/**
 * The recipe's example call, `widget_display({...})` in its first JSON block: its source text as
 * the recipe writes it, and its parsed argument.
 */
function exampleCall(body, type) {
  const block = /```json\n([\s\S]*?widget_display\([\s\S]*?)\n```/.exec(body)?.[1];
  if (!block) throw new Error(`src/widgets/${type}/${type}.recipe.md: no widget_display example`);
  const start = block.indexOf('widget_display(') + 'widget_display('.length;
  const argument = JSON.parse(block.slice(start, block.lastIndexOf(')')));
  if (argument.name !== type) throw new Error(`src/widgets/${type}/${type}.recipe.md: its example shows ${argument.name}`);
  return {source: block.trim(), params: argument.params};
}

/**
 * The example's params as the gallery draws them offline: a map's tiles from {@link OFFLINE_TILE}
 * (a path on the page's site, which the tile rule allows) instead of OpenStreetMap's. Everything
 * else is the recipe's, images included: those from hosts the page does not allow are shown as the
 * element shows them, behind a button, with no request made.
 * @param {string} type
 * @param {object} params
 * @param {string} tile where the page serves {@link OFFLINE_TILE}: a path on its own site
 */
export function offlineParams(type, params, tile) {
  if (type !== 'map' || params.tileUrl) return params;
  return {...params, tileUrl: `${tile}?{z}/{x}/{y}`};
}

/**
 * Every built-in widget: `{type, tagName, description, when, schema, example: {source, params}}`.
 */
export function galleryWidgets() {
  return builtinTypes().map((type) => {
    const dir = join(root, 'src/widgets', type);
    const schema = JSON.parse(readFileSync(join(dir, `${type}.schema.json`), 'utf8'));
    const {meta, body} = parseRecipe(readFileSync(join(dir, `${type}.recipe.md`), 'utf8'));
    if (meta.widget && meta.widget !== type) throw new Error(`src/widgets/${type}/${type}.recipe.md names ${meta.widget}`);
    return {type, tagName: `autoui-${type}`, description: meta.description ?? '', when: meta.when ?? '', schema, example: exampleCall(body, type)};
  });
}

/**
 * A snapshot (`agent.restore()`'s input) holding one widget: the example of `widget`, offline. The
 * pictures and the live examples both draw a widget this way, with no model and no server.
 */
export function exampleSnapshot(widget, tile) {
  return {
    format: 'autoui-snapshot',
    version: 1,
    createdAt: '2026-01-15T10:00:00.000Z',
    widgets: [{id: 'w_galler', type: widget.type, params: offlineParams(widget.type, widget.example.params, tile)}],
    transcript: [],
    servers: [],
  };
}
