#!/usr/bin/env node
/**
 * `npm run release:check`: could the packed package be published, with provenance, as it is? Packs
 * the built checkout (run `npm run build` first), unpacks the tarball into an empty app and checks
 * what npm would publish:
 * - the manifest: a valid name and version, a description, an SPDX license with its file, engines,
 *   no `private`, dependencies the registry can serve (no file:, git or URL specs), and what
 *   `npm publish --provenance` needs: `repository` naming the GitHub or GitLab repository that
 *   builds it, and `publishConfig.provenance`;
 * - the files: README, LICENSE, every file main, module, types, customElements and exports name,
 *   and no source maps, sources, tests or secrets;
 * - the exports: each subpath resolves in Node (import.meta.resolve in the app) and, when it has
 *   types, in TypeScript under both NodeNext and Bundler resolution, to a file in the package.
 * Prints each problem and exits 1 when there is one. Offline: the registry is never asked.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, relative, sep} from 'node:path';
import {fileURLToPath} from 'node:url';
import ts from 'typescript';

const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
// Hosts whose CI npm provenance can attest (GitHub Actions, GitLab CI/CD).
const REPOSITORY = /^(?:git\+)?https:\/\/(?:github\.com|gitlab\.com)\/[^/\s]+\/[^/\s]+?(?:\.git)?$/;
const STRAY = /(?:\.map$|^src\/|^test\/|^demo\/|(?:^|\/)\.env|(?:^|\/)\.npmrc$|\.pem$|\.key$)/;

/** Every leaf of an exports map as [subpath, condition path, target]. */
function exportTargets(exports, subpath = '.', conditions = []) {
  if (typeof exports === 'string') return [[subpath, conditions.join('.'), exports]];
  if (!exports || typeof exports !== 'object') return [];
  return Object.entries(exports).flatMap(([key, value]) =>
    key.startsWith('.') ? exportTargets(value, key, []) : exportTargets(value, subpath, [...conditions, key]));
}

/** The subpaths of an exports map, each with its conditions object (or target string). */
function subpaths(exports) {
  if (typeof exports === 'string' || !Object.keys(exports ?? {}).some((k) => k.startsWith('.'))) return [['.', exports]];
  return Object.entries(exports);
}

/**
 * What stops `manifest` (the packed package.json) with `files` (the tarball's paths) from being
 * published with provenance. Pure, so its rules are tested on small manifests.
 * @returns {{code: string, message: string}[]}
 */
export function manifestProblems(manifest, files) {
  const problems = [];
  const add = (code, message) => problems.push({code, message});
  const has = new Set(files);
  if (manifest.private) add('private', '"private": true: npm refuses to publish it');
  if (!NAME.test(manifest.name ?? '') || manifest.name.length > 214) add('name', `"name" ${JSON.stringify(manifest.name)} is not a valid npm package name`);
  if (!SEMVER.test(manifest.version ?? '')) add('version', `"version" ${JSON.stringify(manifest.version)} is not a semantic version`);
  if (!manifest.description) add('description', 'no "description": npm search and the package page show it');
  if (!manifest.license || /^(UNLICENSED|SEE LICENSE)/i.test(manifest.license)) add('license', 'no SPDX "license"');
  for (const file of ['package.json', 'README.md', 'LICENSE']) if (!has.has(file)) add('missing-file', `${file} is not in the tarball`);
  const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  if (!repository) add('repository', 'no "repository": npm publish --provenance requires it to name the repository whose CI builds the package, e.g. {"type": "git", "url": "git+https://github.com/<owner>/<repo>.git"}');
  else if (!REPOSITORY.test(repository)) add('repository', `"repository" ${repository} is not an https URL of a GitHub or GitLab repository, the CI hosts npm provenance attests`);
  if (manifest.publishConfig?.provenance !== true) add('provenance', 'publishConfig.provenance is not true: npm publish would attach no provenance unless given --provenance');
  if (manifest.name?.startsWith('@') && manifest.publishConfig?.access !== 'public') add('access', 'a scoped package publishes as restricted unless publishConfig.access is "public"');
  if (!manifest.engines?.node) add('engines', 'no "engines.node": say which Node the package (its proxy and tools) needs');
  for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies']) {
    for (const [name, spec] of Object.entries(manifest[field] ?? {})) {
      if (/^(file:|link:|workspace:|git|https?:|github:|[\w-]+\/[\w.-]+$)/.test(spec)) add('dependency-spec', `${field}.${name} is ${spec}: a consumer's npm cannot fetch it from the registry`);
    }
  }
  const named = [['main', manifest.main], ['module', manifest.module], ['types', manifest.types ?? manifest.typings], ['customElements', manifest.customElements]];
  for (const [subpath, conditions, target] of exportTargets(manifest.exports)) named.push([`exports["${subpath}"]${conditions ? `.${conditions}` : ''}`, target]);
  for (const [where, target] of named) {
    if (typeof target !== 'string') continue;
    const path = target.replace(/^\.\//, '');
    if (path.includes('*') ? !files.some((f) => new RegExp(`^${path.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(f)) : !has.has(path)) {
      add('missing-file', `${where} names ${target}, which is not in the tarball`);
    }
  }
  if (!(manifest.types ?? manifest.typings)) add('types', 'no top-level "types"');
  for (const [subpath, entry] of subpaths(manifest.exports)) {
    if (!entry || typeof entry !== 'object') continue;
    const keys = Object.keys(entry);
    // TypeScript takes the first condition that matches: "types" after "import" would give it the .js.
    if (keys.includes('types') && keys[0] !== 'types') add('types', `exports["${subpath}"]: "types" must be the first condition, not after ${keys[0]}`);
    if (!keys.includes('types') && exportTargets(entry).some(([, , t]) => /\.[cm]?js$/.test(t))) add('types', `exports["${subpath}"] has JavaScript but no "types"`);
  }
  for (const file of files.filter((f) => STRAY.test(f))) add('stray-file', `${file} should not be published`);
  return problems;
}

/**
 * Resolves every exports subpath of the package installed at `app`/node_modules/<name>: in Node,
 * and for subpaths with types, in TypeScript (NodeNext and Bundler).
 * @returns {{code: string, message: string}[]}
 */
export function resolutionProblems(app, manifest) {
  const problems = [];
  const dir = join(app, 'node_modules', manifest.name);
  const inPackage = (file) => file && existsSync(file) && !relative(dir, file).startsWith('..');
  const specifier = (subpath) => (subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`);
  const entries = subpaths(manifest.exports);
  const runtime = entries.filter(([, entry]) => exportTargets(entry).some(([, conditions]) => !/(^|\.)types$/.test(conditions)));
  // A child Node in the app resolves the way a consumer's would, without loading any module.
  const script = `const out = {}; for (const s of ${JSON.stringify(runtime.map(([s]) => specifier(s)))}) { try { out[s] = import.meta.resolve(s); } catch (e) { out[s] = {error: e.message}; } } console.log(JSON.stringify(out));`;
  writeFileSync(join(app, 'resolve.mjs'), script);
  const resolved = JSON.parse(execFileSync(process.execPath, ['resolve.mjs'], {cwd: app, encoding: 'utf8'}));
  for (const [spec, url] of Object.entries(resolved)) {
    if (typeof url !== 'string') problems.push({code: 'exports', message: `import '${spec}' does not resolve in Node: ${url.error}`});
    else if (!inPackage(fileURLToPath(url))) problems.push({code: 'exports', message: `import '${spec}' resolves to ${url}, not a file of the package`});
  }
  const modes = {NodeNext: {module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext}, Bundler: {module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler}};
  const from = join(app, 'index.mts');
  for (const [subpath, entry] of entries.filter(([, e]) => exportTargets(e).some(([, c]) => /(^|\.)types$/.test(c)))) {
    for (const [mode, options] of Object.entries(modes)) {
      const file = ts.resolveModuleName(specifier(subpath), from, options, ts.sys).resolvedModule?.resolvedFileName;
      if (!inPackage(file) || !/\.d\.[cm]?ts$/.test(file)) problems.push({code: 'types', message: `TypeScript (${mode}) resolves '${specifier(subpath)}' to ${file ?? 'nothing'}, not a declaration file of the package`});
    }
  }
  return problems;
}

/** Unpacks `tarball` as node_modules/<name> of a new empty app; returns the app and the packed manifest. */
export function unpack(tarball) {
  const app = mkdtempSync(join(tmpdir(), 'autoui-release-'));
  const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], {encoding: 'utf8'}));
  const dir = join(app, 'node_modules', ...manifest.name.split('/'));
  mkdirSync(dir, {recursive: true});
  execFileSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']);
  writeFileSync(join(app, 'package.json'), JSON.stringify({name: 'release-check-app', private: true, type: 'module'}));
  return {app, manifest};
}

/** Every problem of a packed tarball (`files`: its paths, as scripts/pack.mjs lists them). */
export function releaseProblems({tarball, files}) {
  const {app, manifest} = unpack(tarball);
  return {manifest, problems: [...manifestProblems(manifest, files.map((f) => f.split(sep).join('/'))), ...resolutionProblems(app, manifest)]};
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../', import.meta.url));
  if (!existsSync(join(root, 'dist/lib/bundle.js'))) {
    console.error('release:check: dist/ is missing; run `npm run build` first.');
    process.exit(1);
  }
  const {packTarball} = await import('./pack.mjs');
  const pack = packTarball();
  const {manifest, problems} = releaseProblems(pack);
  console.log(`${manifest.name}@${manifest.version}: ${pack.files.length} files, ${(pack.bytes / 1000).toFixed(0)} kB packed (${pack.tarball})`);
  if (!problems.length) console.log('Publishable: npm publish (from CI, for provenance) would accept it.');
  for (const p of problems) console.log(`  ✗ [${p.code}] ${p.message}`);
  process.exit(problems.length ? 1 : 0);
}
