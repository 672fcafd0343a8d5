import {readdirSync} from 'node:fs';
import {fileURLToPath, pathToFileURL} from 'node:url';

/**
 * Starts every Node server a browser test needs (fake LLM, MCP servers, ...), each defined by a
 * module in `test/servers/` that exports `name` and `start()` → `{url, close()}`.
 * Used by the wtr config and by end-to-end scripts, so both talk to the same real servers.
 * @returns {Promise<{urls: Record<string, string>, close(): Promise<void>}>}
 */
export async function startTestServers() {
  const dir = fileURLToPath(new URL('../servers/', import.meta.url));
  const files = readdirSync(dir).filter((f) => f.endsWith('.mjs')).sort();
  const started = await Promise.all(
    files.map(async (f) => {
      const mod = await import(pathToFileURL(dir + f).href);
      const server = await mod.start();
      return {name: mod.name, server};
    }),
  );
  return {
    urls: Object.fromEntries(started.map(({name, server}) => [name, server.url])),
    async close() {
      await Promise.allSettled(started.map(({server}) => server.close()));
    },
  };
}
