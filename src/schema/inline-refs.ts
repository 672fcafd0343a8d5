/**
 * A schema with its local references (`{"$ref": "#/$defs/name"}`) replaced by what they name, and
 * its `$defs` dropped: so the schema can be placed inside another one (one branch of a union) and
 * still mean the same, and a grammar built from it needs no reference resolution. Only refs into
 * the schema's own `$defs` are inlined; a recursive definition is left as `{}` past one level
 * (widget schemas have none). DOM-free.
 */
import type {JsonSchema} from './json-schema.js';

/** `schema` with its `#/$defs/…` references inlined. */
export function inlineLocalRefs(schema: JsonSchema): JsonSchema {
  const defs = (schema.$defs ?? {}) as Record<string, JsonSchema>;
  const visit = (node: unknown, seen: ReadonlySet<string>): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, seen));
    if (!node || typeof node !== 'object') return node;
    const object = node as Record<string, unknown>;
    const ref = typeof object.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(object.$ref)?.[1] : undefined;
    if (ref !== undefined) {
      const {$ref: _ref, ...siblings} = object;
      const target = defs[ref];
      const inlined = target && !seen.has(ref) ? (visit(target, new Set([...seen, ref])) as Record<string, unknown>) : {};
      return {...inlined, ...(visit(siblings, seen) as Record<string, unknown>)};
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(object)) if (key !== '$defs') out[key] = visit(value, seen);
    return out;
  };
  return visit(schema, new Set()) as JsonSchema;
}
