/**
 * The shipped key proxy (`autoui-agent/proxy`, built to dist/lib/proxy/) for the repository's own
 * servers: `npm run proxy`, the demo (`npm start`, on the page's origin under `/llm`) and the
 * evaluation. They run the built package, as a site would, so the demo exercises what ships.
 */
import {ensureBuild} from './ensure-build.mjs';

/** Builds when needed, then loads `dist/lib/proxy/index.js`. */
export async function loadBuiltProxy() {
  ensureBuild();
  return import('../dist/lib/proxy/index.js');
}

/**
 * A handler for `startStaticServer`'s `handlers`: serves the proxy's routes under `options.basePath`
 * and returns false for every other path.
 * @param {object} options the options of `createLlmProxy`
 */
export async function mountedProxy(options) {
  const {createLlmProxy, toNodeListener} = await loadBuiltProxy();
  const proxy = createLlmProxy(options);
  const listener = toNodeListener(proxy);
  return (req, res) => {
    if (!proxy.handles(new URL(req.url ?? '/', 'http://x').pathname)) return false;
    listener(req, res);
    return true;
  };
}
