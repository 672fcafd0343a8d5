/**
 * What an `AgentSession` is made with: how it answers (`SessionSettings`, changed later with
 * `configure()`), what it starts with and hooks into (layers, servers, the view's `prepare`
 * and `settle`), and what one question may say of itself (`AskOptions`).
 */
import type {AgentLoopOptions, AgentResult} from '../agent/agent-loop.js';
import type {ApprovalPolicy} from '../agent/approval.js';
import type {ToolLayer} from '../agent/types.js';
import type {TracerProvider} from '@opentelemetry/api';
import type {UiLanguage} from '../policy/language.js';
import type {LanguageModel} from '../providers/language-model.js';
import type {ModelOptions} from '../providers/provider-options.js';
import type {AskApproval} from './session-approvals.js';
import type {McpAuthOptions, ProtocolMemory} from '../mcp/index.js';
import type {AskElicitation} from './session-elicitations.js';
import type {ServerConfig} from './server-set.js';
import type {QuestionSource} from './session-apps.js';
import type {SnapshotFile} from './snapshot/snapshot-format.js';

/** How a session answers; changed with `configure()`, read at each question. */
export interface SessionSettings {
  /**
   * The model: a `LanguageModel`, the settings `createProvider` takes, or a list of such settings
   * in order of preference (the next answers when one is unavailable or its download refused).
   * Default `{provider: 'anthropic'}`.
   */
  model?: LanguageModel | ModelOptions | readonly ModelOptions[];
  /** Language of the generated prompt and of the loop's nudges. Default `en`. */
  language?: UiLanguage;
  /** LLM turns per question. Default 10; anything but a positive number gives the default. */
  maxIterations?: number;
  /** Milliseconds a tool call may take without progress. Default 60,000; same rule. */
  toolTimeoutMs?: number;
  /** Offer every tool from the start instead of lazy discovery. */
  eagerTools?: boolean;
  /**
   * Show a draft of each widget while the model writes its call (default true); false shows
   * widgets only once their call is complete.
   */
  drafts?: boolean;
  /** Replaces the generated system prompt (a string, or a function of the generated one). */
  systemPrompt?: AgentLoopOptions['systemPrompt'];
  /** Output-token cap per turn. Default 4096. */
  maxTokens?: number;
  /**
   * When a call waits for a person: `writes` (default: every tool not marked `readOnlyHint`),
   * `all` or `never`. A server's own `approve` wins; any other value means `writes`.
   */
  approve?: ApprovalPolicy;
  /**
   * An OTLP/HTTP traces URL (a same-origin relay is best): each question becomes one trace
   * there, with the OpenTelemetry GenAI and MCP names. The tracing chunk loads only then.
   */
  telemetry?: string;
  /** A page's own OpenTelemetry tracer provider: questions are traced through it (wins over `telemetry`). */
  tracerProvider?: TracerProvider;
  /** Allows the question, the answer, tool arguments and results in spans. Default false: never. */
  telemetryContent?: boolean;
  /**
   * The site's own agent: an AG-UI endpoint URL. Set, each question runs on that agent instead
   * of the in-page loop (its code is a chunk of its own), with the layers as its frontend tools;
   * `model` is then only read for its `visitorToken`, and no provider is made.
   */
  agent?: string;
}

/** Options of {@link AgentSession}. */
export interface AgentSessionOptions extends SessionSettings {
  /** In-page tool layers (e.g. from `createWebMcpServer`), besides the servers'. */
  layers?: readonly ToolLayer[];
  /** MCP servers to connect now. */
  servers?: readonly ServerConfig[];
  /** How long a question waits for servers still connecting before it runs without them. Default 10,000 ms. */
  serverWaitMs?: number;
  /**
   * Awaited before each question's loop starts (raced with Stop): what the question needs from
   * the view, e.g. the element loads its widgets and adds its `autoui` layer here. A throw fails
   * the question (`LOAD_FAILED` for a part that did not load).
   */
  prepare?: (signal: AbortSignal) => Promise<void>;
  /**
   * Awaited before a snapshot is restored: what checking its widgets needs from the view (the
   * element loads its widgets and adds its `autoui` layer here). A throw fails the restore.
   */
  prepareRestore?: () => Promise<void>;
  /**
   * Awaited after the loop, before `run-end`: what the view finishes before a question counts as
   * answered, e.g. the element waits for the widgets of the run to render. Must not throw.
   */
  settle?: (result: AgentResult) => Promise<void>;
  /**
   * Answers approval requests (an app's dialog, a message to a Worker's page): resolves with the
   * decision, or rejects to deny. The `approval` event is still emitted; the first answer wins.
   */
  askApproval?: AskApproval;
  /**
   * Sign-in to MCP servers that ask for it (OAuth): where tokens are kept, the callback page's URL,
   * the client id. The person is asked through the `sign-in` event. Absent: such servers fail
   * with `MCP_AUTH_REQUIRED`.
   */
  auth?: Omit<McpAuthOptions, 'authorize'>;
  /** Answers servers' questions (elicitation) in the app's own UI; the `elicitation` event is still emitted. */
  askElicitation?: AskElicitation;
  /** Where each server's MCP revision is remembered (default: for the page's lifetime). */
  protocolMemory?: ProtocolMemory;
  /** The local files attached to the session (the `files` layer's), which its snapshots name with their schema. */
  attachedFiles?: () => readonly SnapshotFile[];
}

/** Options of `AgentSession.ask`. */
export interface AskOptions {
  /** Where the question comes from when the person did not type it: an MCP App view's `ui/message`. */
  from?: QuestionSource;
}
