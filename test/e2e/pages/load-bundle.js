/**
 * Loads the built bundle a page asks for with `?build=`: `iife` as a classic script (API on
 * `window.AutouiAgent`), else the ES entries (the element from `autoui-agent.js`, the API from
 * `core.js`, unless `api` is false: a page that only uses the element loads only its entry).
 * Resolves with the API.
 */
export async function loadBundle(build, {api = true} = {}) {
  if (build === 'iife') {
    await new Promise((resolve, reject) => {
      const s = document.createElement('script');
      s.src = '/dist/autoui-agent.iife.js';
      s.onload = resolve;
      s.onerror = reject;
      document.head.append(s);
    });
    return window.AutouiAgent;
  }
  await import('/dist/autoui-agent.js');
  return api ? import('/dist/core.js') : undefined;
}
