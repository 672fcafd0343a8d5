// Vite needs no plugin for this page: it compiles TSX itself (React's automatic JSX runtime).
import {fileURLToPath} from 'node:url';
import {defineConfig} from 'vite';

export default defineConfig({
  // Inside the repository the examples share one node_modules: a cache of their own lets
  // `npx vite examples/react` and `npx vite examples/vue` run side by side. Not needed in your app.
  cacheDir: '../../node_modules/.vite/examples-react',
  resolve: {
    // Only inside the autoui-agent repository, where the package is the one being built here:
    // point its entry at the build (`npm run build`). In your own app, with the package
    // installed, leave this alias out.
    alias: {'autoui-agent': fileURLToPath(new URL('../../dist/lib/bundle.js', import.meta.url))},
  },
});
