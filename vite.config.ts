import {defineConfig} from 'vite';
import {fileURLToPath} from 'node:url';

/**
 * The MCP SDK imports ajv statically even when another validator is passed. We validate with
 * precompiled validators and the eval-free cfworker validator, so ajv is replaced by a stub that
 * throws if ever called: it keeps ~35 kB gzip and every `new Function` out of the bundle.
 */
const ajvStub = fileURLToPath(new URL('./src/mcp/ajv-stub.ts', import.meta.url));

/**
 * Library build: `dist/autoui-agent.js` (ES, dynamic imports split into lazy chunks) and
 * `dist/autoui-agent.iife.js` (everything inlined, usable from a plain `<script>`).
 * Both entries define the custom elements (src/define.ts is imported by src/bundle.ts).
 */
export default defineConfig({
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
    emptyOutDir: true,
    lib: {
      entry: 'src/bundle.ts',
      name: 'AutouiAgent',
      formats: ['es', 'iife'],
      fileName: (format) => (format === 'es' ? 'autoui-agent.js' : 'autoui-agent.iife.js'),
    },
    // Lib-mode ES output is otherwise mangled but not whitespace-minified (toolchain.md P17).
    rolldownOptions: {output: {minify: true}},
  },
});
