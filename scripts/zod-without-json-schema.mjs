/**
 * Leaves zod's JSON Schema generator out of the script-tag builds. The MCP SDK builds its protocol
 * schemas with zod 4's classic API, whose every schema carries a `toJSONSchema()` method and a
 * `processJSONSchema` hook: so the whole generator (`zod/v4/core/json-schema-processors.js` and
 * `to-json-schema.js`, about 6 kB gzip) is reachable and kept, though the SDK's client only
 * converts a zod schema to JSON Schema on a server's path (a tool's or an elicitation's schema
 * given as zod). The element's MCP client validates against JSON Schemas it receives, with its own
 * validator, and never converts a zod schema.
 *
 * Zod's own modules that import the two files get a stand-in instead: the same export names, each
 * a function that throws a clear error if called, except `aggregateChecks` (read by the `minLength`,
 * `maxLength` and `format` getters of zod's strings and numbers), which stays zod's own. No SDK or
 * zod file is edited: the names are read from zod's files at build time, so a zod that adds a
 * processor still builds; a stand-in that is called says what is missing instead of failing later.
 *
 * A Rolldown/Vite plugin; the bundler build (dist/lib) leaves zod to the app and does not use it.
 */
import {readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';

const STAND_IN = '\0autoui-zod-json-schema-stand-in:';
/** The two generator files, by their path under `zod/v4/core/`. */
const GENERATOR = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
/** The one export that is not part of the generator: zod's getters read it, so it stays real. */
const KEPT = new Set(['aggregateChecks']);
const MESSAGE = 'converting a zod schema to JSON Schema is left out of the autoui-agent script-tag builds (its MCP client never does)';

/** The names a zod ES module exports (`export function f`, `export const c`, `export { a as b }`). */
function exportedNames(source) {
  const names = new Set();
  for (const m of source.matchAll(/^export (?:async )?(?:function\*?|const|let|var|class) ([\w$]+)/gm)) names.add(m[1]);
  for (const m of source.matchAll(/^export \{([^}]*)\}(?! from)/gm)) {
    for (const part of m[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop();
      if (name) names.add(name);
    }
  }
  return names;
}

/** The stand-in's source for one generator file: zod's kept exports re-exported, the rest throwing. */
function standIn(realPath) {
  const names = [...exportedNames(readFileSync(realPath, 'utf8'))];
  const kept = names.filter((n) => KEPT.has(n));
  const lines = [`const absent = () => { throw new Error(${JSON.stringify(MESSAGE)}); };`];
  // A method factory (createToJSONSchemaMethod) returns the method: it must throw when the method runs, not when it is made.
  lines.push('const absentFactory = () => absent;');
  if (kept.length) lines.push(`export {${kept.join(', ')}} from ${JSON.stringify(realPath)};`);
  for (const name of names.filter((n) => !KEPT.has(n))) {
    const value = /^create.*Method$/.test(name) ? 'absentFactory' : name === 'allProcessors' ? '{}' : 'absent';
    lines.push(`export const ${name} = ${value};`);
  }
  return lines.join('\n');
}

/** The plugin. */
export function zodWithoutJsonSchema() {
  // Stand-ins are numbered, not named after zod's path: an id naming node_modules/zod would be
  // taken for a file of the package (the third-party licenses plugin reads each package's folder).
  const realPaths = [];
  return {
    name: 'zod-without-json-schema',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || importer.startsWith(STAND_IN) || !/[\\/]node_modules[\\/]zod[\\/]/.test(importer) || !source.startsWith('.')) return null;
      const path = join(dirname(importer), source);
      if (!GENERATOR.test(path)) return null;
      if (!realPaths.includes(path)) realPaths.push(path);
      return STAND_IN + realPaths.indexOf(path);
    },
    load(id) {
      return id.startsWith(STAND_IN) ? standIn(realPaths[Number(id.slice(STAND_IN.length))]) : null;
    },
  };
}
