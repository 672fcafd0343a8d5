/**
 * Stable error codes. Pages and tests, including tests outside this project, match on these
 * strings (the `code` of `autoui-error` and `autoui-server-error` events is public contract), so a
 * code is never renamed; new ones may be added.
 */
export const ErrorCodes = {
  /** The provider answered with an HTTP error (status in `status`). */
  PROVIDER_HTTP: 'PROVIDER_HTTP',
  /** The provider could not be reached (network, DNS, CORS). */
  PROVIDER_NETWORK: 'PROVIDER_NETWORK',
  /** The provider's stream broke, was cut, or carried an `error` event. */
  PROVIDER_STREAM: 'PROVIDER_STREAM',
  /**
   * The key proxy refused the request under one of its usage limits (requests per minute, answers
   * at once, tokens per day, the site's daily budget). The message says how long to wait; `details`
   * has `status`, `type`, `limit` and `retryAfterSeconds`. Nothing reached the provider.
   */
  PROXY_LIMIT: 'PROXY_LIMIT',
  /** A key was given to the browser without opting in. No request was made. */
  BROWSER_KEY_REFUSED: 'BROWSER_KEY_REFUSED',
  /** An MCP server could not be connected. */
  MCP_CONNECT: 'MCP_CONNECT',
  /** An MCP server refused the page's origin; the message names the missing header. */
  MCP_CORS: 'MCP_CORS',
  /** An MCP server did not answer in time. */
  MCP_TIMEOUT: 'MCP_TIMEOUT',
  /** A server's configuration cannot be used: no URL, or one that is not http(s). Nothing was sent. */
  MCP_CONFIG: 'MCP_CONFIG',
  /** An MCP server asks the person to sign in (OAuth), and they have not yet. */
  MCP_AUTH_REQUIRED: 'MCP_AUTH_REQUIRED',
  /** The person (or the authorization server) refused the sign-in, or closed it. */
  MCP_AUTH_DENIED: 'MCP_AUTH_DENIED',
  /** The sign-in could not complete: discovery, registration, a wrong issuer or state, the token exchange. */
  MCP_AUTH_FAILED: 'MCP_AUTH_FAILED',
  /** A tool call failed (exception inside the tool, or the server reported an error). */
  TOOL_FAILED: 'TOOL_FAILED',
  /** A tool call took longer than its timeout. */
  TOOL_TIMEOUT: 'TOOL_TIMEOUT',
  /** The person declined a tool call (or nobody could be asked): nothing was sent to its server. */
  TOOL_DENIED: 'TOOL_DENIED',
  /** The model named a tool that does not exist. */
  TOOL_UNKNOWN: 'TOOL_UNKNOWN',
  /** The model sent arguments that are not valid JSON or not an object. */
  TOOL_INPUT_INVALID: 'TOOL_INPUT_INVALID',
  /** Widget params failed validation. */
  INVALID_WIDGET_PROPS: 'INVALID_WIDGET_PROPS',
  /** The run was aborted. */
  ABORTED: 'ABORTED',
  /** A question was asked while a run was going. */
  RUN_IN_PROGRESS: 'RUN_IN_PROGRESS',
  /** A lazy part of the library (a chunk) could not be loaded, e.g. the network failed. */
  LOAD_FAILED: 'LOAD_FAILED',
  /** A snapshot (given to `restore()`, in a share link, stored) is not one: wrong format or version, not JSON. Nothing changed. */
  SNAPSHOT_INVALID: 'SNAPSHOT_INVALID',
  /** A snapshot or share link is larger than autoui-agent reads or writes (a share fragment over 64 kB). Nothing changed. */
  SNAPSHOT_TOO_LARGE: 'SNAPSHOT_TOO_LARGE',
  /** The browser's storage refused to keep or give back the session (`persist`): quota, private mode. Nothing in memory is lost. */
  STORAGE_FAILED: 'STORAGE_FAILED',
  /** An MCP App view asked for what it may not have (another server's tool, a model-only tool, a link that is not http(s), more calls of one tool waiting for approval than a view may queue). Nothing was sent. */
  APP_REFUSED: 'APP_REFUSED',
  /** An MCP App view cannot be shown: no `sandbox-url`, one on the page's own origin, or the sandbox page did not answer. Its text result is shown instead. */
  APP_SANDBOX: 'APP_SANDBOX',
  /**
   * A file the page does not take: a kind the `files` attribute leaves out, larger than
   * `files-max-bytes`, or files are off. Nothing was read.
   */
  FILE_REFUSED: 'FILE_REFUSED',
  /**
   * A file could not be read: broken, not what its name says (a binary file named .csv, a
   * spreadsheet that is not one), nested too deep or too wide, a spreadsheet that would inflate
   * past the cap, the page's CSP forbids the files Worker, or reading took too long. The
   * conversation goes on; the file is not attached.
   */
  FILE_UNREADABLE: 'FILE_UNREADABLE',
  /**
   * A model that runs in the browser cannot here: the browser has no built-in model (the Prompt
   * API) or says it cannot run it on this device. Nothing was downloaded.
   */
  LOCAL_MODEL_UNAVAILABLE: 'LOCAL_MODEL_UNAVAILABLE',
  /** The model must be downloaded first and the person did not agree (or nobody could be asked). Nothing was downloaded. */
  LOCAL_MODEL_REFUSED: 'LOCAL_MODEL_REFUSED',
  /** A model in the browser failed: its download, its session, an answer it could not give, a conversation longer than it reads. */
  LOCAL_MODEL_FAILED: 'LOCAL_MODEL_FAILED',
  /**
   * The AG-UI agent (`agent`) answered with an HTTP error (`details.status`), or could not be
   * reached; a page whose origin it refuses is told the CORS header it must send.
   */
  AGENT_HTTP: 'AGENT_HTTP',
  /** The AG-UI agent's stream broke the protocol: not JSON, an event without a required field, events out of order. */
  AGENT_PROTOCOL: 'AGENT_PROTOCOL',
  /** A programmer error in how the library was called. */
  INVALID_ARGUMENT: 'INVALID_ARGUMENT',
} as const;

/** One of the stable error code strings of {@link ErrorCodes}. */
export type AutouiErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

const BRAND = Symbol.for('autoui.error');

/**
 * The one error type of autoui-agent: a message for people and a stable `code` for programs.
 * Subclasses add typed fields only.
 */
export class AutouiError extends Error {
  /** Stable machine-readable code. */
  readonly code: AutouiErrorCode;
  /** Extra structured facts (HTTP status, server name, ...), safe to show: never a key. */
  readonly details?: Record<string, unknown>;

  constructor(code: AutouiErrorCode, message: string, options?: {cause?: unknown; details?: Record<string, unknown>}) {
    super(message, options?.cause === undefined ? undefined : {cause: options.cause});
    this.name = new.target.name;
    this.code = code;
    this.details = options?.details;
    (this as unknown as Record<symbol, boolean>)[BRAND] = true;
  }

  /** True for an AutouiError, also one made by another copy of the bundle on the same page. */
  static isInstance(value: unknown): value is AutouiError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}

/** The message of anything thrown, as a plain string. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** True when `error` is the result of an abort (DOMException `AbortError` or our `ABORTED`). */
export function isAbortError(error: unknown): boolean {
  if (AutouiError.isInstance(error)) return error.code === ErrorCodes.ABORTED;
  return typeof error === 'object' && error !== null && (error as {name?: string}).name === 'AbortError';
}

/**
 * The error for a lazy part of the library (a chunk) that did not arrive: `LOAD_FAILED`, naming
 * the part, with the network failure as its cause. A later attempt may succeed.
 */
export function loadFailed(part: string, cause: unknown): AutouiError {
  return new AutouiError(ErrorCodes.LOAD_FAILED, `${part} could not be loaded (${errorMessage(cause)}). Check the network and try again.`, {cause});
}
