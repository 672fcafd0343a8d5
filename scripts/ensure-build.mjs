/**
 * Builds the bundle (`npm run build`) when dist/ is missing it or it is older than the sources:
 * `npm start` and `npm run eval` both load the built bundle, as a page would.
 */
import {existsSync, readdirSync, statSync} from 'node:fs';
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {join} from 'node:path';

const root = fileURLToPath(new URL('../', import.meta.url));

/** Newest modification time under a folder. */
const newest = (dir) =>
  readdirSync(dir, {withFileTypes: true}).reduce((t, d) => {
    const p = join(dir, d.name);
    return Math.max(t, d.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }, 0);

/** Builds when needed; exits the process with the build's status when the build fails. */
export function ensureBuild() {
  const bundle = `${root}dist/autoui-agent.iife.js`;
  if (existsSync(bundle) && statSync(bundle).mtimeMs >= newest(`${root}src`)) return;
  console.log('Building the bundle (npm run build)…');
  const {status} = spawnSync('npm', ['run', '--silent', 'build'], {cwd: root, stdio: 'inherit', shell: process.platform === 'win32'});
  if (status !== 0) process.exit(status ?? 1);
}
