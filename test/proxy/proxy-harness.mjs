/**
 * What the proxy's Node tests share: the fake LLM as the upstream, proxies served by `node:http`
 * through the shipped Node adapter on loopback, requests in both wire formats, and the text of an
 * answer read back from its frames.
 */
import {createServer} from 'node:http';
import {after} from 'node:test';
import {startFakeLlmServer} from '../fake-llm/fake-llm-server.mjs';
import {loadProxy} from '../support/proxy-source.mjs';

/** The module `autoui-agent/proxy`. */
export const proxyModule = await loadProxy();

/** A fake LLM for this test file, stopped after it. */
export const fakeLlm = await startFakeLlmServer();
after(() => fakeLlm.close());

/** The key every test proxy holds: no answer, log line or error may ever contain it. */
export const KEY = 'sk-ant-proxy-secret-5f0c2b9e7d3a';

/**
 * Serves `createLlmProxy(options)` on a free loopback port, with every log line kept.
 * @returns {Promise<{url: string, lines: string[], close(): Promise<void>}>}
 */
export async function serveProxy(options) {
  const lines = [];
  const proxy = proxyModule.createLlmProxy({log: (line) => lines.push(line), ...options});
  const server = createServer(proxyModule.toNodeListener(proxy));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const served = {
    url: `http://127.0.0.1:${server.address().port}`,
    lines,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  after(() => served.close());
  return served;
}

/** A scenario of `turns` on the fake LLM: `{id, base}` (Anthropic base URL; OpenAI is `${base}/v1`). */
export function scenario(turns) {
  return fakeLlm.addScenario({turns});
}

/** An Anthropic Messages request body. */
export function messagesBody({model = 'claude-test', maxTokens = 100, stream = true, text = 'Hello'} = {}) {
  return {model, max_tokens: maxTokens, stream, messages: [{role: 'user', content: text}]};
}

/** POSTs `body` (an object, or a string sent as it is) to `url`. */
export function post(url, body, headers = {}, signal = undefined) {
  return fetch(url, {method: 'POST', headers: {'content-type': 'application/json', ...headers}, body: typeof body === 'string' ? body : JSON.stringify(body), signal});
}

/** The text an answer carries: Anthropic or OpenAI frames, streamed or not. */
export function answerText(raw) {
  if (!raw.includes('data:')) {
    const json = JSON.parse(raw);
    return json.content?.map((b) => b.text ?? '').join('') ?? json.choices?.[0]?.message?.content ?? '';
  }
  let text = '';
  for (const line of raw.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (data === '[DONE]') continue;
    const frame = JSON.parse(data);
    text += frame.delta?.type === 'text_delta' ? frame.delta.text : (frame.choices?.[0]?.delta?.content ?? '');
  }
  return text;
}

/** The JSON error of a refused request: `{status, type, message, ...}` plus its headers. */
export async function refusal(response) {
  const body = await response.json();
  return {status: response.status, ...body.error, headers: response.headers};
}

/**
 * Waits for the next minute when less than 10 s of this one are left. The per-minute limit counts
 * in fixed windows of the clock's minutes, so a test that fills one must not cross into the next.
 */
export async function freshMinute() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
