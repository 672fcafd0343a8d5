/**
 * `npm run analyze`: writes custom-elements.json from the sources' JSDoc and Lit properties, then
 * the editor and framework files made from it by two well-kept generators of the manifest's
 * ecosystem:
 * - `@wc-toolkit/jsx-types` → `dist/types/jsx.d.ts` (`autoui-agent/jsx`): JSX intrinsic element
 *   types for React 19, Preact and Solid, with attributes, properties and typed events;
 * - `custom-element-vs-code-integration` → `dist/vscode.html-custom-data.json` and
 *   `dist/vscode.css-custom-data.json`: tag, attribute and CSS property completion in VS Code.
 * The analyzer reads `src/`, whose files the package does not ship, so module paths are rewritten
 * to the bundler build's modules (`src/x.ts` → `dist/lib/x.js`); modules that hold only types
 * have no JavaScript file and are left out; modules are sorted by path. Runs after
 * `vite build --mode lib` (npm run build).
 */
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {jsxTypesPlugin} from '@wc-toolkit/jsx-types';
import {customElementVsCodePlugin} from 'custom-element-vs-code-integration';

const shipped = (path) => path.replace(/^src\/(.*)\.ts$/, 'dist/lib/$1.js');

/** Rewrites every module path of the manifest to the file the package ships. */
function packagePaths() {
  const fix = (reference) => {
    if (reference?.module) reference.module = shipped(reference.module);
  };
  return {
    name: 'autoui-agent: package paths',
    packageLinkPhase({customElementsManifest: manifest}) {
      manifest.modules = manifest.modules.filter((module) => existsSync(shipped(module.path)) || module.declarations?.some((d) => d.customElement));
      // The analyzer's order follows the file system's; sorted, the committed file changes only with the sources.
      manifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      for (const module of manifest.modules) {
        module.path = shipped(module.path);
        for (const declaration of module.declarations ?? []) {
          fix(declaration.superclass);
          for (const member of [...(declaration.members ?? []), ...(declaration.attributes ?? []), ...(declaration.events ?? [])]) fix(member.inheritedFrom);
        }
        for (const entry of module.exports ?? []) fix(entry.declaration);
      }
    },
  };
}

const jsxTypes = 'dist/types/jsx.d.ts';

/**
 * The generator types `ref` as an element or a callback; React's `useRef()` gives an object
 * `{current}`, which it would refuse. Widened so `ref={useRef<AutouiAgent>(null)}` type-checks.
 */
function reactRefObjects() {
  const generated = 'ref?: (T | ((e: T) => void)) | undefined;';
  return {
    name: 'autoui-agent: React ref objects in the JSX types',
    packageLinkPhase() {
      const text = readFileSync(jsxTypes, 'utf8');
      if (!text.includes(generated)) throw new Error(`${jsxTypes}: the generated ref type changed; update reactRefObjects()`);
      writeFileSync(jsxTypes, text.replaceAll(generated, 'ref?: T | ((e: T) => void) | {current: T | null} | null | undefined;'));
    },
  };
}

export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/generated/**', 'src/**/*.d.ts'],
  litelement: true,
  outdir: '.',
  plugins: [
    packagePaths(),
    jsxTypesPlugin({
      outdir: 'dist/types',
      fileName: 'jsx.d.ts',
      // The class of each tag, from the declaration files beside the generated one.
      componentTypePath: (_name, _tag, modulePath) => `./${(modulePath ?? '').replace(/^dist\/lib\//, '')}`,
    }),
    reactRefObjects(),
    customElementVsCodePlugin({outdir: 'dist', htmlFileName: 'vscode.html-custom-data.json', cssFileName: 'vscode.css-custom-data.json'}),
  ],
};
