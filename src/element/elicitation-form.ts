/**
 * The logic of an elicitation form, without the DOM: an MCP server's `requestedSchema` read into
 * field descriptors (or refused), what a person typed turned into typed content, and that content
 * checked with the project's run-time validator, with one message per field a person can act on.
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
 * Every text here (titles, descriptions, option labels) came from the server: the view renders
 * it as text. Nothing here fills or submits anything: the view calls {@link readContent} only when
 * a person presses Submit.
 */
import type {JsonSchema} from '../schema/json-schema.js';
import {pointerKeys} from '../schema/json-pointer.js';
import {createRuntimeValidator, type Validator} from '../schema/validator.js';
import type {PromptStrings as Strings} from './prompt-strings.js';

/** Formats a string field may declare; each has its own input type in the view. */
export type StringFormat = 'email' | 'uri' | 'date' | 'date-time';

/** One choice of a select. Values are strings: MCP enums are string enums. */
export interface FieldOption {
  value: string;
  /** What the person reads: the server's title, else the value itself. */
  label: string;
}

/** What every field has. */
interface FieldBase {
  /** The property name: the key of the answer in the content. */
  key: string;
  /** The server's `title`, else the key. */
  label: string;
  /** The server's `description`, when it gave one. */
  help?: string;
  required: boolean;
}

/** One field of the form, by kind. `default` is the server's default, already checked to fit. */
export type ElicitationField =
  | (FieldBase & {kind: 'text'; constraints: {minLength?: number; maxLength?: number; format?: StringFormat}; default?: string})
  | (FieldBase & {kind: 'number'; constraints: {integer: boolean; minimum?: number; maximum?: number}; default?: number})
  | (FieldBase & {kind: 'boolean'; constraints: Record<string, never>; default?: boolean})
  | (FieldBase & {kind: 'select'; options: FieldOption[]; constraints: Record<string, never>; default?: string})
  | (FieldBase & {kind: 'multiselect'; options: FieldOption[]; constraints: {minItems?: number; maxItems?: number}; default?: string[]});

/** Why a schema cannot be shown as a form. `key` names the property at fault, when one is. */
export interface FormRefusal {
  reason:
    /** The root is not `{type: 'object', properties: {...}}`. */
    | 'not-an-object'
    /** A property is an object, an array of anything but options, `null`, or has no type. */
    | 'unsupported-type'
    /** A property uses a keyword that changes its shape (`$ref`, `anyOf`, a type list, …). */
    | 'unsupported-keyword'
    /** An enum or option list that is empty or not made of strings. */
    | 'bad-options'
    /** `required` names a property the form does not have: nobody could ever submit it. */
    | 'unknown-required'
    /** More fields than a person should be asked at once. */
    | 'too-many-fields';
  key?: string;
  /** A developer's explanation, in English (console, tests); the view says it in the person's words. */
  message: string;
}

/** A form read from a schema, or why there is none. */
export type ElicitationForm = {ok: true; fields: ElicitationField[]; schema: JsonSchema} | {ok: false; refusal: FormRefusal};

/** What the view collected: strings from text inputs and selects, booleans from checkboxes, lists from checkbox groups. */
export type RawValues = Readonly<Record<string, string | boolean | readonly string[] | undefined>>;

/** The outcome of {@link readContent}: typed content to send, or a message per field. */
export type ContentResult =
  | {ok: true; content: Record<string, string | number | boolean | string[]>}
  | {ok: false; errors: Record<string, string>; formError?: string};

/** Past this many properties the form is refused: a server asking for more is not asking a person. */
export const MAX_FIELDS = 40;

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
  const schema = requestedSchema;
  if (!isRecord(schema) || schema.type !== 'object' || (schema.properties !== undefined && !isRecord(schema.properties))) {
    return refuse('not-an-object', 'requestedSchema must be an object schema with properties');
  }
  for (const keyword of ['$ref', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'patternProperties']) {
    if (keyword in schema) return refuse('unsupported-keyword', `requestedSchema uses ${keyword}`);
  }
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const keys = Object.keys(properties);
  if (keys.length > MAX_FIELDS) return refuse('too-many-fields', `requestedSchema has ${keys.length} properties; at most ${MAX_FIELDS} are shown`);
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

/**
 * The value a field starts with in the view: the server's default, else empty. A `date-time`
 * default is given in the local `YYYY-MM-DDTHH:mm` form a `datetime-local` input takes.
 */
export function initialValue(field: ElicitationField): string | boolean | string[] {
  switch (field.kind) {
    case 'boolean':
      return field.default ?? false;
    case 'multiselect':
      return field.default ? [...field.default] : [];
    case 'number':
      return field.default === undefined ? '' : String(field.default);
    case 'select':
      return field.default ?? '';
    case 'text':
      return field.constraints.format === 'date-time' && field.default !== undefined ? toLocalDateTime(field.default) : (field.default ?? '');
  }
}

/** An RFC 3339 date-time as `datetime-local` shows it (local time); as given when it is not one. */
function toLocalDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A validator per schema object: the card checks at each Submit, the schema is read once. */
const validators = new WeakMap<JsonSchema, Validator>();

/**
 * Turns what the person entered into the content of an `accept` answer and validates it against
 * the server's schema. Empty optional fields are left out; numbers are parsed (a decimal comma
 * too, as French keyboards type it); a `datetime-local` value becomes an RFC 3339 date-time.
 * When anything fails, every failing field gets one message in `strings`' language, saying what
 * to change; `formError` holds a failure that belongs to no field.
 */
export function readContent(form: Extract<ElicitationForm, {ok: true}>, raw: RawValues, strings: Strings): ContentResult {
  const content: Record<string, string | number | boolean | string[]> = {};
  const errors: Record<string, string> = {};
  for (const field of form.fields) {
    const converted = convert(field, raw[field.key], strings);
    if (converted.error) errors[field.key] = converted.error;
    else if (converted.value !== undefined) content[field.key] = converted.value;
  }
  let validator = validators.get(form.schema);
  if (!validator) {
    try {
      validator = createRuntimeValidator(form.schema);
    } catch (error) {
      // A schema the validator cannot even read: nothing typed could be checked, so nothing is sent.
      return {ok: false, errors, formError: strings.elicitFormInvalid.replace('{detail}', (error as Error).message)};
    }
    validators.set(form.schema, validator);
  }
  const result = validator.validate(content);
  let formError: string | undefined;
  if (!result.valid) {
    for (const issue of result.errors) {
      const key = pointerKeys(issue.path)[0];
      const field = form.fields.find((f) => f.key === key);
      if (!field) formError ??= strings.elicitFormInvalid.replace('{detail}', issue.message);
      else errors[field.key] ??= explain(field, content[field.key], issue.message, strings);
    }
  }
  if (Object.keys(errors).length || formError) return {ok: false, errors, ...(formError ? {formError} : {})};
  return {ok: true, content};
}

/** One field's raw value as typed content (undefined: left out), or the message saying what to change. */
function convert(field: ElicitationField, raw: RawValues[string], s: Strings): {value?: string | number | boolean | string[]; error?: string} {
  const missing = () => (field.required ? {error: s.elicitErrRequired} : {});
  switch (field.kind) {
    case 'boolean':
      // A checkbox always has an answer: unticked is "no".
      return {value: raw === true};
    case 'multiselect': {
      const chosen = Array.isArray(raw) ? raw.filter((v) => field.options.some((o) => o.value === v)) : [];
      if (chosen.length === 0 && !field.required) return {};
      return {value: [...new Set(chosen)]};
    }
    case 'number': {
      const typed = typeof raw === 'string' ? raw.trim() : '';
      if (typed === '') return missing();
      // "3,5" is how a French keyboard writes 3.5; "1,000.5" is not accepted: one reading only.
      const normalised = /^[+-]?\d*,\d+$/.test(typed) ? typed.replace(',', '.') : typed;
      const value = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(normalised) ? Number(normalised) : NaN;
      if (!Number.isFinite(value)) return {error: field.constraints.integer ? s.elicitErrInteger : s.elicitErrNumber};
      if (field.constraints.integer && !Number.isInteger(value)) return {error: s.elicitErrInteger};
      return {value};
    }
    case 'select': {
      const value = typeof raw === 'string' ? raw : '';
      if (value === '') return missing();
      return field.options.some((o) => o.value === value) ? {value} : {error: s.elicitErrOption};
    }
    case 'text': {
      const value = typeof raw === 'string' ? raw : '';
      if (value.trim() === '') return missing();
      const format = field.constraints.format;
      if (format === 'date-time') {
        // A local `YYYY-MM-DDTHH:mm` from the input, sent as an instant with its zone (RFC 3339).
        const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value.trim()) ? new Date(value.trim()) : new Date(NaN);
        return Number.isNaN(date.getTime()) ? {value: value.trim()} : {value: date.toISOString()};
      }
      // Spaces around an address or a date are a slip of the keyboard, not part of the answer.
      return {value: format ? value.trim() : value};
    }
  }
}

/** The message for a field the validator refused: the first of its constraints the value breaks. */
function explain(field: ElicitationField, value: unknown, detail: string, s: Strings): string {
  const fill = (template: string, n: number) => template.replace('{n}', String(n));
  if (value === undefined) return s.elicitErrRequired;
  switch (field.kind) {
    case 'text': {
      const {minLength, maxLength, format} = field.constraints;
      const length = typeof value === 'string' ? [...value].length : 0;
      if (minLength !== undefined && length < minLength) return fill(s.elicitErrMinLength, minLength);
      if (maxLength !== undefined && length > maxLength) return fill(s.elicitErrMaxLength, maxLength);
      if (format === 'email') return s.elicitErrEmail;
      if (format === 'uri') return s.elicitErrUri;
      if (format === 'date') return s.elicitErrDate;
      if (format === 'date-time') return s.elicitErrDateTime;
      break;
    }
    case 'number': {
      const {minimum, maximum} = field.constraints;
      if (typeof value === 'number' && minimum !== undefined && value < minimum) return fill(s.elicitErrMinimum, minimum);
      if (typeof value === 'number' && maximum !== undefined && value > maximum) return fill(s.elicitErrMaximum, maximum);
      break;
    }
    case 'multiselect': {
      const {minItems, maxItems} = field.constraints;
      const count = Array.isArray(value) ? value.length : 0;
      if (minItems !== undefined && count < minItems) return fill(s.elicitErrMinItems, minItems);
      if (maxItems !== undefined && count > maxItems) return fill(s.elicitErrMaxItems, maxItems);
      break;
    }
    case 'select':
      return s.elicitErrOption;
    case 'boolean':
      break;
  }
  // A constraint the form does not draw (a `pattern`, an unknown format): the validator's words.
  return s.elicitErrOther.replace('{detail}', detail);
}
