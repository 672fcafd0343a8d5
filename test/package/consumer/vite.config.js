// APP names the page to build (the package tests build each one alone, so that sizes and
// duplicate checks see one app at a time).
import {defineConfig} from 'vite';
import {svelte} from '@sveltejs/vite-plugin-svelte';

const app = process.env.APP ?? 'react';
export default defineConfig({
  // Relative asset URLs: the test serves each built app from its own folder.
  base: './',
  // Vue's full build, whose compiler turns the template string into a render function in the browser.
  resolve: {alias: {vue: 'vue/dist/vue.esm-bundler.js'}},
  // Vue's full build reads these flags; without them it warns in the console.
  define: {__VUE_OPTIONS_API__: 'true', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false'},
  plugins: app === 'svelte' ? [svelte()] : [],
  build: {outDir: `dist/${app}`, emptyOutDir: true, rollupOptions: {input: `${app}.html`}},
});
