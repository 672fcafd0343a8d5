/**
 * An MCP server's `requestedSchema` read into the fields of a form, or refused, without the DOM.
 *
 * MCP restricts form elicitation to a flat object of primitives: strings (with `minLength`,
 * `maxLength`, `format` email/uri/date/date-time), numbers and integers (`minimum`, `maximum`),
 * booleans, single-select enums (`enum` with optional `enumNames`, or `oneOf: [{const, title}]`)
 * and multi-selects (`type: 'array'` with `items.enum` or `items.anyOf: [{const, title}]`,
 * `minItems`/`maxItems`). Anything that changes that shape (nesting, other types, `$ref`,
 * combinators, type lists) is refused with a typed reason, because a form we cannot draw
 * faithfully must not be answered: the card then offers only Decline and Cancel. Keywords that only
 * annotate or narrow a primitive further (`pattern`, `examples`, `$comment`, …) are tolerated:
 * the validator, which always checks against the server's own schema, still enforces them.
 *
 * Nothing here fills or submits anything: the view calls `readContent` (the element's
 * `prompts/elicitation-content.ts`) only when a person presses Submit.
 */
import type {ElicitationField, ElicitationForm, FieldBase, FieldOption, FormRefusal, StringFormat} from './elicitation-form.js';
import {schemaOversize} from './elicitation-limits.js';

export {MAX_FIELDS} from './elicitation-limits.js';

const FORMATS = new Set<string>(['email', 'uri', 'date', 'date-time']);
/** Keywords that would change the shape of a property: we could not draw it faithfully. */
const SHAPE_KEYWORDS = ['$ref', '$defs', 'definitions', 'allOf', 'anyOf', 'not', 'if', 'then', 'else', 'const', 'properties', 'patternProperties', 'additionalProperties', 'prefixItems', 'contains', 'dependentSchemas', 'dependentRequired'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/**
 * Reads `requestedSchema` into the fields of a form, in the server's order, or refuses it (see
 * the module comment). Never throws; never mutates the schema.
 */
export function readElicitationSchema(requestedSchema: unknown): ElicitationForm {
  const refuse = (reason: FormRefusal['reason'], message: string, key?: string): ElicitationForm => ({ok: false, refusal: {reason, message, ...(key !== undefined ? {key} : {})}});
  // First, before any work that grows faster than the schema: a server chooses its size.
  const over = schemaOversize(requestedSchema);
  if (over) {
    const message = `requestedSchema is too large: ${over.what} ${over.what === 'schema' ? 'over' : over.count} (limit ${over.limit})`;
    return {ok: false, refusal: {reason: 'too-large', message, over, ...(over.key !== undefined ? {key: over.key} : {})}};
  }
  const schema = requestedSchema;
  if (!isRecord(schema) || schema.type !== 'object' || (schema.properties !== undefined && !isRecord(schema.properties))) {
    return refuse('not-an-object', 'requestedSchema must be an object schema with properties');
  }
  for (const keyword of ['$ref', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'patternProperties']) {
    if (keyword in schema) return refuse('unsupported-keyword', `requestedSchema uses ${keyword}`);
  }
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const keys = Object.keys(properties);
  const required = schema.required === undefined ? [] : schema.required;
  if (!Array.isArray(required) || !required.every((r) => typeof r === 'string')) return refuse('not-an-object', 'required must be a list of property names');
  const unknown = required.find((r) => !Object.prototype.hasOwnProperty.call(properties, r));
  if (unknown !== undefined) return refuse('unknown-required', `required names "${unknown}", which is not a property`, unknown);

  const fields: ElicitationField[] = [];
  for (const key of keys) {
    const field = readField(key, properties[key], required.includes(key));
    if ('reason' in field) return {ok: false, refusal: field};
    fields.push(field);
  }
  return {ok: true, fields, schema};
}

/** One property as a field, or why not. */
function readField(key: string, property: unknown, required: boolean): ElicitationField | FormRefusal {
  const refuse = (reason: FormRefusal['reason'], message: string): FormRefusal => ({reason, key, message: `property "${key}": ${message}`});
  if (!isRecord(property)) return refuse('unsupported-type', 'is not a schema');
  // A nested object is the commonest thing outside the subset: say so, rather than name a keyword.
  if (property.type === 'object') return refuse('unsupported-type', 'is a nested object');
  const shape = SHAPE_KEYWORDS.find((k) => k in property);
  if (shape) return refuse('unsupported-keyword', `uses ${shape}`);
  const base: FieldBase = {key, label: text(property.title) ?? key, required, ...(text(property.description) ? {help: property.description as string} : {})};
  const fallback = property.default;

  switch (property.type) {
    case 'string': {
      if ('oneOf' in property || 'enum' in property) {
        const options = 'oneOf' in property ? titledOptions(property.oneOf) : enumOptions(property.enum, property.enumNames);
        if (!options) return refuse('bad-options', 'has no usable list of string options');
        const preset = typeof fallback === 'string' && options.some((o) => o.value === fallback) ? {default: fallback} : {};
        return {...base, kind: 'select', options, constraints: {}, ...preset};
      }
      const format = property.format;
      const constraints = {
        ...(isCount(property.minLength) ? {minLength: property.minLength} : {}),
        ...(isCount(property.maxLength) ? {maxLength: property.maxLength} : {}),
        // Another format is shown as plain text; the validator still checks the formats it knows.
        ...(typeof format === 'string' && FORMATS.has(format) ? {format: format as StringFormat} : {}),
      };
      return {...base, kind: 'text', constraints, ...(typeof fallback === 'string' ? {default: fallback} : {})};
    }
    case 'number':
    case 'integer': {
      if ('enum' in property || 'oneOf' in property) return refuse('unsupported-keyword', 'numbers with a list of values are not supported');
      const integer = property.type === 'integer';
      const constraints = {
        integer,
        ...(isNumber(property.minimum) ? {minimum: property.minimum} : {}),
        ...(isNumber(property.maximum) ? {maximum: property.maximum} : {}),
      };
      const preset = isNumber(fallback) && (!integer || Number.isInteger(fallback)) ? {default: fallback} : {};
      return {...base, kind: 'number', constraints, ...preset};
    }
    case 'boolean':
      if ('enum' in property || 'oneOf' in property) return refuse('unsupported-keyword', 'booleans with a list of values are not supported');
      return {...base, kind: 'boolean', constraints: {}, ...(typeof fallback === 'boolean' ? {default: fallback} : {})};
    case 'array': {
      const items = property.items;
      if (!isRecord(items)) return refuse('unsupported-type', 'is a list without option items');
      if (items.type !== undefined && items.type !== 'string') return refuse('unsupported-type', 'is a list of something else than string options');
      const options = 'anyOf' in items ? titledOptions(items.anyOf) : 'enum' in items ? enumOptions(items.enum, items.enumNames) : undefined;
      if (!options) return refuse('bad-options', 'is a list without a usable list of string options');
      const constraints = {
        ...(isCount(property.minItems) ? {minItems: property.minItems} : {}),
        ...(isCount(property.maxItems) ? {maxItems: property.maxItems} : {}),
      };
      const preset =
        Array.isArray(fallback) && fallback.every((v) => typeof v === 'string' && options.some((o) => o.value === v)) ? {default: [...new Set(fallback as string[])]} : {};
      return {...base, kind: 'multiselect', options, constraints, ...preset};
    }
    default:
      return refuse(Array.isArray(property.type) ? 'unsupported-keyword' : 'unsupported-type', `has type ${JSON.stringify(property.type) ?? 'none'}`);
  }
}

/** `enum` (with the legacy `enumNames` as labels) as options, or undefined when unusable. */
function enumOptions(values: unknown, names: unknown): FieldOption[] | undefined {
  if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string')) return undefined;
  const labels = Array.isArray(names) && names.length === values.length ? names : [];
  return unique(values.map((value, i) => ({value, label: text(labels[i]) ?? value})));
}

/** `oneOf`/`anyOf: [{const, title}]` as options, or undefined when unusable. */
function titledOptions(branches: unknown): FieldOption[] | undefined {
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const options: FieldOption[] = [];
  for (const branch of branches) {
    if (!isRecord(branch) || typeof branch.const !== 'string') return undefined;
    options.push({value: branch.const, label: text(branch.title) ?? branch.const});
  }
  return unique(options);
}

/** One option per value (a repeated value could not be told apart by the person). */
function unique(options: FieldOption[]): FieldOption[] {
  const seen = new Set<string>();
  return options.filter((o) => !seen.has(o.value) && (seen.add(o.value), true));
}
