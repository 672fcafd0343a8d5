/** The Data demo MCP server (demo/servers/data-server.mjs) on a free port, for tests. */
import {start as startData} from '../../demo/servers/data-server.mjs';

export const name = 'demo-data';

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export const start = () => startData({port: 0});
