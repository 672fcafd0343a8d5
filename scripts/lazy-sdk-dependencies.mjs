/**
 * Two packages the MCP client imports at its top level but uses only in rare cases become lazy
 * chunks of the script-tag ES build, out of the `mcp-` chunk every connection downloads:
 * - `eventsource` (about 2 kB gzip), constructed only by the legacy HTTP+SSE transport, for a
 *   server that predates Streamable HTTP: the SDK gets `lazyEventSource` (src/mcp/lazy-event-source.ts),
 *   a class that loads the package at its first construction;
 * - `pkce-challenge`, called only when a sign-in starts: its one export is an async function, so
 *   the stand-in is an async function that loads it and calls it.
 *
 * Only imports made by `@modelcontextprotocol/client` are replaced, and the stand-ins import the
 * package as the SDK resolves it (same version, browser build). No SDK file is edited. The bundler
 * build (dist/lib) leaves the SDK to the app and does not use this plugin.
 */
import {fileURLToPath} from 'node:url';

const STAND_IN = '\0autoui-lazy-sdk-dependency:';
const FROM_SDK_CLIENT = /[\\/]node_modules[\\/]@modelcontextprotocol[\\/]client[\\/]/;
const eventSourceShim = fileURLToPath(new URL('../src/mcp/lazy-event-source.ts', import.meta.url));

/** The stand-in module of each package, given the path of the real one. */
const standIns = {
  eventsource: (real) =>
    `import {lazyEventSource} from ${JSON.stringify(eventSourceShim)};\n` +
    `export const EventSource = lazyEventSource(() => import(${JSON.stringify(real)}).then((m) => m.EventSource));`,
  'pkce-challenge': (real) => `export default async function pkceChallenge(...args) {\n  return (await import(${JSON.stringify(real)})).default(...args);\n}`,
};

/** The plugin (Rolldown/Vite). */
export function lazySdkDependencies() {
  /** Each package's real path, as resolved from the SDK. */
  const real = new Map();
  return {
    name: 'autoui-agent: lazy MCP SDK dependencies',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !FROM_SDK_CLIENT.test(importer) || !Object.hasOwn(standIns, source)) return null;
      const resolved = await this.resolve(source, importer, {skipSelf: true});
      if (!resolved) return null;
      real.set(source, resolved.id);
      return STAND_IN + source;
    },
    load(id) {
      if (!id.startsWith(STAND_IN)) return null;
      const name = id.slice(STAND_IN.length);
      return standIns[name](real.get(name));
    },
  };
}
