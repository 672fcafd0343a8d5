/** The Atlas demo MCP server (demo/servers/atlas-server.mjs) on a free port, for tests. */
import {start as startAtlas} from '../../demo/servers/atlas-server.mjs';

export const name = 'demo-atlas';

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export const start = () => startAtlas({port: 0});
