/**
 * An ioredis client for the key proxy's Redis limit store (one server, or a Redis Cluster), set up to fail fast: while the server
 * is unreachable a command fails at once instead of waiting in ioredis's queue, so the proxy
 * answers its `limits_unavailable` 503 (or forwards, with `failOpen`) at once rather than after
 * its `storeTimeoutMs`. The client keeps reconnecting in the background and works again as soon
 * as the server is back. Used by the proxy instances, their tests and their benchmark.
 */
import {Cluster, Redis} from 'ioredis';

/**
 * The ioredis options that make a lost server fail fast.
 * - `enableOfflineQueue: false`: a command sent while disconnected is refused, not queued until
 *   the server returns (which could be never, or long after the visitor gave up).
 * - `maxRetriesPerRequest: 0`: a command in flight when the connection drops fails with it,
 *   instead of being sent again after a reconnection.
 * A server that is connected but does not answer (overloaded, paused) is not caught by these:
 * the proxy's `storeTimeoutMs` bounds that case.
 */
export const FAIL_FAST_REDIS_OPTIONS = Object.freeze({enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 2000});

/**
 * Connects to `url` and resolves once the client is ready for commands (with the offline queue
 * off, a command sent before that would fail).
 * @param {string} url `redis://[:password@]host:port`
 * @param {{onError?: (error: Error) => void}} [options] `onError` sees connection errors (their
 *   messages name the host and port, never the password); without it they are dropped, since
 *   the commands that fail already say so.
 * @returns {Promise<import('ioredis').Redis>}
 */
export async function connectRedis(url, {onError} = {}) {
  const client = new Redis(url, {...FAIL_FAST_REDIS_OPTIONS, lazyConnect: true});
  // ioredis prints unhandled connection errors on its own; this listener decides instead.
  client.on('error', (error) => onError?.(error));
  try {
    await client.connect();
  } catch (error) {
    client.disconnect(); // or it keeps trying in the background
    throw error;
  }
  return client;
}

/**
 * Connects to a Redis Cluster through any of its `nodes` and resolves once the client knows the
 * cluster's slots and is ready, failing fast as {@link connectRedis} does.
 * @param {{host: string, port: number}[]} nodes
 * @param {{onError?: (error: Error) => void}} [options] as for {@link connectRedis}
 * @returns {Promise<import('ioredis').Cluster>}
 */
export async function connectRedisCluster(nodes, {onError} = {}) {
  const {enableOfflineQueue, ...perNode} = FAIL_FAST_REDIS_OPTIONS;
  // The offline queue is the cluster's own option; the others apply to each node's connection.
  const client = new Cluster(nodes, {enableOfflineQueue, redisOptions: perNode, lazyConnect: true});
  client.on('error', (error) => onError?.(error));
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw error;
  }
  return client;
}
