/**
 * No request stops the proxy or gets past it: 10,000 generated malformed or hostile raw requests
 * (request lines, header names and values, sizes, encodings, chunking, pipelining, early closes)
 * against the Node adapter on real sockets, and 4,000 hostile `Request`s against the fetch
 * handler. Afterwards the process is up and still serves, every answer was a 4xx/5xx JSON error
 * (a CORS preflight's 204 and the health route's 200 aside) without the key, and the heap after a
 * GC is within a generous bound of where it was after a warm-up.
 *
 * Seeded: a failure names its seed and case; `FUZZ_SEED=<seed> node test/proxy/run.mjs fuzz`
 * generates the same requests again.
 */
import assert from 'node:assert/strict';
import {createServer} from 'node:http';
import {after, before, describe, it} from 'node:test';
import {setFlagsFromString} from 'node:v8';
import {runInNewContext} from 'node:vm';
import fc from 'fast-check';
import {FUZZ_MODEL, fetchRequest, rawExchange} from './fuzz-requests.mjs';
import {KEY, proxyModule} from './proxy-harness.mjs';
import {exchange, splitResponses} from './raw-exchange.mjs';

const SEED = Number(process.env.FUZZ_SEED ?? 20261207);
const RAW_REQUESTS = 10_000;
const FETCH_REQUESTS = 4_000;
/** Exchanges in flight at once: enough to overlap requests, few enough for a shared 2-core machine. */
const AT_ONCE = 16;
/** Generated in batches (each batch its own derived seed), so the big bodies never all sit in memory. */
const BATCH = 250;
/** Heap growth allowed after a GC: far above noise, far below what a leak of even 1 kB per request leaves. */
const HEAP_BOUND_BYTES = 8 * 1024 * 1024;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

/** An upstream that always fails, quoting the key, as a provider's auth error might. */
let upstreamCalls = 0;
const failingUpstream = async (_url, init) => {
  upstreamCalls++;
  assert.ok(!String(init.body).includes(KEY));
  return Response.json({type: 'error', error: {type: 'overloaded_error', message: `overloaded (key ${KEY})`}}, {status: 529});
};

const {createLlmProxy, toNodeListener} = proxyModule;
// A body announced longer than it is waits for the body timeout: short here, so such cases end
// quickly (a slow machine's late body is a 408, which is an answer like any other).
const common = {fetch: failingUpstream, maxBodyBytes: 64_000, bodyTimeoutMs: 200, anthropic: {apiKey: KEY, models: [FUZZ_MODEL]}, openai: {apiKey: KEY, models: [FUZZ_MODEL]}};
const handlers = [
  // Open: no limits in the way, so bodies reach every check.
  createLlmProxy({...common, limits: {requestsPerMinute: false, concurrentStreams: false, tokensPerDay: false}}),
  // Guarded: allowed origins, visitor tokens, the default limits.
  createLlmProxy({...common, allowedOrigins: ['https://app.example'], visitorTokens: {secret: 'fuzz-visitor-secret-0123456789abcdef0123', audience: 'https://app.example'}}),
];
const servers = [];
const crashes = [];
// An error thrown outside a handler leaves its socket unanswered: close every connection, so the
// run fails at once with the error instead of hanging.
const onCrash = (error) => {
  crashes.push(error);
  for (const server of servers) server.closeAllConnections();
};

before(async () => {
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  for (const handler of handlers) {
    const listener = toNodeListener(handler);
    // As scripts/proxy.mjs serves it: every refusal, Node's own included, in the proxy's JSON.
    const server = createServer({requireHostHeader: false}, listener).on('clientError', listener.clientError).on('checkExpectation', listener);
    // The fuzz client half-closes after its request (so an incomplete one ends at once, with no
    // timeout); Node would then drop the answers still being prepared, which are the ones to check.
    server.httpAllowHalfOpen = true;
    // After an answer given without reading a large body, Node keeps the connection for the next
    // request until its keep-alive timeout (5 s): short here, since the fuzz client sends no more.
    server.keepAliveTimeout = 100;
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
  }
});
after(async () => {
  process.off('uncaughtException', onCrash);
  process.off('unhandledRejection', onCrash);
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** Runs `count` generated cases through `run`, `AT_ONCE` at a time; `run(value, index)` throws on a bad answer. */
async function fuzz(arbitrary, count, run, seedOffset = 0) {
  for (let start = 0; start < count; start += BATCH) {
    const values = fc.sample(arbitrary, {seed: SEED + seedOffset + start, numRuns: Math.min(BATCH, count - start)});
    let next = 0;
    await Promise.all(Array.from({length: AT_ONCE}, async () => {
      while (next < values.length) {
        const index = next++;
        const value = values[index];
        values[index] = undefined; // let the big ones go as soon as they are sent
        try {
          if (crashes.length) throw new Error(`thrown outside any handler: ${crashes[0]?.stack ?? crashes[0]}`);
          await run(value, start + index);
        } catch (error) {
          throw new Error(`fuzz case ${start + index} (FUZZ_SEED=${SEED}): ${error.message}`, {cause: error});
        }
      }
    }));
  }
}

/** Checks one answer: an error in the proxy's JSON shape (or a preflight / health answer), never the key. */
function checkAnswer({status, headers, body, headOnly = false}) {
  assert.ok(!body.includes(KEY), `the key in an answer: ${body.slice(0, 200)}`);
  if (status === 204) return assert.equal(body, '');
  assert.match(headers['content-type'] ?? headers.get?.('content-type') ?? '', /^application\/json/, `status ${status}: ${body.slice(0, 200)}`);
  if (headOnly) return assert.ok(status >= 400 || status === 200, `status ${status} to HEAD`);
  const json = JSON.parse(body);
  if (status === 200) return assert.equal(json.ok, true, 'only the health route answers 200');
  assert.ok(status >= 400 && status < 600, `status ${status}`);
  assert.equal(typeof json.error?.type, 'string', body.slice(0, 200));
}

function heapAfterGc() {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

// A hang detector only (the run takes about 40 s on a busy 2-core machine): a request the proxy never answers would hang its socket.
describe('fuzz: hostile requests', {timeout: 600_000}, () => {
  let heapBefore;

  it('warms up (so the heap compared later already holds what the first requests load)', async () => {
    await fuzz(rawExchange, 500, async (value, i) => {
      await exchange(servers[i % 2].address().port, value);
    }, 1_000_000);
    heapBefore = heapAfterGc();
  });

  it(`answers ${RAW_REQUESTS} raw malformed requests on sockets with JSON errors only, never the key`, async (t) => {
    const seen = new Map();
    await fuzz(rawExchange, RAW_REQUESTS, async (value, i) => {
      const raw = await exchange(servers[i % 2].address().port, value);
      assert.ok(!raw.includes(KEY), 'the key on the wire');
      for (const response of splitResponses(raw, {bodiless: value.method === 'HEAD'})) {
        checkAnswer(response);
        seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
      }
    });
    // The generator reaches the proxy's checks, not only Node's parser.
    t.diagnostic(`answers by status: ${JSON.stringify(Object.fromEntries([...seen].sort()))}`);
    for (const status of [400, 401, 403, 404, 413]) assert.ok(seen.get(status) > 0, `no ${status} among ${JSON.stringify([...seen])}`);
  });

  it(`answers ${FETCH_REQUESTS} hostile Requests through the fetch handler with JSON errors only, never rejecting`, async () => {
    await fuzz(fetchRequest, FETCH_REQUESTS, async (request, i) => {
      const response = await handlers[i % 2](request);
      checkAnswer({status: response.status, headers: response.headers, body: await response.text()});
    }, 2_000_000);
  });

  it('is still up and serving, with nothing thrown outside a handler and a flat heap', async (t) => {
    assert.deepEqual(crashes.map(String), []);
    const health = await fetch(`http://127.0.0.1:${servers[0].address().port}/health`);
    assert.deepEqual(await health.json(), {ok: true, anthropic: true, openai: true});
    const calls = upstreamCalls;
    const forwarded = await fetch(`http://127.0.0.1:${servers[0].address().port}/v1/messages`, {method: 'POST', body: JSON.stringify({model: FUZZ_MODEL, max_tokens: 10, messages: [{role: 'user', content: 'still there?'}]})});
    assert.equal(forwarded.status, 529);
    assert.ok(!(await forwarded.text()).includes(KEY));
    assert.equal(upstreamCalls, calls + 1);
    const growth = heapAfterGc() - heapBefore;
    t.diagnostic(`heap after GC: ${(heapBefore / 1048576).toFixed(1)} MB after the warm-up, grown by ${(growth / 1048576).toFixed(1)} MB after ${RAW_REQUESTS + FETCH_REQUESTS} requests`);
    assert.ok(growth < HEAP_BOUND_BYTES, `the heap grew by ${(growth / 1048576).toFixed(1)} MB over the fuzz run`);
  });
});
