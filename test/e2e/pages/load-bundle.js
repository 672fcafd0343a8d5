/**
 * Loads the built bundle a page asks for with `?build=`: `iife`, the classic script (a loader of
 * the ES build: `AutouiAgent.ready`, then `AutouiAgent.load()` for the API), `standalone`, the
 * all-in-one classic script (the API on `window.AutouiAgent` at once), else the ES entries (the
 * element from `autoui-agent.js`, the API from `core.js`, unless `api` is false: a page that only
 * uses the element loads only its entry). `?from=<origin>` loads the files from that origin
 * instead of the page's, as from a CDN. Resolves with the API.
 */
const from = new URL(location.href).searchParams.get('from') ?? '';
const classic = (src) =>
  new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = resolve;
    s.onerror = reject;
    document.head.append(s);
  });

export async function loadBundle(build, {api = true} = {}) {
  if (build === 'iife') {
    await classic(`${from}/dist/autoui-agent.iife.js`);
    await window.AutouiAgent.ready;
    return api ? window.AutouiAgent.load() : undefined;
  }
  if (build === 'standalone') {
    await classic(`${from}/dist/autoui-agent.standalone.iife.js`);
    return window.AutouiAgent;
  }
  await import(`${from}/dist/autoui-agent.js`);
  return api ? import(`${from}/dist/core.js`) : undefined;
}
