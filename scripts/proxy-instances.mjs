/**
 * Starts several key proxy instances, each a child process running scripts/proxy-instance.mjs
 * with the environment given, as a deployment runs them behind a load balancer. Used by
 * `npm run proxy:cluster`, the proxy load test and the proxy benchmark.
 */
import {spawn} from 'node:child_process';
import {createInterface} from 'node:readline';
import {fileURLToPath} from 'node:url';
import {stopChild} from '../test/support/stop-child.mjs';

const PROGRAM = fileURLToPath(new URL('./proxy-instance.mjs', import.meta.url));

/**
 * Starts `count` instances and resolves once every one listens.
 * @param {{count: number, env: Record<string, string | undefined>, onLine?: (instance: number, line: string) => void}} options
 *   `env` is the whole environment of each instance (not added to this process's, so a variable
 *   of the caller's shell cannot change a test's configuration); `onLine` gets each log line.
 * @returns {Promise<{urls: string[], stop(): Promise<void>}>}
 */
export async function startProxyInstances({count, env, onLine = () => {}}) {
  const children = [];
  const stop = () => Promise.all(children.map(stopChild)).then(() => {});
  try {
    const urls = await Promise.all(
      Array.from({length: count}, (_, index) => {
        const child = spawn(process.execPath, [PROGRAM], {env, stdio: ['ignore', 'pipe', 'inherit', 'ipc']});
        children.push(child);
        createInterface({input: child.stdout}).on('line', (line) => onLine(index, line));
        return new Promise((resolve, reject) => {
          child.once('message', (message) => resolve(message.listening));
          child.once('exit', (code, signal) => reject(new Error(`proxy instance ${index} stopped before listening (${signal ?? `exit ${code}`})`)));
          child.once('error', reject);
        });
      }),
    );
    return {urls, stop};
  } catch (error) {
    await stop();
    throw error;
  }
}
