import {defineConfig} from 'vite';

/**
 * Library build: `dist/autoui-agent.js` (ES, dynamic imports split into lazy chunks) and
 * `dist/autoui-agent.iife.js` (everything inlined, usable from a plain `<script>`).
 * Both entries define the custom elements (src/define.ts is imported by src/bundle.ts).
 */
export default defineConfig({
  // Defensive: some dependencies branch on NODE_ENV; the browser has no `process`.
  define: {'process.env.NODE_ENV': JSON.stringify('production')},
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
