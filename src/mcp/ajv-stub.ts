/**
 * Stands in for `ajv` and `ajv-formats` in the bundle (vite `resolve.alias`). The MCP SDK imports
 * them statically for its default validator, but we always pass the eval-free cfworker validator,
 * so they are never called; aliasing them here keeps about 35 kB gzip of code generator (which a
 * strict CSP would refuse anyway) out of the lazy MCP chunk. Calling either is a bug: it says so.
 */
const refuse = (): never => {
  throw new Error('ajv is not bundled with autoui-agent: the MCP client must be given CfWorkerJsonSchemaValidator.');
};

/** Replaces ajv's default export (the Ajv class). */
export default class AjvStub {
  constructor() {
    refuse();
  }
}

/** Replaces `ajv-formats`' default export as well as ajv's named `Ajv` export. */
export {AjvStub as Ajv};
