#!/usr/bin/env node
/**
 * Starts the demo MCP servers together: Data, Atlas and Notes (sign-in with OAuth, its
 * authorization server in the same process). A command of its own
 * (`node demo/servers/start-demo-servers.mjs`, `npm run demo:servers`); `npm start` starts the same
 * three itself. Ports from DATA_PORT / ATLAS_PORT / NOTES_PORT (defaults 3101 / 3102 / 3103; 0
 * picks free ones).
 */
import {fileURLToPath} from 'node:url';
import {DEFAULT_PORT as DATA_PORT, start as startData} from './data-server.mjs';
import {DEFAULT_PORT as ATLAS_PORT, start as startAtlas} from './atlas-server.mjs';
import {DEFAULT_PORT as NOTES_PORT, start as startNotes} from './protected-server.mjs';

/**
 * @param {{dataPort?: number, atlasPort?: number, notesPort?: number, host?: string}} [options]
 * @returns {Promise<{servers: Array<{name: string, url: string}>, close(): Promise<void>}>}
 */
export async function startDemoServers(options = {}) {
  const started = await Promise.all([
    startData({port: options.dataPort ?? Number(process.env.DATA_PORT ?? DATA_PORT), host: options.host}),
    startAtlas({port: options.atlasPort ?? Number(process.env.ATLAS_PORT ?? ATLAS_PORT), host: options.host}),
    startNotes({port: options.notesPort ?? Number(process.env.NOTES_PORT ?? NOTES_PORT), host: options.host}),
  ]);
  return {
    servers: started.map(({name, url}) => ({name, url})),
    close: async () => void (await Promise.all(started.map((s) => s.close()))),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const demo = await startDemoServers({host: process.env.HOST});
  for (const s of demo.servers) console.log(`${s.name} MCP server: ${s.url}`);
  const stop = () => demo.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
