/**
 * The site's theme: VitePress's default one, with `<LiveExample>` (the element against the demo's
 * servers and its replaying model) available in every page.
 */
import DefaultTheme from 'vitepress/theme';
import LiveExample from './LiveExample.vue';

export default {
  extends: DefaultTheme,
  enhanceApp({app}) {
    app.component('LiveExample', LiveExample);
  },
};
