import {fileURLToPath} from 'node:url';
import vue from '@vitejs/plugin-vue';
import {defineConfig} from 'vite';

export default defineConfig({
  plugins: [
    // Tell Vue's template compiler which tags are custom elements, so it leaves them to the browser.
    vue({template: {compilerOptions: {isCustomElement: (tag) => tag.startsWith('autoui-')}}}),
  ],
  // Inside the repository the examples share one node_modules: a cache of their own lets
  // `npx vite examples/react` and `npx vite examples/vue` run side by side. Not needed in your app.
  cacheDir: '../../node_modules/.vite/examples-vue',
  resolve: {
    // Only inside the autoui-agent repository, where the package is the one being built here:
    // point its entry at the build (`npm run build`). In your own app, with the package
    // installed, leave this alias out.
    alias: {'autoui-agent': fileURLToPath(new URL('../../dist/lib/bundle.js', import.meta.url))},
  },
});
