/**
 * Several MCP servers at once: every connection starts together and settles on its own, so a
 * server that is down, slow or refused by CORS is reported with its own typed error and never
 * delays or breaks the others.
 */
import {AutouiError, ErrorCodes, errorMessage} from '../errors.js';
import {connectMcpServer} from './mcp-connection.js';
import type {McpConnectResult, McpServerOptions} from './mcp-types.js';

/**
 * Connects every server in parallel. The result has one entry per input, in input order.
 * `onSettled` (optional; must not throw) hears each server as soon as it is ready or has failed,
 * so a page can show the fast ones without waiting for the slowest.
 */
export async function connectMcpServers(list: readonly McpServerOptions[], onSettled?: (result: McpConnectResult) => void): Promise<McpConnectResult[]> {
  return Promise.all(
    list.map(async (options): Promise<McpConnectResult> => {
      let result: McpConnectResult;
      try {
        result = {status: 'fulfilled', options, connection: await connectMcpServer(options)};
      } catch (error) {
        const typed = AutouiError.isInstance(error) ? error : new AutouiError(ErrorCodes.MCP_CONNECT, errorMessage(error), {cause: error});
        result = {status: 'rejected', options, error: typed};
      }
      try {
        onSettled?.(result);
      } catch {
        // A page's handler must not break the other connections.
      }
      return result;
    }),
  );
}
