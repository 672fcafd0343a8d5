/** The Notes demo server as `npm start` runs it: its authorization server shows the consent page. */
import {start as startNotes} from '../../demo/servers/protected-server.mjs';

export const name = 'demo-protected-consent';

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export const start = () => startNotes({port: 0});
