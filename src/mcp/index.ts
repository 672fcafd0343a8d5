/**
 * The MCP side of autoui-agent, DOM-free: connect MCP servers as `McpLayer`s for the agent loop.
 * The element loads this module with a dynamic `import()`, so the SDK comes as a lazy chunk: keep
 * this the only entry point of `src/mcp/`.
 */
export {connectMcpServer, DEFAULT_CONNECT_TIMEOUT_MS} from './mcp-connection.js';
export {connectMcpServers} from './connect-servers.js';
export {toToolOutput} from './tool-result.js';
export {REQUIRED_CORS} from './diagnose-cors.js';
export {setZodJitless} from './zod-jitless.js';
export type {
  AuthorizationRequest,
  AuthStore,
  DisabledTool,
  ElicitationAnswer,
  ElicitationHandler,
  ElicitationRequest,
  McpAuthOptions,
  McpConnection,
  McpConnectResult,
  McpProtocolChoice,
  McpServerInfo,
  McpServerOptions,
  ProtocolMemory,
  ProtocolVerdict,
} from './mcp-types.js';
