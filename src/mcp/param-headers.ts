/**
 * Checks a tool's `x-mcp-header` declarations (2026-07-28: a property of the input schema whose
 * value the client mirrors into an `Mcp-Param-{name}` HTTP header). A tool that declares one
 * wrongly cannot be called as the server expects, so it is set aside with the reason, like a
 * tool with a broken schema; the server's other tools are unaffected.
 */

const KEY = 'x-mcp-header';
/** An HTTP header name: RFC 9110 `token` characters only (no space, colon, control or non-ASCII). */
const TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
/** Types whose value fits in a header. */
const HEADER_TYPES = new Set(['string', 'integer', 'boolean']);
/** Keywords a declaration may not sit under: only a chain of `properties` reaches a header's value. */
const ELSEWHERE = ['items', 'prefixItems', 'additionalProperties', 'patternProperties', 'oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else', '$defs', 'definitions', 'dependentSchemas'];

type Node = Record<string, unknown>;

/** Why the schema's header declarations are invalid, or undefined when they are fine (or absent). */
export function headerDeclarationProblem(inputSchema: unknown): string | undefined {
  const seen = new Map<string, string>();
  const walk = (node: unknown, path: string[], reachable: boolean): string | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    const schema = node as Node;
    const at = path.join('.') || '(root)';
    if (KEY in schema) {
      const name = schema[KEY];
      if (!reachable || path.length === 0) return `${at} declares x-mcp-header where only a property reached through "properties" may`;
      if (typeof name !== 'string' || !name) return `${at} declares an empty x-mcp-header`;
      if (!TOKEN.test(name)) return `${at} declares x-mcp-header "${name}", which is not a valid HTTP header name`;
      if (typeof schema.type !== 'string' || !HEADER_TYPES.has(schema.type)) return `${at} declares x-mcp-header on a ${String(schema.type ?? 'untyped')} property (only string, integer, boolean)`;
      const other = seen.get(name.toLowerCase());
      if (other !== undefined) return `x-mcp-header "${name}" is declared twice (also as "${other}")`;
      seen.set(name.toLowerCase(), name);
    }
    const properties = schema.properties;
    if (properties && typeof properties === 'object') {
      for (const [key, child] of Object.entries(properties)) {
        const problem = walk(child, [...path, key], reachable);
        if (problem) return problem;
      }
    }
    for (const keyword of ELSEWHERE) {
      const sub = schema[keyword];
      if (!sub || typeof sub !== 'object') continue;
      const branches = Array.isArray(sub) ? sub : ['additionalProperties', 'items', 'not', 'if', 'then', 'else'].includes(keyword) ? [sub] : Object.values(sub);
      for (const branch of branches) {
        const problem = walk(branch, [...path, `<${keyword}>`], false);
        if (problem) return problem;
      }
    }
    return undefined;
  };
  return walk(inputSchema, [], true);
}
