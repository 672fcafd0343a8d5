/**
 * A published MCP Apps example server (`@modelcontextprotocol/server-*`, Streamable HTTP at
 * `/mcp`, stateless, CORS open) run as a child process on loopback and a free port (or `port`):
 * `node --import force-loopback.mjs <package>/dist/index.js` with `PORT`. Tests and `npm start` use it.
 */
import {spawn} from 'node:child_process';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {stopChild} from './stop-child.mjs';

const require = createRequire(import.meta.url);
const preload = fileURLToPath(new URL('./force-loopback.mjs', import.meta.url));

/**
 * @param {string} pkg the package name, e.g. `@modelcontextprotocol/server-basic-vanillajs`
 * @param {{port?: number}} [options] the port to listen on; 0 (default) picks a free one
 * @returns {Promise<{url: string, close(): Promise<void>}>}
 */
export async function startPublishedAppServer(pkg, {port: wanted = 0} = {}) {
  // The packages export their server module only (dist/server.js); the runnable entry is beside it.
  const entry = join(dirname(require.resolve(pkg)), 'index.js');
  const child = spawn(process.execPath, ['--import', preload, entry], {env: {...process.env, PORT: String(wanted)}, stdio: ['ignore', 'pipe', 'pipe']});
  let log = '';
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${pkg} did not start within 15 s:\n${log}`)), 15_000);
    const read = (chunk) => {
      log += chunk;
      const found = /LISTENING (\d+)/.exec(log);
      if (found) clearTimeout(timer), resolve(Number(found[1]));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (chunk) => (log += chunk));
    child.once('exit', (code) => clearTimeout(timer) || reject(new Error(`${pkg} exited with ${code}:\n${log}`)));
  });
  child.stdout.resume();
  child.stderr.resume();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => stopChild(child),
  };
}
