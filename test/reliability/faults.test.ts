/**
 * Reliability family 3: faults injected by the fault proxy (test/servers/fault-proxy.mjs) in front
 * of the fake LLM and of the MCP servers: connection resets, stalls, slow drips, 5xx bursts, 429
 * with and without a retry delay, a server that forgets its session, truncated answers, a server
 * restarted mid-run, a server that never answers `initialize`. Each case is one question of a fresh
 * `<autoui-agent>` that already shows a widget and a conversation.
 *
 * A case holds when the question ends (none hangs), the requests the proxy saw follow the
 * documented retry rules (README, Providers and MCP servers: 408, 409, 429, 5xx and 529 retried
 * twice, `retry-after`, `retry-after-ms` and `x-should-retry` honoured, a started stream never
 * replayed, a forgotten session reconnected once and a read-only call sent again), the other
 * server answers, the transcript and the canvas keep what they held, and the browser key appears
 * in no event, console message, DOM text or MCP request.
 */
import {expect} from '@open-wc/testing';
import fc from 'fast-check';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {createScenario, engineLoaded, serverElement, serverUrl, type Turn, withTimeout} from '../element/harness.js';
import {failureMessage, generate, reportFamily} from './support/report.js';
import {BROWSER_KEY, keyLeaks, watchAgent} from './support/watch-agent.js';
import {plan, type Fault} from './support/fault-plan.js';


/** A case: where the fault is, what it is, and what the documented rules say must follow. */
interface FaultCase {
  name: string;
  where: 'llm' | 'mcp';
  wire: 'anthropic' | 'openai';
  fault: Fault;
  expect: {
    /** How the question ends. */
    ends: 'end_turn' | 'error';
    /** The error code when it ends in error. */
    code?: string;
    /** Requests to the faulted route the proxy must have seen. */
    requests?: number;
    /** Smallest gap in ms between the first two requests (a retry delay honoured). */
    gapMs?: number;
    /** The data tool's call ends in error (the model is told), or succeeds. */
    dataCall?: 'error' | 'ok' | 'either';
    /** `initialize` requests the data server must have seen (a reconnection makes two). */
    initialize?: number;
    /** The server error the page hears (a pattern of codes). */
    serverError?: string;
  };
}

const RETRIED = [408, 409, 500, 502, 503, 529];

/** The LLM faults and what the README's retry rules say of each. */
const llmCase = fc.oneof(
  fc.record({status: fc.constantFrom(...RETRIED), times: fc.integer({min: 1, max: 3})}).map(({status, times}) => ({
    name: `${times} × ${status}`,
    fault: {kind: 'status', status, times, path: '/v1/'} as Fault,
    expect: times <= 2 ? {ends: 'end_turn' as const, requests: times + 1} : {ends: 'error' as const, code: 'PROVIDER_HTTP', requests: 3},
  })),
  fc.constantFrom(
    {name: '429 with retry-after: 1', fault: {kind: 'status', status: 429, headers: {'retry-after': '1'}, path: '/v1/'} as Fault, expect: {ends: 'end_turn' as const, requests: 2, gapMs: 900}},
    {name: '429 with retry-after-ms: 300', fault: {kind: 'status', status: 429, headers: {'retry-after-ms': '300'}, path: '/v1/'} as Fault, expect: {ends: 'end_turn' as const, requests: 2, gapMs: 250}},
    {name: '429 with no retry delay', fault: {kind: 'status', status: 429, path: '/v1/'} as Fault, expect: {ends: 'end_turn' as const, requests: 2}},
    {name: '503 with x-should-retry: false', fault: {kind: 'status', status: 503, headers: {'x-should-retry': 'false'}, path: '/v1/'} as Fault, expect: {ends: 'error' as const, code: 'PROVIDER_HTTP', requests: 1}},
    {name: '400', fault: {kind: 'status', status: 400, path: '/v1/'} as Fault, expect: {ends: 'error' as const, code: 'PROVIDER_HTTP', requests: 1}},
    {name: '401', fault: {kind: 'status', status: 401, path: '/v1/'} as Fault, expect: {ends: 'error' as const, code: 'PROVIDER_HTTP', requests: 1}},
    {name: 'connection reset', fault: {kind: 'reset', path: '/v1/'} as Fault, expect: {ends: 'end_turn' as const, requests: 2}},
    {name: 'two connection resets', fault: {kind: 'reset', times: 2, path: '/v1/'} as Fault, expect: {ends: 'end_turn' as const, requests: 3}},
    {name: 'a stall before any byte', fault: {kind: 'stall', path: '/v1/'} as Fault, expect: {ends: 'error' as const, code: 'PROVIDER_STREAM', requests: 1}},
    {name: 'a slow drip', fault: {kind: 'drip', dripMs: 3, dripBytes: 48, path: '/v1/'} as Fault, expect: {ends: 'end_turn' as const, requests: 1}},
    {name: 'the stream cut at half', fault: {kind: 'truncate', path: '/v1/'} as Fault, expect: {ends: 'error' as const, code: 'PROVIDER_STREAM', requests: 1}},
  ),
);

/** The MCP faults (on the Data server; Atlas stays healthy) and what must follow. */
const mcpCase = fc.constantFrom(
  {name: 'tools/call answered 500', fault: {kind: 'status', status: 500, rpc: 'tools/call', tool: 'list_tables'} as Fault, expect: {ends: 'end_turn' as const, dataCall: 'error' as const}},
  {name: 'tools/call answered 503', fault: {kind: 'status', status: 503, rpc: 'tools/call', tool: 'list_tables'} as Fault, expect: {ends: 'end_turn' as const, dataCall: 'error' as const}},
  // Chromium itself sends a request again when a reused connection closes before any answer.
  {name: 'tools/call connection reset', fault: {kind: 'reset', rpc: 'tools/call', tool: 'list_tables'} as Fault, expect: {ends: 'end_turn' as const, dataCall: 'either' as const}},
  {name: 'tools/call never answered', fault: {kind: 'stall', rpc: 'tools/call', tool: 'list_tables'} as Fault, expect: {ends: 'end_turn' as const, dataCall: 'error' as const}},
  {name: 'tools/call answer truncated', fault: {kind: 'truncate', rpc: 'tools/call', tool: 'list_tables'} as Fault, expect: {ends: 'end_turn' as const, dataCall: 'error' as const}},
  {name: 'tools/call answer dripped', fault: {kind: 'drip', rpc: 'tools/call', tool: 'list_tables', dripMs: 3, dripBytes: 32} as Fault, expect: {ends: 'end_turn' as const, dataCall: 'ok' as const}},
  {name: 'the server forgot the session', fault: {kind: 'forget-session', rpc: 'tools/call', tool: 'list_tables'} as Fault, expect: {ends: 'end_turn' as const, dataCall: 'ok' as const, initialize: 2}},
  {name: 'the server restarted', fault: {kind: 'restart', rpc: 'tools/call', tool: 'list_tables'} as Fault, expect: {ends: 'end_turn' as const, dataCall: 'ok' as const, initialize: 2}},
  {name: 'initialize answered 503', fault: {kind: 'status', status: 503, rpc: 'initialize', times: 5} as Fault, expect: {ends: 'end_turn' as const, dataCall: 'error' as const, serverError: 'MCP_CONNECT'}},
  // A cut answer to initialize leaves the client waiting for the rest: a timeout, or a failed connection.
  {name: 'initialize truncated', fault: {kind: 'truncate', rpc: 'initialize', times: 5} as Fault, expect: {ends: 'end_turn' as const, dataCall: 'error' as const, serverError: 'MCP_TIMEOUT|MCP_CONNECT'}},
);

const faultCase: fc.Arbitrary<Omit<FaultCase, 'name'> & {name: string}> = fc
  .record({wire: fc.constantFrom('anthropic' as const, 'openai' as const), llm: fc.boolean(), l: llmCase, m: mcpCase})
  .map(({wire, llm, l, m}) => ({...(llm ? l : m), where: llm ? ('llm' as const) : ('mcp' as const), wire, name: `${wire} ${llm ? 'LLM' : 'MCP Data'}: ${(llm ? l : m).name}`}));

const BASELINE = {
  format: 'autoui-snapshot',
  version: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  widgets: [{id: 'w_base01', type: 'stat', params: {label: 'Baseline', value: 1}}],
  transcript: [
    {kind: 'user', text: 'Baseline question'},
    {kind: 'assistant', text: 'Baseline answer'},
  ],
  servers: [],
};

/** A question that has not ended by then hangs: a bound for a bug, far above any busy machine's pace. */
const LIMIT_MS = 120_000;

/**
 * The element's `stream-timeout` and `tool-timeout` for case `c`: short only where a stall is the
 * fault and the window is the one way the stalled request can end; everywhere else the element's
 * defaults, so how slowly a busy machine answers never decides a case. A stalled tool call keeps
 * 10 s: the healthy Atlas call of the same question must answer within that window too.
 */
function timeouts(c: FaultCase): Record<string, string> {
  if (c.fault.kind !== 'stall') return {};
  if (c.where === 'llm') return {'stream-timeout': '1'};
  return c.fault.rpc === 'tools/call' ? {'tool-timeout': '10'} : {};
}

/** Runs one case on a fresh element; returns its problems and the MCP requests the servers saw. */
async function runCase(c: FaultCase, i: number): Promise<{problems: string[]; leaks: string[]}> {
  const problems: string[] = [];
  const faultyLlm = c.where === 'llm';
  const data = await plan('own-data', faultyLlm ? [] : [c.fault], `data-${i}`);
  const atlas = await plan(new URL(serverUrl('demo-atlas')).origin, [], `atlas-${i}`);
  const turns: Turn[] = faultyLlm
    ? [{text: `Answer ${i}.`}]
    : [
        {toolCalls: [{name: 'data_mcp_list_tables', input: {}}, {name: 'atlas_mcp_country_info', input: {country: 'France'}}]},
        {text: `Answer ${i}.`},
      ];
  const scenario = await createScenario(turns, `fault ${i}`);
  const llm = await plan(new URL(scenario.base).origin, faultyLlm ? [c.fault] : [], `llm-${i}`);
  const llmBase = `${llm.base}${new URL(scenario.base).pathname}`;

  const agent = document.createElement('autoui-agent');
  const attributes = {lang: 'en', provider: c.wire, endpoint: c.wire === 'openai' ? `${llmBase}/v1` : llmBase, 'allow-browser-key': '', approve: 'never', ...timeouts(c)};
  for (const [name, value] of Object.entries(attributes)) agent.setAttribute(name, value);
  agent.apiKey = BROWSER_KEY;
  // The MCP faults of this family are the 2025 lifecycle's (initialize refused or cut, a forgotten
  // session, a restart that forgets them all): the servers are spoken to in that revision.
  const era = {protocol: '2025-11-25'};
  agent.append(serverElement({name: 'data', url: `${data.base}/mcp`, ...era}), serverElement({name: 'atlas', url: `${atlas.base}/mcp`, ...era}));
  const watched = watchAgent(agent);
  document.body.append(agent);
  try {
    await agent.updateComplete;
    await engineLoaded(agent);
    await agent.restore(JSON.stringify(BASELINE));
    const before = agent.session.transcript.map((e) => JSON.stringify(e));
    const result = await withTimeout(agent.ask(`Question ${i}`), LIMIT_MS, 'the question');
    if (result.stopReason !== c.expect.ends) problems.push(`ended ${result.stopReason} (${result.error?.code ?? ''} ${result.error?.message?.slice(0, 100) ?? ''}), expected ${c.expect.ends}`);
    if (c.expect.code && result.error?.code !== c.expect.code) problems.push(`failed with ${result.error?.code}, expected ${c.expect.code}`);
    // The requests each rule allows.
    const llmLog = await llm.log();
    const llmPosts = llmLog.filter((r) => r.method === 'POST' && r.path.includes('/v1/'));
    if (faultyLlm && c.expect.requests !== undefined && llmPosts.length !== c.expect.requests) problems.push(`${llmPosts.length} requests to the model, the rules say ${c.expect.requests}`);
    if (c.expect.gapMs !== undefined && llmPosts.length >= 2 && llmPosts[1].at - llmPosts[0].at < c.expect.gapMs) problems.push(`retried after ${llmPosts[1].at - llmPosts[0].at} ms, before the ${c.expect.gapMs} ms asked`);
    const dataLog = await data.log();
    if (c.expect.initialize !== undefined) {
      const inits = dataLog.filter((r) => r.rpc === 'initialize').length;
      if (inits !== c.expect.initialize) problems.push(`${inits} initialize requests to Data, expected ${c.expect.initialize}`);
    }
    if (!faultyLlm) {
      const dataCall = result.toolCalls.find((t) => t.name === 'data_mcp_list_tables');
      const atlasCall = result.toolCalls.find((t) => t.name === 'atlas_mcp_country_info');
      if (!dataCall) problems.push('the data call was not made');
      else if (c.expect.dataCall === 'ok' && dataCall.error) problems.push(`the data call failed: ${dataCall.error.slice(0, 100)}`);
      else if (c.expect.dataCall === 'error' && !dataCall.error) problems.push(`the data call succeeded through the fault: ${dataLog.map((r) => `${r.method} ${r.rpc ?? ''} ${(r as {tool?: string}).tool ?? ''} ${(r as {fault?: string}).fault ?? ''}`).join(', ')}`);
      if (!atlasCall || atlasCall.error) problems.push(`the healthy Atlas server did not answer: ${atlasCall?.error?.slice(0, 100) ?? 'no call'}`);
      if (c.expect.serverError && !watched.events.some((e) => e.type === 'autoui-server-error' && new RegExp(c.expect.serverError!).test(e.text))) problems.push(`no autoui-server-error ${c.expect.serverError}`);
    }
    // Nothing lost: the widget and the conversation from before, then the question.
    if (!agent.session.widgets.get('w_base01')) problems.push('the canvas lost its widget');
    const after = agent.session.transcript.map((e) => JSON.stringify(e));
    if (after.slice(0, before.length).join('\n') !== before.join('\n')) problems.push('the transcript lost or changed lines');
    if (!agent.session.transcript.some((e) => e.kind === 'user' && e.text === `Question ${i}`)) problems.push('the question is not in the transcript');
    const mcpRequests = [...dataLog, ...(await atlas.log())].map((r) => ({where: `an MCP request (${r.rpc ?? r.method})`, text: JSON.stringify(r.headers) + r.body}));
    return {problems, leaks: keyLeaks(BROWSER_KEY, watched, mcpRequests)};
  } catch (error) {
    problems.push(String((error as Error)?.message ?? error).slice(0, 200));
    agent.abort();
    return {problems, leaks: keyLeaks(BROWSER_KEY, watched)};
  } finally {
    watched.stop();
    agent.remove();
    await Promise.all([data, atlas, llm].map((p) => p.close()));
  }
}

describe('reliability: injected faults', function () {
  // No bound on the family as a whole: its length is the machine's pace (each step has its own hang bound); the run's testsFinishTimeout still stops a file that never ends.
  this.timeout(0);

  it('≥ 50 faults before the model and the MCP servers: no question hangs, retries follow the rules, the other server works, nothing is lost, the key stays hidden', async () => {
    const cases: FaultCase[] = [
      ...generate(faultCase, 60, 3),
      // Once, since it waits out the connection timeout (10 s): a server that never answers initialize.
      {name: 'anthropic MCP Data: initialize never answered', where: 'mcp', wire: 'anthropic', fault: {kind: 'stall', rpc: 'initialize', times: 5}, expect: {ends: 'end_turn', dataCall: 'error', serverError: 'MCP_TIMEOUT'}},
    ];
    const failures: Array<{name: string; problems: string[]}> = [];
    const keyFailures: Array<{name: string; problems: string[]}> = [];
    // Four at a time: each case has its own element, servers' plans and scenario.
    let next = 0;
    await Promise.all(
      Array.from({length: 4}, async () => {
        while (next < cases.length) {
          const i = next++;
          const {problems, leaks} = await runCase(cases[i], i);
          if (problems.length) failures.push({name: `#${i} ${cases[i].name}`, problems});
          if (leaks.length) keyFailures.push({name: `#${i} ${cases[i].name}`, problems: leaks});
        }
      }),
    );
    const mcp = cases.filter((c) => c.where === 'mcp').length;
    await reportFamily('injected faults', cases.length, cases.length - failures.length, `${cases.length - mcp} before the model, ${mcp} before an MCP server`);
    await reportFamily('browser key, fault paths', cases.length, cases.length - keyFailures.length);
    expect(failures, failureMessage('injected faults', failures, cases.length)).to.deep.equal([]);
    expect(keyFailures, failureMessage('browser key', keyFailures, cases.length)).to.deep.equal([]);
  });
});
