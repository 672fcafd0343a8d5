/**
 * A throwaway Redis server for the proxy's tests, benchmark and `npm run proxy:cluster`: Debian's
 * `redis-server` (or `REDIS_SERVER`) on a free loopback port, nothing saved to disk, stopped with
 * the caller. The proxy's shared limits are tested against this real server, never a stand-in.
 */
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import {createServer, connect} from 'node:net';

/** The redis-server binary to run. */
export function redisServerPath() {
  return process.env.REDIS_SERVER || '/usr/bin/redis-server';
}

/** True when {@link redisServerPath} exists. */
export function hasRedisServer() {
  return existsSync(redisServerPath());
}

/** How to get one, printed when none is found. */
export const redisHelp = `No redis-server found at ${redisServerPath()}.
The key proxy's shared limits are tested against a real Redis. On Debian or Ubuntu:
  sudo apt-get update && sudo apt-get install -y redis-server
or point REDIS_SERVER at a redis-server binary (version 7 or later: the cluster tests use its cluster-port setting).`;

/**
 * Starts redis-server on a free port and resolves when it answers PING.
 * @param {{port?: number, args?: string[]}} [options] `args`: more settings for the command line
 *   (scripts/redis-cluster.mjs passes the cluster ones).
 * @returns {Promise<{url: string, port: number, stop(): Promise<void>}>}
 */
export async function startRedisServer({port, args = []} = {}) {
  if (!hasRedisServer()) throw new Error(redisHelp);
  const chosen = port ?? (await freePort());
  const child = spawn(redisServerPath(), ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--loglevel', 'warning', ...args], {stdio: ['ignore', 'ignore', 'pipe']});
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 10_000;
  while (!(await answersPing(chosen))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on port ${chosen}: ${stderr.trim() || `exit ${child.exitCode}`}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    async stop() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A port nothing listens on at the moment (the system's choice), on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address();
      server.close(() => resolve(port));
    });
  });
}

function answersPing(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
