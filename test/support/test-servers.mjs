import {readdirSync} from 'node:fs';
import {fileURLToPath, pathToFileURL} from 'node:url';

/**
 * Starts every Node server a browser test needs (fake LLM, MCP servers, ...), each defined by a
 * module in `test/servers/` that exports `name` and `start()` → `{url, close()}`.
 * Used by the wtr config and by end-to-end scripts, so both talk to the same real servers.
 * `TEST_SERVERS=a,b` starts only those (faster when working on one area), and what they `need`. A server that fails to
 * start is reported and left out; the tests that need it then fail with its name in the error.
 * @returns {Promise<{urls: Record<string, string>, close(): Promise<void>}>}
 */
export async function startTestServers() {
  const dir = fileURLToPath(new URL('../servers/', import.meta.url));
  const wanted = process.env.TEST_SERVERS?.split(',').map((s) => s.trim()).filter(Boolean);
  const files = new Set(readdirSync(dir).filter((f) => f.endsWith('.mjs')).map((f) => f.replace(/\.mjs$/, '')));
  /** @type {Map<string, any>} file name (no extension) → its module; only those asked for are loaded */
  const modules = new Map();
  const load = async (key) => {
    if (modules.has(key) || !files.has(key)) return;
    try {
      modules.set(key, await import(pathToFileURL(`${dir}${key}.mjs`).href));
    } catch (error) {
      console.error(`test server ${key}.mjs failed to load: ${error?.stack ?? error}`);
      return;
    }
    // A server that exports `needs` (the traced MCP server needs the OTLP receiver) starts after
    // those, with their URLs; asking for it alone starts what it needs too.
    await Promise.all((modules.get(key).needs ?? []).map(load));
  };
  await Promise.all([...(wanted ?? files)].map(load));
  const entries = [...modules.keys()].sort();
  const first = entries.filter((key) => !modules.get(key).needs?.length);
  const second = entries.filter((key) => modules.get(key).needs?.length);
  const started = [];
  const startWave = async (keys) => {
    const urls = Object.fromEntries(started.map(({name, server}) => [name, server.url]));
    const settled = await Promise.allSettled(keys.map(async (key) => ({name: modules.get(key).name, server: await modules.get(key).start({urls})})));
    settled.forEach((s, i) => {
      if (s.status === 'fulfilled') started.push(s.value);
      else console.error(`test server ${keys[i]}.mjs failed to start: ${s.reason?.stack ?? s.reason}`);
    });
  };
  await startWave(first);
  await startWave(second);
  return {
    urls: Object.fromEntries(started.map(({name, server}) => [name, server.url])),
    async close() {
      await Promise.allSettled(started.map(({server}) => server.close()));
    },
  };
}
