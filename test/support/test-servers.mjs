import {readdirSync} from 'node:fs';
import {fileURLToPath, pathToFileURL} from 'node:url';

/**
 * Starts every Node server a browser test needs (fake LLM, MCP servers, ...), each defined by a
 * module in `test/servers/` that exports `name` and `start()` → `{url, close()}`.
 * Used by the wtr config and by end-to-end scripts, so both talk to the same real servers.
 * `TEST_SERVERS=a,b` starts only those (faster when working on one area). A server that fails to
 * start is reported and left out; the tests that need it then fail with its name in the error.
 * @returns {Promise<{urls: Record<string, string>, close(): Promise<void>}>}
 */
export async function startTestServers() {
  const dir = fileURLToPath(new URL('../servers/', import.meta.url));
  const wanted = process.env.TEST_SERVERS?.split(',').map((s) => s.trim()).filter(Boolean);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.mjs'))
    .filter((f) => !wanted || wanted.includes(f.replace(/\.mjs$/, '')))
    .sort();
  const settled = await Promise.allSettled(
    files.map(async (f) => {
      const mod = await import(pathToFileURL(dir + f).href);
      const server = await mod.start();
      return {name: mod.name, server};
    }),
  );
  const started = [];
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') started.push(s.value);
    else console.error(`test server ${files[i]} failed to start: ${s.reason?.stack ?? s.reason}`);
  });
  return {
    urls: Object.fromEntries(started.map(({name, server}) => [name, server.url])),
    async close() {
      await Promise.allSettled(started.map(({server}) => server.close()));
    },
  };
}
