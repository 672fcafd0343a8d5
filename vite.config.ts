import {defineConfig} from 'vite';
import {fileURLToPath} from 'node:url';

/**
 * The MCP SDK imports ajv statically even when another validator is passed. We validate with
 * precompiled validators and the eval-free cfworker validator, so ajv is replaced by a stub that
 * throws if ever called: it keeps ~35 kB gzip and every `new Function` out of the bundle.
 */
const ajvStub = fileURLToPath(new URL('./src/mcp/ajv-stub.ts', import.meta.url));

/**
 * Two library builds (vite cannot make an IIFE from several entries):
 * - default: ES, `dist/autoui-agent.js` (the elements; the rest in lazy chunks) and `dist/core.js`
 *   (the core's API), dynamic imports split into chunks;
 * - `--mode iife`: `dist/autoui-agent.iife.js`, everything inlined, usable from a plain `<script>`.
 */
export default defineConfig(({mode}) => {
  const iife = mode === 'iife';
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
      // The ES build runs first and starts from an empty dist/; the IIFE build adds to it.
      emptyOutDir: !iife,
      lib: iife
        ? {entry: 'src/iife.ts', name: 'AutouiAgent', formats: ['iife'], fileName: () => 'autoui-agent.iife.js'}
        : {entry: {'autoui-agent': 'src/bundle.ts', core: 'src/core.ts'}, formats: ['es'], fileName: (_format, name) => `${name}.js`},
      // Lib-mode ES output is otherwise mangled but not whitespace-minified (toolchain.md P17).
      rolldownOptions: {output: {minify: true}},
    },
  };
});
