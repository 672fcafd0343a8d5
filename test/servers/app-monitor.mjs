/**
 * `@modelcontextprotocol/server-system-monitor`: `get-system-info` with a view that polls the
 * app-only tool `poll-system-stats` (`visibility: ["app"]`), on loopback.
 */
import {startPublishedAppServer} from '../support/published-app-server.mjs';

export const name = 'app-monitor';

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export const start = () => startPublishedAppServer('@modelcontextprotocol/server-system-monitor');
