/**
 * The layering of src/ (docs/architecture.md, "Modules"), checked by `npm run lint:deps` inside
 * `npm test`: every import that goes against the table fails, and so does every cycle, type-only
 * imports included (they tie modules together just as much for a reader and for the compiler).
 *
 * Each folder may import itself, the leaves every layer shares (`src/errors.ts`,
 * `src/define-element.ts`) and what its row allows. Entries (`src/*.ts` besides the leaves) may
 * import anything.
 */

/** What each folder of src/ may import besides itself and the shared leaves. */
const ALLOWED = {
  schema: [],
  policy: ['schema'],
  // Tracing: the seam every layer calls (no-op when off) and the lazy OpenTelemetry chunk. Imports nothing of ours.
  telemetry: [],
  agent: ['schema', 'policy', 'telemetry'],
  providers: ['schema', 'telemetry'],
  mcp: ['agent', 'schema', 'policy', 'telemetry'],
  session: ['schema', 'policy', 'agent', 'providers', 'mcp', 'telemetry', 'ag-ui'],
  // The AG-UI runner: a question answered by the site's own agent, with the loop's dispatcher for its frontend tools.
  'ag-ui': ['agent', 'providers', 'mcp'],
  webmcp: ['agent', 'schema', 'policy', 'session', 'telemetry'],
  widgets: ['schema', 'policy', 'styles', 'generated'],
  canvas: ['widgets', 'session', 'policy', 'styles'],
  element: ['schema', 'policy', 'agent', 'providers', 'mcp', 'session', 'webmcp', 'widgets', 'canvas', 'styles', 'files', 'telemetry'],
  // The local files engine: no DOM (its Worker's source is a generated string module).
  files: ['agent', 'schema', 'policy', 'webmcp', 'generated'],
  styles: [],
  oauth: [],
  proxy: [],
  generated: [],
};

const LEAVES = '^src/(errors|define-element)[.]ts$';
/** The LanguageModel spec: the one part of src/providers/ the loop may use (types only, see below). */
const PROVIDER_SPEC = '^src/providers/(language-model|model-messages)[.]ts$';
const folders = Object.keys(ALLOWED);

/** One rule per folder: anything under src/ that is not itself, a leaf or an allowed folder is forbidden. */
const layerRules = folders.map((folder) => ({
  name: `layer-${folder}`,
  comment: `src/${folder}/ may import only ${ALLOWED[folder].length ? ALLOWED[folder].map((f) => `src/${f}/`).join(', ') : 'itself'} (and the shared leaves)`,
  severity: 'error',
  from: {path: `^src/${folder}/`},
  to: {
    path: '^src/',
    pathNot: [`^src/${folder}/`, LEAVES, ...ALLOWED[folder].map((f) => `^src/${f}/`), ...(folder === 'agent' ? [PROVIDER_SPEC] : [])],
  },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'agent-spec-imports-are-type-only',
      comment: 'the loop calls a LanguageModel: src/agent/ imports the provider spec as types only, so no provider code reaches it',
      severity: 'error',
      from: {path: '^src/agent/'},
      to: {path: '^src/providers/', dependencyTypesNot: ['type-only']},
    },
    {
      name: 'leaves-import-nothing',
      comment: 'src/errors.ts and src/define-element.ts are shared by every layer, so they import nothing of src/',
      severity: 'error',
      from: {path: LEAVES},
      to: {path: '^src/'},
    },
    {
      name: 'core-entry-is-dom-free',
      comment:
        'autoui-agent/core runs where there is no DOM (a Web Worker, a server): nothing it reaches, through static or dynamic imports, may be an element, the canvas, the styles, or a library that needs the DOM',
      severity: 'error',
      from: {path: '^src/core[.]ts$'},
      to: {
        reachable: true,
        path: ['^src/(element|canvas|styles)/', '(^|/)node_modules/(lit|lit-html|lit-element|@lit|@lit-labs|chart[.]js|leaflet|marked|dompurify)/'],
      },
    },
    {
      name: 'proxy-stands-alone',
      comment:
        'autoui-agent/proxy runs on servers and edge runtimes: it imports nothing else of src/ (not even the shared leaves) and no library of the browser build',
      severity: 'error',
      from: {path: '^src/proxy/'},
      to: {path: ['^src/(?!proxy/)', '(^|/)node_modules/(lit|lit-html|lit-element|@lit|chart[.]js|leaflet|marked|dompurify|@modelcontextprotocol)/']},
    },
    {
      name: 'browser-code-never-imports-the-proxy',
      comment: 'the key proxy holds keys on a server: no browser module may bring it into a page',
      severity: 'error',
      from: {path: '^src/', pathNot: '^src/proxy/'},
      to: {path: '^src/proxy/'},
    },
    {
      name: 'element-features-stand-apart',
      comment:
        'a feature of the element (a folder of src/element/) uses the shell at the root of src/element/ and src/element/common/, never another feature: a feature is one folder plus its line in the element',
      severity: 'error',
      from: {path: '^src/element/([^/]+)/'},
      to: {path: '^src/element/[^/]+/', pathNot: ['^src/element/$1/', '^src/element/common/']},
    },
    {
      name: 'element-common-stands-alone',
      comment: 'src/element/common/ holds what several features use: it imports no feature and nothing of the shell',
      severity: 'error',
      from: {path: '^src/element/common/'},
      to: {path: '^src/element/', pathNot: '^src/element/common/'},
    },
    {
      name: 'no-circular',
      comment: 'no import cycles, type-only imports included',
      severity: 'error',
      from: {path: '^src/'},
      to: {circular: true},
    },
  ],
  options: {
    doNotFollow: {path: 'node_modules'},
    exclude: {path: ['\\.d\\.ts$']},
    // Type-only imports count: a cycle of types is still a cycle for the reader.
    tsPreCompilationDeps: true,
    tsConfig: {fileName: 'tsconfig.json'},
    enhancedResolveOptions: {extensions: ['.ts', '.js'], conditionNames: ['import', 'browser', 'default']},
  },
};
