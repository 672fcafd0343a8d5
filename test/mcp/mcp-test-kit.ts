/**
 * Small helpers for the MCP tests: a tool-execution context, a connection that is closed after
 * the test, and a URL nobody listens on.
 */
import {SERVERS} from '@test/servers';
import type {ToolExecutionContext} from '../../src/agent/types.js';
import {connectMcpServer, type McpConnection, type McpServerOptions} from '../../src/mcp/index.js';

/** The URL of a test server, with a clear failure when it did not start. */
export function serverUrl(name: string): string {
  const url = SERVERS[name];
  if (!url) throw new Error(`test server "${name}" is not running (TEST_SERVERS?)`);
  return url;
}

/** A context like the loop gives, counting progress reports. */
export function toolContext(signal: AbortSignal = new AbortController().signal): ToolExecutionContext & {progress: number} {
  const context = {signal, callId: 'toolu_test', progress: 0, reportProgress: () => void context.progress++};
  return context;
}

const open: McpConnection[] = [];

/** Connects a server for one test; {@link closeAll} in `afterEach` closes it. */
export async function connect(name: string, options: Partial<McpServerOptions> = {}): Promise<McpConnection> {
  const connection = await connectMcpServer({url: serverUrl(name), ...options});
  open.push(connection);
  return connection;
}

/** Closes every connection opened by {@link connect}. */
export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((c) => c.close()));
}

/** Port 9 (discard) on the loopback: nothing listens there, the connection is refused at once. */
export const DOWN_URL = 'http://127.0.0.1:9/mcp';

/** The base URL (origin) of a test server, for its admin routes. */
export const originOf = (name: string) => new URL(serverUrl(name)).origin;

/** Expects `promise` to reject; returns the error. */
export async function rejection(promise: Promise<unknown>): Promise<Error & {code?: string; details?: Record<string, unknown>}> {
  try {
    await promise;
  } catch (error) {
    return error as Error & {code?: string};
  }
  throw new Error('expected a rejection, got a result');
}
