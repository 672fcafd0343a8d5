/**
 * A throwaway Redis Cluster for the proxy's tests: several `redis-server --cluster-enabled yes`
 * masters (Debian's, or `REDIS_SERVER`; version 7 or later) on free loopback ports, their node
 * files in a temporary folder, the 16384 hash slots split evenly between them and no replicas.
 * Nothing is saved; `stop()` ends the servers and removes the folder. The limit store is tested
 * against this real cluster, where a script whose keys live in different slots fails with
 * CROSSSLOT, as it would in production.
 */
import {mkdtemp, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Redis} from 'ioredis';
import {freePort, startRedisServer} from './redis-server.mjs';

const SLOTS = 16_384;

/**
 * Starts `masters` cluster nodes, joins them and resolves once every node reports the cluster ok
 * with every slot served.
 * @param {{masters?: number}} [options]
 * @returns {Promise<{nodes: {host: string, port: number}[], stop(): Promise<void>}>}
 */
export async function startRedisCluster({masters = 3} = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'autoui-redis-cluster-'));
  const servers = [];
  const admins = [];
  const stop = async () => {
    for (const admin of admins) admin.disconnect();
    await Promise.all(servers.map((server) => server.stop()));
    await rm(dir, {recursive: true, force: true});
  };
  try {
    for (let i = 0; i < masters; i++) {
      // The bus port is chosen too (cluster-port, Redis 7): the default, port + 10000, may be taken or past 65535.
      const busPort = await freePort();
      servers.push(await startRedisServer({args: ['--cluster-enabled', 'yes', '--cluster-port', String(busPort), '--cluster-config-file', join(dir, `nodes-${i}.conf`), '--dir', dir, '--cluster-node-timeout', '5000']}));
      servers[i].busPort = busPort;
    }
    for (const server of servers) admins.push(new Redis(server.port, '127.0.0.1', {lazyConnect: true, maxRetriesPerRequest: 0}));
    await Promise.all(admins.map((admin) => admin.connect()));
    // Each master serves one contiguous share of the slots, then every node meets the first.
    await Promise.all(admins.map((admin, i) => admin.call('CLUSTER', 'ADDSLOTSRANGE', Math.floor((i * SLOTS) / masters), Math.floor(((i + 1) * SLOTS) / masters) - 1)));
    for (const server of servers.slice(1)) await admins[0].call('CLUSTER', 'MEET', '127.0.0.1', server.port, server.busPort);
    await untilFormed(admins, masters);
  } catch (error) {
    await stop();
    throw error;
  }
  return {nodes: servers.map((server) => ({host: '127.0.0.1', port: server.port})), stop};
}

/** Waits (up to 20 s) until every node knows every other and serves a cluster with all slots assigned. */
async function untilFormed(admins, masters) {
  const deadline = Date.now() + 20_000;
  let last = '';
  for (;;) {
    const infos = await Promise.all(admins.map((admin) => admin.call('CLUSTER', 'INFO')));
    const formed = infos.every((info) => info.includes('cluster_state:ok') && info.includes(`cluster_slots_assigned:${SLOTS}`) && info.includes(`cluster_known_nodes:${masters}`));
    if (formed) return;
    last = infos[0];
    if (Date.now() > deadline) throw new Error(`the Redis cluster did not form in 20 s:\n${last}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
