/**
 * The Notes demo server (demo/servers/protected-server.mjs: OAuth sign-in required) on a free
 * port, for tests: its authorization server approves at once (no consent page to click in a
 * window the test cannot reach).
 */
import {start as startNotes} from '../../demo/servers/protected-server.mjs';

export const name = 'demo-protected';

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export const start = () => startNotes({port: 0, autoApprove: true});
