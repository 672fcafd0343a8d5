/**
 * The MCP SDK validates messages with zod 4, whose object schemas, as the SDK's modules build
 * them, probe `new Function('')` to decide whether to compile fast paths. On a page whose CSP
 * forbids eval the probe is caught, but the browser still reports a CSP violation (and a page's
 * `report-uri` hears of it). Zod skips the probe when its global config says `jitless`. That
 * config lives on `globalThis.__zod_globalConfig` (zod's own cross-copy mechanism) and must be set
 * before the SDK's modules evaluate, so this module imports nothing: the element calls it before
 * its dynamic import of the MCP chunk. `jitless` only turns off zod's compiled fast paths
 * (validation results are the same), also for a page's own zod 4 if it has one.
 */

/** Sets zod's global `jitless` option. Idempotent; safe to call before zod is loaded. */
export function setZodJitless(): void {
  const scope = globalThis as {__zod_globalConfig?: Record<string, unknown>};
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
