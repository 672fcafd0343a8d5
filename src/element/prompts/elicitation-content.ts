/**
 * What a person typed in an elicitation form: the values its fields start with, and what was
 * entered turned into typed content, checked with the project's run-time validator against the
 * server's own schema (which also enforces what the form does not draw, such as `pattern`), with
 * one message per field a person can act on.
 */
import type {JsonSchema} from '../../schema/json-schema.js';
import {pointerKeys} from '../../schema/json-pointer.js';
import {createRuntimeValidator, type Validator} from '../../schema/validator.js';
import type {ContentResult, ElicitationField, ElicitationForm, RawValues} from '../../mcp/elicitation-form.js';
import type {PromptStrings as Strings} from './prompt-strings.js';

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
