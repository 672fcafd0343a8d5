/**
 * The MCP SDK's `jsonSchemaValidator` on our own run-time validator (`@cfworker/json-schema`, an
 * interpreter: no eval, so strict-CSP pages work). It checks tools' `structuredContent` against
 * their output schemas and elicitation answers against the requested schema. Using ours rather
 * than the SDK's cfworker provider keeps one copy of the validator in the bundle (see
 * `sdk-shims.ts`).
 */
import type {JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator} from '@modelcontextprotocol/client';
import {createRuntimeValidator} from '../schema/validator.js';
import type {JsonSchema} from '../schema/json-schema.js';

/** Compiles schemas with {@link createRuntimeValidator}, once per schema object. */
export class RuntimeSchemaValidator implements jsonSchemaValidator {
  readonly #cache = new WeakMap<object, JsonSchemaValidator<unknown>>();

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const cached = this.#cache.get(schema as object);
    if (cached) return cached as JsonSchemaValidator<T>;
    const validator = createRuntimeValidator<T>(schema as JsonSchema);
    const check: JsonSchemaValidator<T> = (input) => {
      const result = validator.validate(input);
      if (result.valid) return {valid: true, data: result.data, errorMessage: undefined};
      const errorMessage = result.errors.map((e) => `${e.path || '(root)'} ${e.message}`).join('; ');
      return {valid: false, data: undefined, errorMessage};
    };
    this.#cache.set(schema as object, check as JsonSchemaValidator<unknown>);
    return check;
  }
}
