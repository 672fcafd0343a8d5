#!/usr/bin/env node
/**
 * `npm start`: builds the bundle when needed and serves the demo page.
 * The full demo (demo MCP servers, key proxy, replay) arrives with the element issue; until then
 * the page shows the element and says what is coming.
 */
import {existsSync} from 'node:fs';
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {startStaticServer} from './static-server.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
if (!existsSync(`${root}dist/autoui-agent.js`)) {
  console.log('Building the bundle first (npm run build)…');
  const {status} = spawnSync('npm', ['run', '--silent', 'build'], {cwd: root, stdio: 'inherit'});
  if (status !== 0) process.exit(status ?? 1);
}
const port = Number(process.env.PORT ?? 8080);
const server = await startStaticServer({root, port});
console.log(`\nautoui-agent demo: ${server.url}/demo/\n(demo coming: the live demo with MCP servers and replay lands with the element issue)\nCtrl+C to stop.`);
