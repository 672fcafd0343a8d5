/** `@modelcontextprotocol/server-basic-vanillajs`: one tool (`get-time`) with an MCP App view, on loopback. */
import {startPublishedAppServer} from '../support/published-app-server.mjs';

export const name = 'app-basic';

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export const start = () => startPublishedAppServer('@modelcontextprotocol/server-basic-vanillajs');
