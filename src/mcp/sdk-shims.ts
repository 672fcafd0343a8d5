/**
 * Stands in for `@modelcontextprotocol/client/_shims` in the script-tag builds (vite `resolve.alias`):
 * the SDK's browser shim exports its own bundled copy of `@cfworker/json-schema` as the default
 * validator, which would be a second copy beside ours. We always pass our validator, so the
 * default is ours too. `CORS_IS_POSSIBLE`: in a browser a `fetch` TypeError may be CORS.
 */
export {RuntimeSchemaValidator as DefaultJsonSchemaValidator} from './sdk-validator.js';

/** A `fetch` that throws a TypeError may have been refused by CORS (browsers, Workers). */
export const CORS_IS_POSSIBLE = true;
