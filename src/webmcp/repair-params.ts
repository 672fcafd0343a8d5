/**
 * Repairs the mistakes models make most with `widget_display` (malformed model JSON is normal, so
 * what is obviously meant is repaired rather than refused), and says what it repaired so the model
 * learns: params flattened beside `name`, params sent as a
 * JSON string, numbers (and booleans) sent as strings where the schema wants them typed.
 * Anything else is left for validation to report precisely.
 */
import type {JsonSchema} from '../schema/json-schema.js';

/** The call once repaired, and one line per repair. */
export interface RepairedCall {
  name: unknown;
  params: unknown;
  repairs: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads `{name, params}` out of whatever the model sent. */
export function repairCall(args: Record<string, unknown>): RepairedCall {
  const repairs: string[] = [];
  let name = args.name;
  if (name === undefined && typeof (args.widget ?? args.type) === 'string') {
    name = args.widget ?? args.type;
    repairs.push(`the widget name was read from "${args.widget !== undefined ? 'widget' : 'type'}"; send it as "name"`);
  }
  let params: unknown = args.params;
  if (params === undefined) {
    const rest = Object.fromEntries(Object.entries(args).filter(([k]) => !['name', 'widget', 'type', 'params'].includes(k)));
    if (Object.keys(rest).length) {
      params = rest;
      repairs.push('params were given beside "name"; they were moved into "params"');
    }
  } else if (typeof params === 'string') {
    try {
      params = JSON.parse(params);
      repairs.push('"params" was a JSON string; it was parsed. Send an object');
    } catch {
      // Left as is: validation says params must be an object.
    }
  }
  return {name, params, repairs};
}

const typesOf = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : []);
const NUMBER = /^\s*-?\d+(\.\d+)?([eE][+-]?\d+)?\s*$/;

/**
 * Returns `value` with strings converted where `schema` wants only a number, integer or
 * boolean, following `properties`, `items` and `additionalProperties`. Never mutates its input.
 */
export function coerceToSchema(value: unknown, schema: JsonSchema | undefined, repairs: string[], path = ''): unknown {
  if (!schema || typeof schema !== 'object') return value;
  const types = typesOf(schema);
  if (typeof value === 'string' && types.length && !types.includes('string')) {
    if ((types.includes('number') || types.includes('integer')) && NUMBER.test(value)) {
      const n = Number(value);
      if (types.includes('number') || Number.isInteger(n)) {
        repairs.push(`${path || '/'}: the string "${value}" was read as the number ${n}`);
        return n;
      }
    }
    if (types.includes('boolean') && (value === 'true' || value === 'false')) {
      repairs.push(`${path || '/'}: the string "${value}" was read as a boolean`);
      return value === 'true';
    }
    return value;
  }
  if (Array.isArray(value) && isObject(schema.items)) {
    const items = schema.items as JsonSchema;
    return value.map((v, i) => coerceToSchema(v, items, repairs, `${path}/${i}`));
  }
  if (isObject(value)) {
    const properties = isObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
    const extra = isObject(schema.additionalProperties) ? (schema.additionalProperties as JsonSchema) : undefined;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, coerceToSchema(v, properties[k] ?? extra, repairs, `${path}/${k}`)]));
  }
  return value;
}
