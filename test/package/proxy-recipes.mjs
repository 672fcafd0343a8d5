/**
 * The key proxy's deploy recipes (examples/proxy/, which the README shows verbatim), run from the
 * packed package as a site runs them, against the fake LLM over real HTTP:
 * - `node-server.mjs` as a child process of a fresh Node app that has only the tarball installed,
 *   then two of them sharing their limits in a real redis-server through ioredis;
 * - `worker.mjs` bundled from that app as wrangler bundles a Worker, run in workerd by Miniflare;
 * - `next-route.ts` compiled by tsc (strict) at its App Router path in the consumer app, its
 *   exported handlers called with standard Requests, as Next.js calls them.
 * Each streams an Anthropic answer through the proxy and checks that the fake LLM received the
 * key while nothing the client got carries it.
 */
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {build} from 'esbuild';
import {Miniflare} from 'miniflare';
import {npmInstall} from '../../scripts/pack.mjs';
import {hasRedisServer, redisHelp, startRedisServer} from '../../scripts/redis-server.mjs';
import {startFakeLlmServer} from '../fake-llm/fake-llm-server.mjs';
import {stopChild} from '../support/stop-child.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const recipe = (name) => join(root, 'examples/proxy', name);

/** The key every recipe is given: nothing a client receives may contain it. */
const KEY = 'sk-ant-recipe-secret-4b8e1f07c9d2';
const MODEL = 'claude-recipe-test';
/** The environment each recipe reads: the key, the fake LLM as Anthropic's API, one allowed model. */
const anthropicEnv = (base) => ({ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: base, ANTHROPIC_MODELS: MODEL});

/** A streamed Anthropic Messages request, as the element sends one. */
const question = (headers = {}) => ({
  method: 'POST',
  headers: {'content-type': 'application/json', 'anthropic-version': '2023-06-01', ...headers},
  body: JSON.stringify({model: MODEL, max_tokens: 200, stream: true, messages: [{role: 'user', content: 'Say hello'}]}),
});

/** The text of an Anthropic stream: its `text_delta` frames joined. */
function streamedText(raw) {
  let text = '';
  for (const line of raw.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const frame = JSON.parse(line.slice(5));
    if (frame.delta?.type === 'text_delta') text += frame.delta.text;
  }
  return text;
}

/** Reads an answer and checks it is the scripted stream, with the key in neither its headers nor its body. */
async function assertStreamedAnswer(response, expected) {
  const raw = await response.text();
  assert.equal(response.status, 200, raw);
  assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
  assert.equal(streamedText(raw), expected);
  assert.ok(!raw.includes(KEY) && ![...response.headers].some(([, value]) => value.includes(KEY)), 'the answer carries the key');
}

/** Checks that the fake LLM got exactly one request of scenario `id`, with the key. */
function assertKeyReachedUpstream(llm, id) {
  const received = llm.requests(id);
  assert.equal(received.length, 1, `the fake LLM received ${received.length} requests`);
  assert.equal(received[0].headers['x-api-key'], KEY);
  assert.equal(received[0].body.model, MODEL);
}

/**
 * Runs `examples/proxy/node-server.mjs` copied into `app`, with `env` only (no variable of the
 * test's own environment leaks in), on a free port; resolves once it listens.
 */
async function startNodeRecipe(app, env) {
  const child = spawn(process.execPath, ['node-server.mjs'], {cwd: app, env: {PATH: process.env.PATH, PORT: '0', ...env}, stdio: ['ignore', 'pipe', 'pipe']});
  let output = '';
  const waiters = new Set();
  const check = () => waiters.forEach((waiter) => waiter());
  child.stdout.on('data', (chunk) => ((output += chunk), check()));
  child.stderr.on('data', (chunk) => ((output += chunk), check()));
  child.on('exit', check);
  /** Resolves with the first match of `pattern` in the output; rejects if the server exits or stays silent. */
  const waitFor = (pattern) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`node-server.mjs never printed ${pattern}:\n${output}`)), 15_000);
      const waiter = () => {
        const match = pattern.exec(output);
        if (match) done(null, match);
        else if (child.exitCode !== null) done(new Error(`node-server.mjs exited (${child.exitCode}):\n${output}`));
      };
      const done = (error, match) => {
        clearTimeout(timer);
        waiters.delete(waiter);
        if (error) reject(error);
        else resolve(match);
      };
      waiters.add(waiter);
      waiter();
    });
  try {
    const [, url] = await waitFor(/listening on (http:\/\/\S+)/);
    return {url, waitFor, output: () => output, stop: () => stopChild(child)};
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

/**
 * Adds the recipe cases to the package tests.
 * @param {(name: string, run: () => unknown) => void} test registers a case
 * @param {{tarball: string, consumer: string, installConsumer: () => void, inConsumer: (command: string, args: string[]) => string}} context
 *   the packed tarball, and the consumer app (installed on demand) with a command runner inside it
 * @returns {() => Promise<void>} stops what the cases started
 */
export function proxyRecipeCases(test, {tarball, consumer, installConsumer, inConsumer}) {
  let llm;
  const fakeLlm = async () => (llm ??= await startFakeLlmServer());
  let nodeApp;
  /** A fresh `"type": "module"` app with only the tarball installed and the two JS recipes beside its package.json. */
  const freshNodeApp = () => {
    if (nodeApp) return nodeApp;
    const app = mkdtempSync(join(tmpdir(), 'autoui-proxy-app-'));
    writeFileSync(join(app, 'package.json'), JSON.stringify({name: 'proxy-app', private: true, type: 'module'}));
    npmInstall(app, [tarball]);
    for (const name of ['node-server.mjs', 'worker.mjs']) copyFileSync(recipe(name), join(app, name));
    return (nodeApp = app);
  };

  test('key proxy, Node recipe: node-server.mjs in a fresh app with only the package installed streams an answer through the proxy, the key reaching the LLM only', async () => {
    const app = freshNodeApp();
    const llm = await fakeLlm();
    assert.ok(!existsSync(join(app, 'node_modules/ioredis')), 'the fresh app has ioredis: the recipe would not show it runs without it');
    const s = llm.addScenario({turns: [{text: 'Hello from the Node recipe', usage: {input: 12, output: 6}}]});
    const server = await startNodeRecipe(app, anthropicEnv(s.base));
    try {
      await assertStreamedAnswer(await fetch(`${server.url}/v1/messages`, question()), 'Hello from the Node recipe');
      assertKeyReachedUpstream(llm, s.id);
      // The operator's log line for the request, with what it spent; never the key.
      await server.waitFor(/POST \/v1\/messages 200 \w+ model=claude-recipe-test tokens=18 /);
      assert.ok(!server.output().includes(KEY), 'the log carries the key');
    } finally {
      await server.stop();
    }
  });

  test('key proxy, Node recipe with REDIS_URL: two instances count one set of limits in a real Redis through ioredis', async () => {
    if (!hasRedisServer()) throw new Error(redisHelp);
    const app = freshNodeApp();
    const llm = await fakeLlm();
    // The site's own install, as the recipe tells it: the version this repository tests with.
    const {ioredis} = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies;
    npmInstall(app, ['--save-exact', `ioredis@${ioredis}`]);
    const redis = await startRedisServer();
    const s = llm.addScenario({turns: [{text: 'Counted in Redis', usage: {input: 10, output: 5}}, {text: 'never sent'}]});
    // A daily budget of 10 tokens for everyone: the first answer spends it (or holds it while it streams).
    const env = {...anthropicEnv(s.base), REDIS_URL: redis.url, PROXY_DAILY_TOKEN_BUDGET: '10'};
    const servers = [];
    try {
      servers.push(await startNodeRecipe(app, env), await startNodeRecipe(app, env));
      await assertStreamedAnswer(await fetch(`${servers[0].url}/v1/messages`, question()), 'Counted in Redis');
      const refused = await fetch(`${servers[1].url}/v1/messages`, question());
      const body = await refused.text();
      assert.equal(refused.status, 429, `the second instance did not see the first one's spending: ${body.slice(0, 300)}`);
      assert.equal(JSON.parse(body).error.limit, 'daily_token_budget');
      assertKeyReachedUpstream(llm, s.id);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await redis.stop();
    }
  });

  test('key proxy, Worker recipe: worker.mjs bundled from the installed package as wrangler does runs in workerd (Miniflare) and streams an answer', async () => {
    const app = freshNodeApp();
    const llm = await fakeLlm();
    // wrangler's esbuild settings for a module Worker: the runtime's export conditions first.
    const bundled = await build({
      entryPoints: [join(app, 'worker.mjs')],
      absWorkingDir: app,
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      target: 'es2022',
      conditions: ['workerd', 'worker', 'browser'],
      mainFields: ['browser', 'module', 'main'],
      logLevel: 'silent',
    });
    const script = bundled.outputFiles[0].text;
    assert.doesNotMatch(script, /from\s*["']node:/, 'the Worker bundle imports a Node built-in');
    const s = llm.addScenario({turns: [{text: 'Hello from the Worker recipe', usage: {input: 12, output: 6}}]});
    // workerd reaches the fake LLM on 127.0.0.1 with Miniflare's default outbound network.
    const worker = new Miniflare({modules: true, script, compatibilityDate: '2025-09-01', bindings: anthropicEnv(s.base)});
    try {
      await assertStreamedAnswer(await worker.dispatchFetch('https://proxy.example.workers.dev/v1/messages', question({'cf-connecting-ip': '203.0.113.7'})), 'Hello from the Worker recipe');
      assertKeyReachedUpstream(llm, s.id);
      const health = await worker.dispatchFetch('https://proxy.example.workers.dev/health');
      assert.deepEqual(await health.json(), {ok: true, anthropic: true, openai: false});
    } finally {
      await worker.dispose();
    }
  });

  test('key proxy, Next.js recipe: next-route.ts compiles (strict) at app/api/llm/[...path]/route.ts, and its POST, OPTIONS and GET answer standard Requests', async () => {
    installConsumer();
    const llm = await fakeLlm();
    const dir = join(consumer, 'next-app');
    const route = join(dir, 'app/api/llm/[...path]/route.ts');
    mkdirSync(dirname(route), {recursive: true});
    copyFileSync(recipe('next-route.ts'), route);
    // The consumer's strict settings; Node's types, which a Next.js app has, for `process.env`.
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({extends: '../tsconfig.json', compilerOptions: {noEmit: false, outDir: 'out', rootDir: '.', types: ['node']}, include: ['app'], exclude: []}));
    inConsumer('npx', ['tsc', '-p', 'next-app/tsconfig.json']);

    const s = llm.addScenario({turns: [{text: 'Hello from the Next.js recipe', usage: {input: 12, output: 6}}]});
    const handlers = await importWithEnv(join(dir, 'out/app/api/llm/[...path]/route.js'), anthropicEnv(s.base));
    // Next.js calls a handler with the request and the route's params.
    const context = (path) => ({params: Promise.resolve({path})});
    const site = 'http://localhost:3000';

    const answer = await handlers.POST(new Request(`${site}/api/llm/v1/messages`, question({origin: site})), context(['v1', 'messages']));
    assert.equal(answer.headers.get('access-control-allow-origin'), site);
    await assertStreamedAnswer(answer, 'Hello from the Next.js recipe');
    assertKeyReachedUpstream(llm, s.id);

    const preflight = await handlers.OPTIONS(
      new Request(`${site}/api/llm/v1/messages`, {method: 'OPTIONS', headers: {origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,anthropic-version'}}),
      context(['v1', 'messages']),
    );
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.equal(preflight.headers.get('access-control-allow-headers'), 'content-type,anthropic-version');

    const health = await handlers.GET(new Request(`${site}/api/llm/health`), context(['health']));
    assert.deepEqual(await health.json(), {ok: true, anthropic: true, openai: false});
    // The catch-all segment hands the proxy any path under /api/llm: it serves its routes only.
    const other = await handlers.GET(new Request(`${site}/api/llm/v1/models`), context(['v1', 'models']));
    assert.equal(other.status, 404);
  });

  return async () => {
    await llm?.close();
  };
}

/**
 * Imports a module that reads `process.env` as it loads (a Next.js route does), with `env` set
 * for that moment only.
 */
async function importWithEnv(file, env) {
  const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
