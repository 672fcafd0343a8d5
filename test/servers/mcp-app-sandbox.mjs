/**
 * The MCP App sandbox proxy page served on its own origin, as a site would serve it: a port of
 * its own on 127.0.0.1, never the test page's. The source page (src/widgets/mcp-app/), which the
 * build ships unchanged as dist/mcp-app-sandbox.html, so the browser tests need no build.
 */
import {fileURLToPath} from 'node:url';
import {startSandboxServer} from '../../scripts/sandbox-server.mjs';

export const name = 'mcp-app-sandbox';

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export const start = () => startSandboxServer({file: fileURLToPath(new URL('../../src/widgets/mcp-app/mcp-app-sandbox.html', import.meta.url))});
