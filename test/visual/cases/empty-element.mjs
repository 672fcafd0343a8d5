/**
 * The element a visitor first sees: empty, its two demo servers connected, before any question.
 * Wide and phone-wide, light and dark, in French, and on a right-to-left page.
 */
import {demoServers, openVisualPage} from '../open-visual-page.mjs';
import {elementRendered, serversSettled, suggestionsShown} from '../page-ready.mjs';

const WIDE = {width: 1440, height: 900};
const PHONE = {width: 360, height: 740};

/** A case of the empty element on the page built from `query` (on top of the demo servers). */
function empty(name, viewport, query = {}, colorScheme = 'light') {
  return {
    name,
    viewport,
    colorScheme,
    async render({context, baseUrl, servers}) {
      const opened = await openVisualPage(context, baseUrl, {servers: demoServers(servers), ...query});
      await serversSettled(opened.page, 2);
      await elementRendered(opened.page);
      await suggestionsShown(opened.page);
      return opened;
    },
  };
}

export const cases = [
  empty('empty-1440', WIDE, {lang: 'en'}),
  empty('empty-360', PHONE, {lang: 'en'}),
  empty('empty-dark', WIDE, {lang: 'en'}, 'dark'),
  empty('empty-fr', WIDE, {lang: 'fr'}),
  // No lang on the element: it follows the page's (Arabic is not one of its languages: its texts are
  // in its default language, its numbers in Arabic).
  empty('empty-rtl', WIDE, {pageLang: 'ar', pageDir: 'rtl'}),
];
