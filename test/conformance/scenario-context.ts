/**
 * What the conformance runner tells the client under test, and the sign-in and elicitation answers
 * built from it. The runner sets, for every scenario: `MCP_CONFORMANCE_SCENARIO` (its name),
 * `MCP_CONFORMANCE_PROTOCOL_VERSION` (the revision its mock server speaks) and, for some,
 * `MCP_CONFORMANCE_CONTEXT` (JSON: `{name, ...}`, e.g. `client_id`/`client_secret` for
 * `auth/pre-registration`, `toolCalls` for `http-custom-headers`).
 */
import type {ElicitationAnswer, ElicitationRequest, McpAuthOptions} from '../../src/mcp/index.js';
// In memory: each scenario is a fresh process, so nothing needs to outlive it.
import {memoryAuthStore} from '../../src/mcp/auth-store.js';

/** The runner's per-scenario context: always `name`, then whatever the scenario adds. */
export interface ScenarioContext {
  name: string;
  client_id?: string;
  client_secret?: string;
  toolCalls?: {name: string; arguments: Record<string, unknown>}[];
  [key: string]: unknown;
}

/**
 * The Client ID Metadata Document URL the runner's fixture authorization server accepts for
 * `auth/basic-cimd` (hard-coded in the suite, not passed in the context; it never resolves).
 */
export const CIMD_URL = 'https://conformance-test.local/client-metadata.json';

/** Never fetched: the fixture authorization server only puts it in its `Location`. */
const REDIRECT_URL = 'http://localhost:3000/callback';

/** Reads the runner's environment. */
export function readScenario(env = process.env): {scenario: string; revision: string; context: ScenarioContext | undefined} {
  const raw = env.MCP_CONFORMANCE_CONTEXT;
  return {
    scenario: env.MCP_CONFORMANCE_SCENARIO ?? '',
    revision: env.MCP_CONFORMANCE_PROTOCOL_VERSION ?? '',
    context: raw ? (JSON.parse(raw) as ScenarioContext) : undefined,
  };
}


/**
 * Follows the authorization URL the way a person's browser would, minus the person: the suite's
 * fixture authorization server approves at once and answers with a redirect to our redirect URL,
 * whose query (`code`, `state`, `iss`) is what the popup would hand back.
 */
async function followAuthorization(url: URL, signal?: AbortSignal): Promise<URLSearchParams> {
  const response = await fetch(url, {redirect: 'manual', signal});
  const location = response.headers.get('location');
  if (!location) throw new Error(`The authorization endpoint answered ${response.status} without a redirect.`);
  return new URL(location, url).searchParams;
}

/**
 * Sign-in options for a scenario: the pre-registered client when the runner gives one, otherwise
 * the suite's Client ID Metadata Document URL (our client falls back to dynamic registration when
 * the authorization server does not support those documents).
 */
export function authOptions(context: ScenarioContext | undefined): McpAuthOptions {
  return {
    clientId: context?.client_id ?? CIMD_URL,
    clientSecret: context?.client_secret,
    clientName: 'autoui-agent conformance client',
    redirectUrl: REDIRECT_URL,
    store: memoryAuthStore(),
    authorize: (request, signal) => followAuthorization(request.url, signal),
  };
}

type Schema = {properties?: Record<string, {default?: unknown}>};

/**
 * Answers every question as a person pressing "accept" on an untouched form would: with the
 * schema's defaults (what `elicitation-sep1034-client-defaults` checks). A URL question is
 * accepted too: the scenarios have no person to open it.
 */
export async function acceptWithDefaults(request: ElicitationRequest): Promise<ElicitationAnswer> {
  if (request.mode !== 'form') return {action: 'accept'};
  const properties = (request.schema as Schema).properties ?? {};
  const content = Object.fromEntries(Object.entries(properties).filter(([, p]) => p?.default !== undefined).map(([k, p]) => [k, p.default]));
  return {action: 'accept', content};
}
