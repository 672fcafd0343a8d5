/**
 * `@modelcontextprotocol/server-everything` (the protocol's reference test server) over Streamable
 * HTTP, as a child process on a free port: `node .../dist/index.js streamableHttp` with `PORT`.
 * Its endpoint is `/mcp`; it sends permissive CORS headers itself.
 */
import {spawn} from 'node:child_process';
import {createServer} from 'node:net';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {stopChild} from '../support/stop-child.mjs';

export const name = 'everything';

const require = createRequire(import.meta.url);

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const {port} = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export async function start() {
  const entry = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
  const port = await freePort();
  const child = spawn(process.execPath, [entry, 'streamableHttp'], {env: {...process.env, PORT: String(port)}, stdio: ['ignore', 'ignore', 'pipe']});
  let log = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything did not start within 15 s:\n${log}`)), 15_000);
    child.stderr.on('data', (chunk) => {
      log += chunk;
      if (/listening on port/i.test(log)) clearTimeout(timer), resolve(undefined);
    });
    child.once('exit', (code) => clearTimeout(timer) || reject(new Error(`server-everything exited with ${code}:\n${log}`)));
  });
  // It logs a line per request; drain its output so the pipe never fills.
  child.stderr.resume();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => stopChild(child),
  };
}
