import {defineConfig, type Plugin, type UserConfig} from 'vite';
import {fileURLToPath} from 'node:url';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {leafletTrustedTypes} from './scripts/leaflet-trusted-types.mjs';
import {zodWithoutJsonSchema} from './scripts/zod-without-json-schema.mjs';
import {lazySdkDependencies} from './scripts/lazy-sdk-dependencies.mjs';
import {compileHints} from './scripts/build-compile-hints.mjs';


/** The npm packages inside the files Worker's source (written by scripts/gen-files-worker.mjs). */
const filesWorkerPackages = new URL('./src/generated/files-worker-packages.json', import.meta.url);

/** The MCP client's runtime shim, with our validator as its default (one copy of cfworker in the bundle). */
const sdkShims = fileURLToPath(new URL('./src/mcp/sdk-shims.ts', import.meta.url));

/**
 * The MCP SDK v2 packages declare no `sideEffects`, so a bundler keeps every module they hold,
 * used or not (auth flavours, DPoP, tasks, stdio framing: about 50 kB gzip). Their modules only
 * define things, so they are tree-shaken like side-effect-free code; the end-to-end tests run the
 * built bundle against real servers of both eras to keep this honest.
 */
const treeshake = {moduleSideEffects: (id: string) => !/node_modules[\\/]@modelcontextprotocol[\\/](client|core|ext-apps)[\\/]/.test(id)};

/**
 * The package's runtime `dependencies` and its optional peers (DuckDB-WASM, for `files-engine="duckdb"`):
 * what the bundler build imports instead of inlining.
 */
const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const dependencies = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies ?? {})];

/**
 * True for an import the bundler build leaves to the app's bundler: a declared dependency or one
 * of its subpaths. Vite's own suffixes (`?inline`, `?raw`) are resolved here, whatever the package.
 */
const isDependency = (id: string) => !id.includes('?') && dependencies.some((name) => id === name || id.startsWith(`${name}/`));

/**
 * Makes each entry chunk import every chunk it needs statically, not only its direct imports, so
 * the browser requests them all at once instead of one level at a time (what Rollup's
 * `hoistTransitiveImports` does; Rolldown does not). The added imports come after the entry's
 * own, so evaluation order does not change: a module already evaluated is not run again, and
 * each still runs after the modules it imports.
 */
function hoistTransitiveImports(): Plugin {
  return {
    name: 'autoui-agent: hoist transitive imports',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
      for (const entry of [...chunks.values()].filter((c) => c.isEntry)) {
        const needed = new Set<string>();
        const visit = (file: string) => {
          for (const dep of chunks.get(file)?.imports ?? []) if (!needed.has(dep)) needed.add(dep), visit(dep);
        };
        visit(entry.fileName);
        const hoisted = [...needed].filter((dep) => !entry.imports.includes(dep));
        if (hoisted.length === 0) continue;
        const relative = (dep: string) => (dep.startsWith('chunks/') ? `./${dep}` : `./${dep.split('/').pop()}`);
        entry.code += hoisted.map((dep) => `import"${relative(dep)}";`).join('');
        entry.imports.push(...hoisted);
      }
    },
  };
}

/**
 * Writes `THIRD-PARTY-LICENSES.txt` beside the build: the name, version, license and license text
 * of every npm package whose code the build holds (minified code loses the notices that MIT, BSD
 * and ISC ask to travel with copies). Packages left to the app's bundler (the lib build's
 * `dependencies`) carry their own. The files Worker's packages (Papa Parse, SheetJS, sql.js) are
 * inside a string the bundler cannot see into: they are read from the list gen wrote beside it.
 */
function thirdPartyLicenses(): Plugin {
  return {
    name: 'autoui-agent: third-party licenses',
    generateBundle(_options, bundle) {
      const roots = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          const match = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id.replace(/^\0/, ''));
          if (match) roots.add(match[1]!);
        }
      }
      // The files Worker's source is a string: the packages it holds come from the list gen wrote.
      const holdsWorker = Object.values(bundle).some((c) => c.type === 'chunk' && c.moduleIds.some((id) => id.includes('files-worker-source')));
      if (holdsWorker) {
        for (const {name} of JSON.parse(readFileSync(filesWorkerPackages, 'utf8')) as {name: string}[]) roots.add(fileURLToPath(new URL(`./node_modules/${name}`, import.meta.url)));
      }
      const entries = [...roots]
        .map((root) => ({root, pkg: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {name: string; version: string; license?: string}}))
        .sort((a, b) => a.pkg.name.localeCompare(b.pkg.name))
        .map(({root, pkg}) => {
          const file = readdirSync(root).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
          const text = file && existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8').trim() : `License: ${pkg.license ?? 'see the package'}`;
          return `${pkg.name} ${pkg.version} (${pkg.license ?? 'unknown'})\n\n${text}`;
        });
      const header = 'autoui-agent includes code from these packages, under their licenses:\n\n';
      this.emitFile({type: 'asset', fileName: 'THIRD-PARTY-LICENSES.txt', source: header + entries.join(`\n\n${'-'.repeat(72)}\n\n`) + '\n'});
    },
  };
}

/**
 * Ships the MCP App sandbox proxy page as `dist/mcp-app-sandbox.html`: a static page, written by
 * hand in src/widgets/mcp-app/, that sites serve from another origin than their pages.
 */
function sandboxPage(): Plugin {
  return {
    name: 'autoui-agent: MCP App sandbox page',
    generateBundle() {
      const source = readFileSync(new URL('./src/widgets/mcp-app/mcp-app-sandbox.html', import.meta.url), 'utf8');
      this.emitFile({type: 'asset', fileName: 'mcp-app-sandbox.html', source});
      // The sign-in callback page; its script is the `oauth-callback` entry beside it.
      const callback = readFileSync(new URL('./src/oauth/oauth-callback.html', import.meta.url), 'utf8');
      this.emitFile({type: 'asset', fileName: 'oauth-callback.html', source: callback});
    },
  };
}

/** How the local model's runtime names its WebAssembly (src/providers/local/local-runtime.ts). */
const WLLAMA_WASM = '@wllama/wllama/esm/wasm/wllama.wasm?url';

/**
 * The local model's runtime WebAssembly (wllama, 10 MB) as a file beside the build, `wllama.wasm`,
 * whose URL the runtime's chunk computes from its own (a bundler that builds an app from dist/lib
 * sees `new URL(…, import.meta.url)` and copies the file): a library build would otherwise inline it
 * into that chunk as base64 (Vite inlines every asset in library mode), a third larger and
 * compiled from a string instead of streamed. The bundler build (dist/lib, where this module is in
 * _virtual/) points at the ES build's copy rather than shipping a second one.
 */
function wllamaWasmFile({emit}: {emit: boolean}): Plugin {
  const id = '\0autoui-wllama-wasm-url';
  return {
    name: 'autoui-agent: wllama wasm file',
    enforce: 'pre',
    resolveId: (source) => (source === WLLAMA_WASM ? id : undefined),
    load(loaded) {
      if (loaded !== id) return undefined;
      if (!emit) return `export default new URL('../../wllama.wasm', import.meta.url).href;`;
      const source = readFileSync(fileURLToPath(new URL('./node_modules/@wllama/wllama/esm/wasm/wllama.wasm', import.meta.url)));
      this.emitFile({type: 'asset', fileName: 'wllama.wasm', source});
      // The ES build puts this module in chunks/, one folder below the file.
      return `export default new URL('../wllama.wasm', import.meta.url).href;`;
    },
  };
}

/**
 * The standalone script leaves the local model's runtime out (its JavaScript and WebAssembly would
 * be 30 MB inside one classic script): `provider="local"` there fails with `LOCAL_MODEL_UNAVAILABLE`,
 * saying to use the ES build.
 */
function withoutLocalRuntime(): Plugin {
  const absent = fileURLToPath(new URL('./src/providers/local/local-model-absent.ts', import.meta.url));
  return {
    name: 'autoui-agent: no local runtime in the standalone script',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith('/local-model.js') || !importer) return undefined;
      const resolved = await this.resolve(source, importer, {skipSelf: true});
      return resolved?.id.endsWith('src/providers/local/local-model.ts') ? absent : undefined;
    },
  };
}

/**
 * The standalone script leaves DuckDB's client out too (`files-engine="duckdb"`, an opt-in whose
 * client and Apache Arrow would add 50 kB gzip to a script every page loads whole): there it
 * fails with `FILE_UNREADABLE`, saying to use the ES build.
 */
function withoutDuckdb(): Plugin {
  const absent = fileURLToPath(new URL('./src/files/duckdb/duckdb-engine-absent.ts', import.meta.url));
  return {
    name: 'autoui-agent: no DuckDB in the standalone script',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith('/duckdb-engine.js') || !importer) return undefined;
      const resolved = await this.resolve(source, importer, {skipSelf: true});
      return resolved?.id.endsWith('src/files/duckdb/duckdb-engine.ts') ? absent : undefined;
    },
  };
}

/**
 * A lazy chunk that is one npm package (the MCP client's `eventsource` and `pkce-challenge`, see
 * scripts/lazy-sdk-dependencies.mjs) is named after it, not after its file (`index`, `dist`).
 */
const lazyPackageChunkName = (chunk: {isDynamicEntry: boolean; facadeModuleId: string | null}) =>
  chunk.isDynamicEntry ? /[\\/]node_modules[\\/](eventsource|pkce-challenge)[\\/]/.exec(chunk.facadeModuleId ?? '')?.[1] : undefined;

/** The modules of the element's first load, split by whether the core can reach them (filled at the end of the module graph). */
const firstLoad = {element: new Set<string>(), shared: new Set<string>()};

/**
 * Finds the element's first load: every module `src/bundle.ts` imports statically. Those the core
 * can reach (statically or not) go to the `shared` group, so `core.js` and its lazy chunks never
 * import a chunk that holds an element (a Worker has no DOM to define one in).
 */
function firstLoadGroups(): Plugin {
  return {
    name: 'first-load-groups',
    buildEnd() {
      const closure = (entry: string, dynamic: boolean) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          const info = this.getModuleInfo(id);
          for (const next of [...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : [])]) visit(next);
        };
        const root = [...this.getModuleIds()].find((id) => id.endsWith(entry));
        if (root) visit(root);
        return seen;
      };
      const core = closure('/src/core.ts', true);

      for (const id of closure('/src/bundle.ts', false)) (core.has(id) ? firstLoad.shared : firstLoad.element).add(id);
    },
  };
}

/** The element's first-load chunks (the two groups below): compiled as they stream in (scripts/build-compile-hints.mjs). */
const isFirstLoadChunk = (chunk: {name: string; isEntry: boolean}) => !chunk.isEntry && (chunk.name === 'element' || chunk.name === 'shared');

/** The ES entries, built together so the element, `autoui-agent/core` and `autoui-agent/widgets` share every module they have in common. */
const entries = {'autoui-agent': 'src/bundle.ts', core: 'src/core.ts', widgets: 'src/widgets-entry.ts'};

/**
 * `autoui-agent/proxy`, the key proxy for servers and edge runtimes: an entry of the bundler build
 * only, since no page loads it from a script tag (and a browser build must never carry it).
 */
const serverEntries = {proxy: 'src/proxy/index.ts'};

/**
 * Four builds (`npm run build` runs them in this order; the first one empties dist/):
 * - default, the script-tag ES build (a CDN folder): `dist/autoui-agent.js` (the elements),
 *   `dist/core.js` (the DOM-free core) and `dist/widgets.js` (the canvas and the widgets' elements),
 *   every dependency inside, lazy chunks beside them under `dist/chunks/`;
 * - `--mode lib`, the bundler build that `import 'autoui-agent'` resolves to: one module per source
 *   file under `dist/lib/`, importing lit, chart.js, Leaflet, marked, … from `dependencies`, so an
 *   app's bundler dedupes them with its own and splits the `import()`s. The MCP client
 *   (`@modelcontextprotocol/client`, SDK v2, client only) is one of them. The MCP Apps SDK
 *   (`@modelcontextprotocol/ext-apps`) is inlined: as a dependency npm would install its peers,
 *   the MCP server package and React among them. The key proxy (`autoui-agent/proxy`,
 *   `dist/lib/proxy/`) is built here only, importing jose and eventsource-parser;
 * - `--mode classic`, `dist/autoui-agent.iife.js`: a classic script that loads the ES build from
 *   beside itself (src/classic-script.ts);
 * - `--mode standalone`, `dist/autoui-agent.standalone.iife.js`: everything in one classic script,
 *   for pages that cannot load modules (file://, no CDN).
 */
export default defineConfig(({mode}): UserConfig => {
  const common: UserConfig = {
    // Defensive: some dependencies branch on NODE_ENV; the browser has no `process`.
    define: {'process.env.NODE_ENV': JSON.stringify('production')},
    resolve: {
      alias: [
        {find: /^@modelcontextprotocol\/client\/_shims$/, replacement: sdkShims},
      ],
    },
  };
  if (mode === 'lib') {
    return {
      ...common,
      plugins: [wllamaWasmFile({emit: false}), thirdPartyLicenses()],
      build: {
        target: 'es2022',
        outDir: 'dist/lib',
        emptyOutDir: true,
        // Readable, unminified modules with their .d.ts beside them in dist/types: no maps needed.
        sourcemap: false,
        lib: {entry: [...Object.values(entries), ...Object.values(serverEntries)], formats: ['es']},
        rolldownOptions: {
          external: isDependency,
          preserveEntrySignatures: 'strict',
          output: {
            preserveModules: true,
            preserveModulesRoot: 'src',
            // The inlined SDK's modules land under vendor/, not a node_modules/ folder npm would drop.
            entryFileNames: (chunk) => `${chunk.name.replace(/^.*node_modules\//, 'vendor/')}.js`,
          },
        },
      },
    };
  }
  if (mode === 'classic' || mode === 'standalone') {
    const classic = mode === 'classic';
    return {
      ...common,
      // The standalone file holds what the ES build does but the local runtime: the ES build's list
      // (written first, beside it) covers it.
      plugins: classic ? [] : [withoutLocalRuntime(), withoutDuckdb(), leafletTrustedTypes(), zodWithoutJsonSchema()],
      build: {
        target: 'es2022',
        emptyOutDir: false,
        sourcemap: false,
        lib: classic
          ? {entry: 'src/classic-script.ts', name: 'AutouiAgent', formats: ['iife'], fileName: () => 'autoui-agent.iife.js'}
          : {entry: 'src/standalone.ts', name: 'AutouiAgent', formats: ['iife'], fileName: () => 'autoui-agent.standalone.iife.js'},
        rolldownOptions: {treeshake},
      },
    };
  }
  return {
    ...common,
    plugins: [wllamaWasmFile({emit: true}), leafletTrustedTypes(), zodWithoutJsonSchema(), lazySdkDependencies(), hoistTransitiveImports(), compileHints(isFirstLoadChunk), thirdPartyLicenses(), sandboxPage(), firstLoadGroups()],
    build: {
      target: 'es2022',
      emptyOutDir: true,
      // No maps in the script-tag build: with every dependency inside they were three quarters of
      // the package. The bundler build under dist/lib is readable, unminified ES.
      sourcemap: false,
      // The callback page's script is an entry of its own: a tiny module that imports nothing.
      lib: {entry: {...entries, 'oauth-callback': 'src/oauth/oauth-callback.ts'}, formats: ['es']},
      rolldownOptions: {
        // strict: each entry exports exactly its own names, and `core.js` never runs the element
        // entry's definitions; shared modules go to chunks both import.
        preserveEntrySignatures: 'strict',
        treeshake,
        // Lib-mode ES output is otherwise mangled but keeps its whitespace and newlines, hence `minify`.
        output: {
          minify: true,
          // The SDK's shared code (the protocol and its schemas, used by the MCP client and the MCP
          // App host) would be named after the SDK's own hashed file: a stable name for budgets.
          // The widgets' DOM-free specs (schemas, validators, recipes; no element definition), shared
          // by core.js and the element's engine, would be named after whichever spec module comes first.
          chunkFileNames: (chunk) =>
            chunk.moduleIds.some((id) => id.includes('@modelcontextprotocol')) && !chunk.isDynamicEntry
              ? 'chunks/mcp-sdk-[hash].js'
              : chunk.moduleIds.some((id) => /\.contract\.ts$/.test(id)) && !chunk.moduleIds.some((id) => /\.definition\.ts$/.test(id))
                ? 'chunks/widget-specs-[hash].js'
                : `chunks/${lazyPackageChunkName(chunk) ?? '[name]'}-[hash].js`,
          // The element's first load in two chunks, not a dozen: what only the element needs, and what
          // it shares with the core. Rolldown would otherwise split it by which lazy chunks share each
          // module, and every small chunk costs the first load a request and its compression.
          codeSplitting: {
            groups: [
              // First: a group takes the modules its own modules import, and the shared ones must stay out of `element`.
              {name: 'shared', test: (id: string) => firstLoad.shared.has(id), priority: 2},
              {name: 'element', test: (id: string) => firstLoad.element.has(id), priority: 1},
            ],
          },
        },
      },
    },
  };
});
