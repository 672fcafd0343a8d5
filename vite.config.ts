import {defineConfig} from 'vite';
import {fileURLToPath} from 'node:url';

/**
 * The MCP SDK imports ajv statically even when another validator is passed. We validate with
 * precompiled validators and the eval-free cfworker validator, so ajv is replaced by a stub that
 * throws if ever called: it keeps ~35 kB gzip and every `new Function` out of the bundle.
 */
const ajvStub = fileURLToPath(new URL('./src/mcp/ajv-stub.ts', import.meta.url));

/**
 * Three library builds, each with one entry:
 * - default: ES `dist/autoui-agent.js`, the elements, with lit inside the entry itself so a page
 *   makes one request before the first render; the engine, the MCP client, chart.js, leaflet and
 *   the markdown renderer are lazy chunks next to it;
 * - `--mode core`: ES `dist/core.js` (`autoui-agent/core`), its own chunks under `dist/core/`
 *   (built apart so that sharing modules with the element does not split the element's entry);
 * - `--mode iife`: `dist/autoui-agent.iife.js`, everything inlined, usable from a plain `<script>`.
 */
export default defineConfig(({mode}) => {
  const iife = mode === 'iife';
  const core = mode === 'core';
  return {
    // Defensive: some dependencies branch on NODE_ENV; the browser has no `process`.
    define: {'process.env.NODE_ENV': JSON.stringify('production')},
    resolve: {
      alias: [
        {find: /^ajv$/, replacement: ajvStub},
        {find: /^ajv-formats$/, replacement: ajvStub},
      ],
    },
    build: {
      target: 'es2022',
      sourcemap: true,
      // The element's build runs first and starts from an empty dist/; the others add to it.
      emptyOutDir: !iife && !core,
      lib: iife
        ? {entry: 'src/iife.ts', name: 'AutouiAgent', formats: ['iife'], fileName: () => 'autoui-agent.iife.js'}
        : core
          ? {entry: 'src/core.ts', formats: ['es'], fileName: () => 'core.js'}
          : {entry: 'src/bundle.ts', formats: ['es'], fileName: () => 'autoui-agent.js'},
      // Lib-mode ES output is otherwise mangled but keeps its whitespace and newlines, hence `minify`.
      // allow-extension: modules the element shares with its lazy chunks may live in the entry
      // (which is always loaded first) instead of separate chunks fetched before the first render.
      rolldownOptions: {preserveEntrySignatures: 'allow-extension', output: {minify: true, ...(core ? {chunkFileNames: 'core/[name]-[hash].js'} : {})}},
    },
  };
});
