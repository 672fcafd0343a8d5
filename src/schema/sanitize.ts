/**
 * Makes tool input schemas acceptable to strict tool use: combinators removed,
 * `additionalProperties: false` on objects that declare their properties, dangling `required`
 * entries dropped, invalid roots replaced. Every change is reported as a patch so a page can see
 * what its servers' schemas lost. The root's `$schema` (which dialect it is written in: no
 * constraint, and about a dozen tokens in every request) is left out without a patch, since
 * nothing is lost. Pure and DOM-free; never mutates its input.
 */
import type {JsonSchema} from './json-schema.js';

/** One change made to a schema, with the JSON Pointer-like path where it was made. */
export interface SchemaPatch {
  path: string;
  kind: 'invalid-root' | 'combinator-merged' | 'combinator-dropped' | 'additional-properties-added' | 'required-pruned';
  message: string;
}

/** The result of {@link sanitizeToolSchema}. */
export interface SanitizedSchema {
  schema: JsonSchema;
  patches: SchemaPatch[];
}

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys that only describe a value; a branch made only of these and `type` is "simple". */
const ANNOTATION_KEYS = new Set(['type', 'description', 'title', 'format', 'enum', 'const', 'default', 'examples']);

/**
 * Returns a sanitised copy of a tool input schema plus the list of patches applied.
 * The root is always an object schema.
 */
export function sanitizeToolSchema(input: unknown): SanitizedSchema {
  const patches: SchemaPatch[] = [];
  if (!isObject(input) || (input.type !== undefined && input.type !== 'object')) {
    patches.push({path: '', kind: 'invalid-root', message: 'input schema is not an object schema; replaced by an empty object schema'});
    return {schema: {type: 'object', properties: {}, additionalProperties: false}, patches};
  }
  const {$schema: _dialect, ...rest} = input;
  const schema = walk(structuredClone(rest), '', patches);
  if (schema.type === undefined) schema.type = 'object';
  return {schema, patches};
}

function walk(node: JsonSchema, path: string, patches: SchemaPatch[]): JsonSchema {
  if (Array.isArray(node.allOf)) mergeAllOf(node, path, patches);
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(node[key])) collapseUnion(node, key, path, patches);
  }

  if (isObject(node.properties)) {
    const properties = node.properties as Record<string, unknown>;
    for (const [name, child] of Object.entries(properties)) {
      if (isObject(child)) properties[name] = walk(child, `${path}/properties/${name}`, patches);
    }
    if (node.type === undefined) node.type = 'object';
    if (node.additionalProperties === undefined) {
      node.additionalProperties = false;
      patches.push({path, kind: 'additional-properties-added', message: 'additionalProperties: false added'});
    }
    if (Array.isArray(node.required)) {
      const kept = (node.required as unknown[]).filter((r) => typeof r === 'string' && r in properties);
      if (kept.length !== node.required.length) {
        patches.push({path, kind: 'required-pruned', message: 'required names without a property were removed'});
        node.required = kept;
      }
    }
  }
  // A free-form object (no `properties`) keeps accepting any keys: forcing
  // `additionalProperties: false` on it would only accept `{}` (e.g. widget params).
  if (isObject(node.additionalProperties)) {
    node.additionalProperties = walk(node.additionalProperties, `${path}/additionalProperties`, patches);
  }
  if (isObject(node.items)) node.items = walk(node.items, `${path}/items`, patches);
  return node;
}

/** `allOf` branches are all true at once: merge them into the node. */
function mergeAllOf(node: JsonSchema, path: string, patches: SchemaPatch[]): void {
  const branches = (node.allOf as unknown[]).filter(isObject);
  delete node.allOf;
  for (const branch of branches) mergeInto(node, branch, true);
  patches.push({path, kind: 'combinator-merged', message: `allOf of ${branches.length} schemas merged`});
}

/**
 * `anyOf`/`oneOf`: simple type branches become a type list; object branches are merged with only
 * the properties every branch requires kept as required; anything else keeps the first branch.
 */
function collapseUnion(node: JsonSchema, key: 'anyOf' | 'oneOf', path: string, patches: SchemaPatch[]): void {
  const branches = (node[key] as unknown[]).filter(isObject);
  delete node[key];
  if (branches.length === 0) return;
  const simple = branches.every((b) => typeof b.type === 'string' && Object.keys(b).every((k) => ANNOTATION_KEYS.has(k)) && !b.enum && b.const === undefined);
  if (simple) {
    const types = [...new Set(branches.map((b) => b.type as string))];
    if (node.type === undefined) node.type = types.length === 1 ? types[0] : types;
    patches.push({path, kind: 'combinator-merged', message: `${key} of simple types became type ${JSON.stringify(node.type)}`});
    return;
  }
  const objects = branches.filter((b) => b.type === 'object' || isObject(b.properties));
  if (objects.length === branches.length) {
    const required = objects.map((b) => new Set(Array.isArray(b.required) ? (b.required as string[]) : []));
    for (const branch of objects) mergeInto(node, {...branch, required: undefined}, false);
    const common = [...required[0]].filter((r) => required.every((set) => set.has(r)));
    if (common.length) node.required = [...new Set([...((node.required as string[]) ?? []), ...common])];
    patches.push({path, kind: 'combinator-merged', message: `${key} of ${objects.length} object schemas merged`});
    return;
  }
  mergeInto(node, branches[0], true);
  patches.push({path, kind: 'combinator-dropped', message: `${key} replaced by its first branch`});
}

function mergeInto(target: JsonSchema, source: JsonSchema, keepRequired: boolean): void {
  for (const [k, v] of Object.entries(source)) {
    if (v === undefined) continue;
    if (k === 'properties' && isObject(v)) {
      target.properties = {...((target.properties as JsonSchema) ?? {}), ...v};
    } else if (k === 'required' && Array.isArray(v)) {
      if (keepRequired) target.required = [...new Set([...((target.required as string[]) ?? []), ...(v as string[])])];
    } else if (target[k] === undefined) {
      target[k] = v;
    }
  }
}
