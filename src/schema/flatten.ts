/**
 * Optional flattening of nested object arguments for small local models, which fill flat
 * argument lists far more reliably than nested ones: `{center: {lat, lng}}`
 * becomes `center__lat`, `center__lng`, and arguments are unflattened before dispatch.
 */
import type {JsonSchema} from './json-schema.js';

/** Separator between the levels of a flattened property name. */
export const FLATTEN_SEPARATOR = '__';

/** A flattened schema plus, for each flat name, the path it stands for. */
export interface FlattenedSchema {
  schema: JsonSchema;
  /** Flat property name → path of keys in the original arguments. Empty when nothing was nested. */
  paths: Map<string, string[]>;
}

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

const isNestedObject = (schema: unknown): schema is JsonSchema =>
  isObject(schema) && isObject(schema.properties) && Object.keys(schema.properties).length > 0;

/**
 * Flattens nested object properties of an object schema. A child is required when it is required
 * in its parent and the parent is required. Arrays and free-form objects are left as they are.
 */
export function flattenSchema(schema: JsonSchema): FlattenedSchema {
  const paths = new Map<string, string[]>();
  if (!isNestedObject(schema)) return {schema, paths};
  const properties: Record<string, unknown> = {};
  const required: string[] = [];

  const visit = (node: JsonSchema, path: string[], parentRequired: boolean) => {
    const props = node.properties as Record<string, unknown>;
    const req = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    for (const [key, child] of Object.entries(props)) {
      const childPath = [...path, key];
      const isRequired = parentRequired && req.has(key);
      if (isNestedObject(child)) {
        visit(child, childPath, isRequired);
        continue;
      }
      const flat = childPath.join(FLATTEN_SEPARATOR);
      properties[flat] = child;
      if (childPath.length > 1) paths.set(flat, childPath);
      if (isRequired) required.push(flat);
    }
  };
  visit(schema, [], true);
  if (paths.size === 0) return {schema, paths};

  const flat: JsonSchema = {...schema, properties, required};
  if (required.length === 0) delete flat.required;
  return {schema: flat, paths};
}

/** Rebuilds nested arguments from flattened ones, using the paths {@link flattenSchema} returned. */
export function unflattenArgs(args: Record<string, unknown>, paths: ReadonlyMap<string, readonly string[]>): Record<string, unknown> {
  if (paths.size === 0) return args;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    const path = paths.get(key);
    if (!path) {
      out[key] = value;
      continue;
    }
    let target = out;
    for (const step of path.slice(0, -1)) {
      if (!isObject(target[step])) target[step] = {};
      target = target[step] as Record<string, unknown>;
    }
    target[path[path.length - 1]] = value;
  }
  return out;
}
