/**
 * Plans on the fault proxy (test/servers/fault-proxy.mjs): a route to a server, with the faults
 * its first matching requests meet, and the log of every request it saw.
 */
import {serverUrl} from '../../element/harness.js';

/** A fault of the proxy (see its module comment for each kind). */
export interface Fault {
  kind: 'reset' | 'stall' | 'drip' | 'status' | 'truncate' | 'forget-session' | 'restart';
  rpc?: string;
  tool?: string;
  path?: string;
  times?: number;
  status?: number;
  headers?: Record<string, string>;
  dripMs?: number;
  dripBytes?: number;
}

/** A plan: its base URL (the target's paths go after it), its log, its end. */
export interface Plan {
  base: string;
  /** Every request the proxy forwarded (or did not) for this plan. */
  log(): Promise<Array<{method: string; path: string; rpc?: string; headers: Record<string, string>; body: string; at: number}>>;
  /** Ends the plan (and stops its own Data server). */
  close(): Promise<unknown>;
}

/**
 * A plan on the fault proxy, reached under its own host name (`host`.loopback.test: the browser's
 * six connections per host would otherwise be shared by every element at once).
 */
export async function plan(target: string, faults: Fault[], host: string): Promise<Plan> {
  const response = await fetch(`${serverUrl('fault-proxy')}/__plans`, {method: 'POST', body: JSON.stringify({target, faults})});
  const named = new URL((await response.json()).base as string);
  named.hostname = `${host}.loopback.test`;
  const base = named.href.replace(/\/$/, '');
  return {base, log: async () => (await fetch(`${base}/__log`)).json(), close: () => fetch(`${base}/__close`, {method: 'POST'})};
}
