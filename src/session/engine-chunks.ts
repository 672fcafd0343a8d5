/**
 * The session's engines, each a chunk of its own imported on first use, so a page's first
 * load stays small: the run engine (the loop, the providers, the approvals) and the restore engine
 * (reading untrusted snapshots, share links). A view may load the run engine ahead of the first
 * question; the browser imports a chunk once, whoever asks first.
 */

/** The run engine's exports. */
export type RunEngine = typeof import('./run-engine.js');

/** The restore engine's exports. */
export type RestoreEngine = typeof import('./snapshot/restore-engine.js');

/** The agent engine's exports (a question asked of the site's own AG-UI agent). */
export type AgentEngine = typeof import('./agent-engine.js');

/** Imports the run engine. */
export const importRunEngine = (): Promise<RunEngine> => import('./run-engine.js');

/** Imports the agent engine: only a question asked with the `agent` setting does. */
export const importAgentEngine = (): Promise<AgentEngine> => import('./agent-engine.js');

/** Imports the restore engine. */
export const importRestoreEngine = (): Promise<RestoreEngine> => import('./snapshot/restore-engine.js');

/** Loads the run engine now (when the page is idle, say), so the first question does not wait for it. */
export function preloadRunEngine(): Promise<void> {
  return importRunEngine().then(() => undefined);
}
