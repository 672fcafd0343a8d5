/**
 * The documentation site (`npm run docs`, VitePress): the pages of docs/, with the reference and
 * the changelog that scripts/docs-reference.mjs writes first. Anchors are made as GitHub makes
 * them, so a link such as `no-key.md#the-browsers-own-model` works on GitHub and on the site.
 * Dead internal links fail the build (VitePress's default).
 */
import {githubSlug} from './github-slug.mjs';
import {builtinTypes} from '../../scripts/docs-gallery-widgets.mjs';

const guide = [
  ['Use it on a page', '/guide/script-tags'],
  ['Install with npm', '/guide/npm'],
  ['With a framework', '/guide/frameworks'],
  ['The element: attributes, events, API', '/guide/element'],
  ['Starter questions', '/guide/starter-questions'],
  ['The built-in UI and styling', '/guide/styling'],
  ['Widgets and the canvas', '/guide/widgets'],
  ['Widgets while the model writes', '/guide/drafts'],
  ['Tool approval', '/guide/approval'],
  ['Canvases that outlive the page', '/guide/snapshots'],
  ['Your own files', '/guide/files'],
  ['Providers', '/guide/providers'],
  ['No key at all', '/guide/no-key'],
  ['MCP servers', '/guide/mcp-servers'],
  ['Signing in (OAuth)', '/guide/sign-in'],
  ['Questions from servers', '/guide/elicitation'],
  ['MCP Apps', '/guide/mcp-apps'],
  ['WebMCP', '/guide/webmcp'],
  ["The site's own agent (AG-UI)", '/guide/ag-ui'],
  ['The core, without the element', '/guide/core'],
  ['The demo', '/guide/demo'],
];
const operations = [
  ['The key proxy', '/operations/key-proxy'],
  ['Security', '/operations/security'],
  ['Reliability', '/operations/reliability'],
  ['Performance', '/operations/performance'],
  ['Evaluation', '/operations/evaluation'],
];
const project = [
  ['Architecture', '/architecture'],
  ['Development', '/development'],
  ['Changelog', '/changelog'],
];
const items = (list) => list.map(([text, link]) => ({text, link}));
// The widget gallery's pages, one per built-in widget type (written by scripts/docs-gallery.mjs).
const widgets = [{text: 'All widgets', link: '/widgets/'}, ...builtinTypes().map((type) => ({text: type, link: `/widgets/${type}`}))];

export default {
  title: 'autoui-agent',
  description: 'One custom element that gives any HTML page an LLM tool-calling agent over MCP servers.',
  lang: 'en',
  // The site is static files: no analytics, no fonts or search from another host.
  head: [],
  lastUpdated: false,
  markdown: {anchor: {slugify: githubSlug}},
  themeConfig: {
    nav: [
      {text: 'Guide', link: '/guide/script-tags'},
      {text: 'Widgets', link: '/widgets/'},
      {text: 'Reference', link: '/reference/'},
      {text: 'Operations', link: '/operations/key-proxy'},
      {text: 'Changelog', link: '/changelog'},
    ],
    sidebar: [
      {text: 'Guide', items: items(guide)},
      {text: 'Widget gallery', collapsed: true, items: widgets},
      {text: 'Reference', items: [{text: 'Overview', link: '/reference/'}, {text: '&lt;autoui-agent&gt;', link: '/reference/autoui-agent'}, {text: '&lt;autoui-server&gt;', link: '/reference/autoui-server'}, {text: 'Error codes', link: '/reference/errors'}]},
      {text: 'Operations', items: items(operations)},
      {text: 'Project', items: items(project)},
    ],
    outline: {level: [2, 3]},
    search: {provider: 'local'},
  },
};
