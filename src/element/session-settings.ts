/**
 * The element's attributes as the settings of its session, read when a question starts: a change
 * applies to the next question, and a value that cannot work (an endpoint that is no URL) fails
 * that question with its code instead of throwing at the page. It comes in the engine's chunk: a
 * question waits for the engine anyway.
 */
import {parseApprovalPolicy, type ApprovalPolicy} from '../agent/approval.js';
import {AutouiError, ErrorCodes} from '../errors.js';
import type {ModelDownloadHooks} from '../providers/model-download.js';
import type {ModelOptions} from '../providers/provider-options.js';
import type {SessionSettings} from '../session/agent-session.js';
import {isLocalPage, resolveEndpoint, resolveServerUrl} from './page.js';
import {tracingSettings} from './tracing-settings.js';
import {warnUnknownPolicy} from './policy-warning.js';

/** The attributes (as properties) that become settings. */
export interface AgentAttributes {
  /** One provider, or several separated by spaces in order of preference. */
  provider: string;
  endpoint?: string;
  model?: string;
  apiKey?: string;
  allowBrowserKey: boolean;
  visitorToken?: string;
  maxIterations: number;
  /** Seconds. */
  toolTimeout: number;
  /** Seconds. */
  streamTimeout: number;
  eagerTools: boolean;
  noDrafts: boolean;
  language: 'fr' | 'en';
  approve?: ApprovalPolicy | string;
  /** An OTLP/HTTP traces URL. */
  telemetry?: string;
  telemetryContent?: boolean;
  tracerProvider?: SessionSettings['tracerProvider'];
  /** The site's own AG-UI agent's URL. */
  agent?: string;
}

/**
 * The session's settings for these attributes; `downloads` are the hooks of a model that runs in
 * the browser (the element's card). Throws `INVALID_ARGUMENT` for an endpoint that is no URL, or
 * for a provider name that is none.
 */
export function sessionSettings(a: AgentAttributes, downloads?: ModelDownloadHooks): SessionSettings {
  const agent = a.agent?.trim() ? resolveServerUrl(a.agent.trim()) : undefined;
  // With an agent no provider answers: none is checked or made (the provider named is a
  // placeholder), and the model settings only carry the visitor token (read at each request) for
  // the site's proxy in front of the agent.
  const names = agent ? [] : (a.provider || 'anthropic').trim().split(/\s+/);
  const models = names.map((name) => modelOptions(name, a, downloads));
  return {
    model: agent ? {provider: 'openai', visitorToken: () => a.visitorToken} : models.length === 1 ? models[0] : models,
    agent,
    language: a.language,
    maxIterations: a.maxIterations,
    toolTimeoutMs: a.toolTimeout * 1000,
    eagerTools: a.eagerTools,
    drafts: !a.noDrafts,
    // Anything but a known policy is the default, so a typo can only ask more, never less.
    approve: a.approve && warnUnknownPolicy(a.approve, '<autoui-agent>') ? parseApprovalPolicy(a.approve) : undefined,
    // Tracing is off unless one is set; the tracing chunk loads only then (session-telemetry.ts).
    ...tracingSettings(a),
  };
}

/**
 * The model of provider `name`: the browser's own or a local one (no endpoint and no key: nothing
 * of them may reach a model in the browser; a local model's `model` is its file's URL), or a wire provider.
 */
function modelOptions(name: string, a: AgentAttributes, downloads: ModelDownloadHooks | undefined): ModelOptions {
  if (name === 'browser') return {provider: 'browser', language: a.language, ...downloads};
  if (name === 'local') return {provider: 'local', model: a.model ? resolveServerUrl(a.model) : '', ...downloads};
  if (name !== 'anthropic' && name !== 'openai') throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, `Unknown provider "${name}": use anthropic, openai, browser or local, or several of them separated by spaces in order of preference.`);
  return {
    provider: name,
    endpoint: a.endpoint ? resolveEndpoint(a.endpoint) : undefined,
    model: a.model || undefined,
    apiKey: a.apiKey || undefined,
    allowBrowserKey: a.allowBrowserKey,
    // Read at each model request, not copied here: a token the page refreshes while a question
    // runs applies to its next request, and the settings never hold the token itself.
    visitorToken: () => a.visitorToken,
    isLocalPage: isLocalPage(),
    // A value that is no positive number (a typo in the attribute) keeps the default.
    idleTimeoutMs: a.streamTimeout > 0 ? a.streamTimeout * 1000 : undefined,
  };
}
