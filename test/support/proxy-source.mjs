/**
 * The key proxy (`src/proxy/`) for Node tests and test servers that run before the build: one
 * esbuild bundle of its TypeScript, its dependencies left as imports, loaded as a module. The
 * package tests check the built `autoui-agent/proxy` itself.
 */
import {build} from 'esbuild';
import {mkdirSync, rmSync} from 'node:fs';
import {fileURLToPath, pathToFileURL} from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
let loaded;

/** The module `autoui-agent/proxy`, compiled from source once per process. */
export function loadProxy() {
  loaded ??= (async () => {
    const dir = `${root}node_modules/.cache/autoui-proxy`;
    mkdirSync(dir, {recursive: true});
    const outfile = `${dir}/proxy-${process.pid}.mjs`;
    await build({entryPoints: [`${root}src/proxy/index.ts`], bundle: true, format: 'esm', platform: 'neutral', packages: 'external', outfile, logLevel: 'error'});
    // Once imported the module lives in memory: its file would only pile up, one per test process.
    try {
      return await import(pathToFileURL(outfile).href);
    } finally {
      rmSync(outfile, {force: true});
    }
  })();
  return loaded;
}
