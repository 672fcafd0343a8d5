/**
 * `npm run analyze`: writes custom-elements.json from the sources' JSDoc and Lit properties, then
 * the editor and framework files made from it by two well-kept generators of the manifest's
 * ecosystem:
 * - `@wc-toolkit/jsx-types` → `dist/types/jsx.d.ts` (`autoui-agent/jsx`): JSX intrinsic element
 *   types for React 19, Preact and Solid, with attributes, properties and typed events;
 * - `custom-element-vuejs-integration` → `dist/types/vue.d.ts` (`autoui-agent/vue`): the tags as
 *   Vue `GlobalComponents`, for template type checking (vue-tsc, Volar);
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
import {generateVuejsTypes} from 'custom-element-vuejs-integration';

const shipped = (path) => path.replace(/^src\/(.*)\.ts$/, 'dist/lib/$1.js');

/** Module of each tag's class, relative to dist/types (filled by packagePaths, read by the generators). */
const typeModuleOfTag = new Map();
const typePath = (tag) => `./${(typeModuleOfTag.get(tag) ?? '').replace(/^dist\/lib\//, '')}`;

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
          if (declaration.tagName) typeModuleOfTag.set(declaration.tagName, module.path);
          // `lang` and `dir` are watched global attributes: their properties are HTMLElement's own.
          for (const attribute of declaration.attributes ?? []) if (!attribute.fieldName && ['lang', 'dir'].includes(attribute.name)) attribute.fieldName = attribute.name;
          fix(declaration.superclass);
          for (const member of [...(declaration.members ?? []), ...(declaration.attributes ?? []), ...(declaration.events ?? [])]) fix(member.inheritedFrom);
        }
        for (const entry of module.exports ?? []) fix(entry.declaration);
      }
    },
  };
}

/**
 * The analyzer calls every class that extends LitElement a custom element. A base class with no
 * tag (`AutouiWidgetElement`, which every widget extends; abstract, never defined) is not one: a
 * tool reading the manifest would list an element it cannot place. It stays a class, whose members
 * the widgets inherit.
 */
function untaggedBaseClasses() {
  return {
    name: 'autoui-agent: untagged base classes are not custom elements',
    packageLinkPhase({customElementsManifest: manifest}) {
      for (const declaration of manifest.modules.flatMap((m) => m.declarations ?? [])) {
        if (declaration.customElement && !declaration.tagName) delete declaration.customElement;
      }
    },
  };
}

/**
 * `snapshot` on `<autoui-agent>` is the `snapshot()` method, written as an accessor (its getter
 * returns the method; its setter takes the starting snapshot a framework sets as a prop). The
 * analyzer sees a field of function type, which the Vue generator would add beside the
 * `snapshot` attribute's prop: the manifest says what it is, a method.
 */
function snapshotMethod() {
  return {
    name: 'autoui-agent: snapshot() is a method',
    packageLinkPhase({customElementsManifest: manifest}) {
      const agent = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'autoui-agent');
      const index = agent?.members?.findIndex((m) => m.name === 'snapshot' && m.kind === 'field') ?? -1;
      if (index < 0) throw new Error('custom-elements manifest: <autoui-agent> has no snapshot accessor; update snapshotMethod()');
      agent.members[index] = {
        kind: 'method',
        name: 'snapshot',
        description: 'The session as JSON: widgets (params, place, size, style), transcript, servers (name and address, never a token). `{conversation: true}` adds the conversation as the model saw it.',
        parameters: [{name: 'options', optional: true, type: {text: 'SnapshotOptions'}}],
        return: {type: {text: 'AutouiSnapshot'}},
      };
      agent.members = agent.members.filter((m) => m.name !== '#snapshot');
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

/**
 * The Vue generator reads an event's `type` as its detail's type (it writes `CustomEvent<type>`),
 * where the manifest, like the JSX generator, holds the event's own type
 * (`CustomEvent<WidgetCreatedDetail>`). It gets a copy with the details' types instead.
 */
function vueTypes() {
  const detailOnly = (manifest) => {
    const copy = structuredClone(manifest);
    for (const declaration of copy.modules.flatMap((m) => m.declarations ?? [])) {
      // A read-only property named like an attribute (`files`: the list attached, beside the
      // `files` attribute whose property is `fileKinds`) would be a second prop of that name; a
      // template cannot bind a read-only property anyway.
      const attributes = new Set((declaration.attributes ?? []).map((a) => a.name));
      if (declaration.members) declaration.members = declaration.members.filter((m) => !(m.kind === 'field' && m.readonly && attributes.has(m.name)));
      for (const event of declaration.events ?? []) {
        const detail = event.type?.text.match(/^CustomEvent<(.+)>$/)?.[1];
        if (detail) event.type = {text: detail};
        else delete event.type;
      }
    }
    return copy;
  };
  return {
    name: 'autoui-agent: Vue types',
    packageLinkPhase({customElementsManifest}) {
      const manifest = detailOnly(customElementsManifest);
      const options = {outdir: 'dist/types', hideLogs: true, componentTypePath: (_name, tag) => typePath(tag)};
      generateVuejsTypes(manifest, {...options, fileName: 'vue.d.ts'});
    },
  };
}

export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/generated/**', 'src/**/*.d.ts'],
  litelement: true,
  outdir: '.',
  plugins: [
    untaggedBaseClasses(),
    packagePaths(),
    snapshotMethod(),
    jsxTypesPlugin({
      outdir: 'dist/types',
      fileName: 'jsx.d.ts',
      // The class of each tag, from the declaration files beside the generated one.
      componentTypePath: (_name, _tag, modulePath) => `./${(modulePath ?? '').replace(/^dist\/lib\//, '')}`,
    }),
    reactRefObjects(),
    vueTypes(),
    customElementVsCodePlugin({outdir: 'dist', htmlFileName: 'vscode.html-custom-data.json', cssFileName: 'vscode.css-custom-data.json'}),
  ],
};
