/**
 * The build plugin that leaves zod's JSON Schema generator out of the script-tag builds
 * (scripts/zod-without-json-schema.mjs), on the real zod the MCP SDK uses, bundled by the real
 * Rolldown: what the SDK's client does with zod (parse, report issues, read a string's limits)
 * works the same, the generator's code is gone, and asking for it fails with a message that says
 * why instead of a TypeError somewhere inside zod.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {rolldown} from 'rolldown';
import {zodWithoutJsonSchema} from '../../scripts/zod-without-json-schema.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** What a page would see: a few schemas like the SDK's, used the way its client uses them. */
const ENTRY = `
import * as z from 'zod/v4';
const Tool = z.object({name: z.string().min(1).max(64), inputSchema: z.object({type: z.literal('object')}).passthrough()});
const Message = z.union([z.object({jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number().int()]), method: z.string()}), z.object({jsonrpc: z.literal('2.0'), method: z.string()})]);
const Json = z.lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(Json), z.record(z.string(), Json)]));
export const good = Tool.safeParse({name: 'echo', inputSchema: {type: 'object', properties: {}}});
export const bad = Tool.safeParse({name: '', inputSchema: {type: 'array'}});
export const message = Message.safeParse({jsonrpc: '2.0', id: 1, method: 'tools/list'}).success;
export const json = Json.safeParse({a: [1, 'b', {c: null}]}).success;
export const limits = [z.string().min(3).max(9).minLength, z.string().min(3).max(9).maxLength];
export function convert() { return z.toJSONSchema(Tool); }
export function convertMethod() { return Tool.toJSONSchema(); }
`;

/** Bundles ENTRY from the project's node_modules, with or without the plugin; returns its code and module. */
async function bundle(plugins) {
  const dir = mkdtempSync(join(tmpdir(), 'zod-stand-in-'));
  try {
    const input = join(root, `zod-stand-in-entry-${process.pid}-${plugins.length}.mjs`);
    writeFileSync(input, ENTRY);
    try {
      const build = await rolldown({input, plugins, treeshake: true});
      const {output} = await build.write({dir, format: 'es', minify: true, entryFileNames: 'out.mjs'});
      const code = output[0].code;
      return {code, module: await import(pathToFileURL(join(dir, 'out.mjs')).href)};
    } finally {
      rmSync(input, {force: true});
    }
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

test('zod parses, reports and reads limits as before, without the JSON Schema generator', async () => {
  const [slim, full] = [await bundle([zodWithoutJsonSchema()]), await bundle([])];
  for (const {module} of [slim, full]) {
    assert.equal(module.good.success, true);
    assert.equal(module.bad.success, false);
    assert.deepEqual(module.bad.error.issues.map((i) => i.path.join('.')).sort(), ['inputSchema.type', 'name']);
    assert.equal(module.message, true);
    assert.equal(module.json, true);
    assert.deepEqual(module.limits, [3, 9]);
  }
  // The same issues, word for word: zod's English messages are kept.
  assert.deepEqual(slim.module.bad.error.issues, full.module.bad.error.issues);
  // The generator's own strings (its draft URL) are gone, and the bundle is smaller by at least 15 kB minified.
  assert.match(full.code, /json-schema\.org\/draft/);
  assert.doesNotMatch(slim.code, /json-schema\.org\/draft/);
  assert.ok(full.code.length - slim.code.length > 15_000, `saved ${full.code.length - slim.code.length} B minified`);
});

test('asking the slim zod for JSON Schema fails and says what is left out', async () => {
  const {module} = await bundle([zodWithoutJsonSchema()]);
  assert.throws(() => module.convert(), /converting a zod schema to JSON Schema is left out of the autoui-agent script-tag builds/);
  assert.throws(() => module.convertMethod(), /converting a zod schema to JSON Schema is left out/);
});
