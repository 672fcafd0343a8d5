/**
 * Reliability family 2: generated malformed model streams, both wires (see
 * support/stream-mutations.ts), each the answer to one question of a mounted `<autoui-agent>`
 * whose tool the good stream calls (a recording page layer). A case holds when the question ends
 * within its limits, the tool never ran with arguments other than the complete ones (only a
 * reordering of fragments may legitimately change them, and then they still validate), the
 * question is kept (in the transcript, and back in the text box when the question failed), the
 * next question works, and the browser key appears in no event, console message or DOM text.
 */
import {expect} from '@open-wc/testing';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import type {WebMcpLayer} from '../../src/agent/types.js';
import {createScenario, engineLoaded, ui, withTimeout} from '../element/harness.js';
import {failureMessage, generate, reportFamily} from './support/report.js';
import {GOOD_CALL, malformedStream, type MalformedStream} from './support/stream-mutations.js';
import {BROWSER_KEY, keyLeaks, watchAgent} from './support/watch-agent.js';

/**
 * Seconds of silence before a stalled stream (one left open without its end) gives up: the
 * `stream-timeout` attribute, set short only for those, the one way such a question can end.
 * Whenever the window closes, early on a busy machine or after the last chunk, the question ends
 * in an error with the question kept, which is what the case checks.
 */
const STALL_TIMEOUT_S = 1;
/**
 * The window of every other question (the streams that end by themselves, their follow-up turns
 * and the well-formed question after each case): the element's default, so how slowly a busy
 * machine delivers a first byte never decides a case.
 */
const PATIENT_TIMEOUT_S = 300;
/** A question that has not ended by then hangs: a bound for a bug, far above any busy machine's pace. */
const LIMIT_MS = 120_000;

/** A page layer with one tool, recording the arguments of every call it runs. */
function recordingLayer(calls: unknown[]): WebMcpLayer {
  return {
    protocol: 'webmcp',
    serverName: 'probe',
    description: 'Records notes',
    tools: [{name: 'record', description: 'Records a note', inputSchema: {type: 'object', properties: {note: {type: 'string'}, n: {type: 'number'}}, required: ['note', 'n'], additionalProperties: false}, annotations: {readOnlyHint: true}}],
    async execute(_name, args) {
      calls.push(structuredClone(args));
      return {text: 'recorded'};
    },
  };
}

describe('reliability: malformed model streams', function () {
  // No bound on the family as a whole: its length is the machine's pace (each step has its own hang bound); the run's testsFinishTimeout still stops a file that never ends.
  this.timeout(0);
  let agent: AutouiAgent;
  const calls: unknown[] = [];

  before(async () => {
    agent = document.createElement('autoui-agent');
    for (const [name, value] of Object.entries({lang: 'en', 'allow-browser-key': '', approve: 'never', 'max-iterations': '4'})) agent.setAttribute(name, value);
    // A property, not the attribute: the page's own attribute would put the key in the DOM.
    agent.apiKey = BROWSER_KEY;
    document.body.append(agent);
    await agent.updateComplete;
    await engineLoaded(agent);
    agent.addLayer(recordingLayer(calls));
  });

  after(() => agent.remove());

  it('≥ 200 generated streams of both wires: each question ends, no tool runs on incomplete arguments, nothing is lost, the key stays hidden', async () => {
    const streams = generate(malformedStream, 210, 2);
    expect(streams.length).to.be.at.least(200);
    const watched = watchAgent(agent);
    const failures: Array<{name: string; problems: string[]}> = [];
    const keyFailures: Array<{name: string; problems: string[]}> = [];
    try {
      for (const [i, stream] of streams.entries()) {
        const name = `#${i} ${stream.wire} ${stream.mutations.join(', ')} (${stream.end})`;
        watched.reset();
        const problems = await runCase(agent, stream, i, calls);
        if (problems.length) failures.push({name, problems});
        const leaks = keyLeaks(BROWSER_KEY, watched);
        if (leaks.length) keyFailures.push({name, problems: leaks});
        if (i % 20 === 19) agent.clear();
      }
    } finally {
      watched.stop();
    }
    const wires = streams.filter((s) => s.wire === 'openai').length;
    await reportFamily('malformed model streams', streams.length, streams.length - failures.length, `${streams.length - wires} Anthropic, ${wires} OpenAI`);
    await reportFamily('browser key, malformed-stream paths', streams.length, streams.length - keyFailures.length);
    expect(failures, failureMessage('malformed model streams', failures, streams.length)).to.deep.equal([]);
    expect(keyFailures, failureMessage('browser key', keyFailures, streams.length)).to.deep.equal([]);
  });
});

async function runCase(agent: AutouiAgent, stream: MalformedStream, i: number, calls: unknown[]): Promise<string[]> {
  const problems: string[] = [];
  // Every other stream paced, so its chunks reach the page apart (a split inside a character is seen as one).
  const gapMs = i % 2 === 0 && stream.chunks.length < 400 ? 1 : 0;
  const broken = await createScenario([{raw: {chunks: stream.chunks, end: stream.end, gapMs}}, {text: 'After the tool.'}, {text: 'After the tool.'}, {text: 'After the tool.'}], `malformed ${i}`);
  agent.provider = stream.wire;
  agent.endpoint = stream.wire === 'openai' ? broken.openaiBase : broken.base;
  agent.setAttribute('stream-timeout', String(stream.end === 'stall' ? STALL_TIMEOUT_S : PATIENT_TIMEOUT_S));
  calls.length = 0;
  // An empty text box, as after a question sent from it: a failed question comes back only there.
  const composer = ui(agent).root.querySelector('autoui-composer') as (HTMLElement & {value: string; updateComplete: Promise<unknown>}) | null;
  if (composer) {
    composer.value = '';
    await composer.updateComplete;
  }
  const question = `Question ${i}: note it`;
  try {
    const result = await withTimeout(agent.ask(question), LIMIT_MS, 'the question');
    if (!['end_turn', 'error', 'max_tokens', 'max_iterations'].includes(result.stopReason)) problems.push(`ended with ${result.stopReason}`);
    if (result.stopReason === 'error' && !result.error?.code) problems.push('failed without an error code');
    await composer?.updateComplete;
    if (result.stopReason === 'error' && ui(agent).textarea()?.value !== question) problems.push('the failed question is not back in the text box');
  } catch (error) {
    problems.push(String((error as Error)?.message ?? error).slice(0, 160));
    agent.abort();
  }
  if (!agent.session.transcript.some((e) => e.kind === 'user' && e.text === question)) problems.push('the question is not in the transcript');
  if (calls.length > 2) problems.push(`the tool ran ${calls.length} times`);
  for (const args of calls) {
    const same = JSON.stringify(args) === JSON.stringify(GOOD_CALL.input);
    const plausible = typeof (args as {note?: unknown}).note === 'string' && typeof (args as {n?: unknown}).n === 'number';
    if (!same && !(stream.reorders && plausible)) problems.push(`the tool ran with ${JSON.stringify(args).slice(0, 80)}`);
  }
  // The next question works.
  const next = await createScenario([{text: `Next answer ${i}.`}], `next ${i}`);
  agent.endpoint = stream.wire === 'openai' ? next.openaiBase : next.base;
  agent.setAttribute('stream-timeout', String(PATIENT_TIMEOUT_S));
  try {
    const result = await withTimeout(agent.ask(`Next ${i}`), LIMIT_MS, 'the next question');
    if (result.stopReason !== 'end_turn' || !result.text.includes(`Next answer ${i}.`)) problems.push(`the next question ended ${result.stopReason}: ${result.error?.message ?? result.text}`.slice(0, 160));
  } catch (error) {
    problems.push(String((error as Error)?.message ?? error).slice(0, 160));
    agent.abort();
  }
  return problems;
}
