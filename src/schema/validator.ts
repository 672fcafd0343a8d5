/**
 * One validator interface for every JSON Schema check, so callers need not know which engine
 * checks a given schema, with two implementations that both work on a page whose CSP forbids `eval`:
 * - {@link fromStandaloneValidator}: ajv validators precompiled at build time
 *   (`scripts/gen-validators.mjs`) for our own, known schemas: fast, no code generation at run time;
 * - {@link createRuntimeValidator}: `@cfworker/json-schema`, an interpreter, for schemas known only
 *   at run time (a page's own widgets, MCP tool schemas).
 */
import {Validator as CfValidator, type Schema} from '@cfworker/json-schema';
import type {JsonSchema} from './json-schema.js';
import {escapePointerKey} from './json-pointer.js';

/** One reason a value failed, with the JSON Pointer of the offending value. */
export interface ValidationIssue {
  /** JSON Pointer into the value, `''` for the root, e.g. `/datasets/0/data`. */
  path: string;
  message: string;
}

/** The outcome of a validation. */
export type ValidationResult<T = unknown> = {valid: true; data: T} | {valid: false; errors: ValidationIssue[]};

/** Validates values against one schema. */
export interface Validator<T = unknown> {
  readonly schema: JsonSchema;
  validate(value: unknown): ValidationResult<T>;
}

/** The shape of an ajv standalone validation function. */
export interface StandaloneValidateFunction {
  (data: unknown): boolean;
  errors?: Array<{instancePath: string; keyword: string; message?: string; params: Record<string, unknown>}> | null;
}

/** Wraps a precompiled ajv standalone function (see `scripts/gen-validators.mjs`). */
export function fromStandaloneValidator<T = unknown>(validate: StandaloneValidateFunction, schema: JsonSchema): Validator<T> {
  return {
    schema,
    validate(value) {
      if (validate(value)) return {valid: true, data: value as T};
      const errors = (validate.errors ?? []).map((e) => {
        // A missing property is reported at the property, where the model must add it.
        const missing = e.keyword === 'required' ? String(e.params.missingProperty) : undefined;
        const extra = e.keyword === 'additionalProperties' ? String(e.params.additionalProperty) : undefined;
        const path = missing ? `${e.instancePath}/${escapePointerKey(missing)}` : extra ? `${e.instancePath}/${escapePointerKey(extra)}` : e.instancePath;
        const message = missing ? 'is required' : extra ? 'is not allowed here' : (e.message ?? e.keyword);
        return {path, message};
      });
      return {valid: false, errors};
    },
  };
}

/** Keywords whose errors only repeat that a nested value failed; the nested error says why. */
const WRAPPER_KEYWORDS = new Set(['properties', 'items', 'prefixItems', 'allOf', '$ref', 'additionalItems', 'unevaluatedProperties']);

/** A validator for a schema known only at run time, without `eval` (cfworker's interpreter). */
export function createRuntimeValidator<T = unknown>(schema: JsonSchema): Validator<T> {
  const validator = new CfValidator(schema as Schema, '2020-12', false);
  return {
    schema,
    validate(value) {
      const result = validator.validate(value);
      if (result.valid) return {valid: true, data: value as T};
      const leaves = result.errors.filter((e) => !WRAPPER_KEYWORDS.has(e.keyword));
      const errors = (leaves.length ? leaves : result.errors).map((e) => {
        const path = e.instanceLocation.replace(/^#/, '');
        const missing = e.keyword === 'required' ? /"([^"]+)"/.exec(e.error)?.[1] : undefined;
        return missing ? {path: `${path}/${escapePointerKey(missing)}`, message: 'is required'} : {path, message: e.error};
      });
      return {valid: false, errors};
    },
  };
}

