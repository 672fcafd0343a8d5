/**
 * The run status a view shows (`nextRunStatus`), folded from a real session's events: the steps
 * of a run, the cards that wait for the person, a failed question with what is needed to ask it
 * again, and what does not count as a failure (a stop, another call's refusal).
 */
import {expect} from '@open-wc/testing';
import {AutouiError, ErrorCodes} from '../../src/errors.js';
import type {ModelStreamPart} from '../../src/providers/language-model.js';
import {AgentSession} from '../../src/session/agent-session.js';
import {IDLE, nextRunStatus, type RunStatus} from '../../src/session/run-status.js';
import {dataLayer, displayLayer} from '../helpers/layers.js';
import {ScriptedModel, call, text, turn, type ScriptedTurn} from '../helpers/scripted-model.js';

/** A session on `turns`, and every status it went through (each change once). */
function watched(turns: ScriptedTurn[]) {
  const session = new AgentSession({
    model: new ScriptedModel(turns),
    language: 'en',
    layers: [dataLayer('Data', [{name: 'count', description: 'Count rows', annotations: {readOnlyHint: true}}, {name: 'save', description: 'Save a query'}]), displayLayer()],
  });
  let status: RunStatus = IDLE;
  const seen: RunStatus[] = [IDLE];
  session.subscribe((event) => {
    const next = nextRunStatus(status, event);
    if (next !== status) seen.push(next);
    status = next;
  });
  return {session, seen, now: () => status};
}

/** A status in a few words, for comparing sequences. */
const said = (s: RunStatus) =>
  s.state === 'working' ? `working ${s.step.kind}${'server' in s.step ? ` ${s.step.server}` : ''}${'widget' in s.step ? ` ${s.step.widget}` : ''}${s.asking ? ' (asking)' : ''}${s.error ? ` (${s.error.code} told)` : ''}` : s.state === 'failed' ? `failed ${s.code}` : 'idle';

const failing = (message: string): ModelStreamPart[] => [{type: 'error', error: new AutouiError(ErrorCodes.PROVIDER_HTTP, message)}];

describe('nextRunStatus', () => {
  it('follows a run step by step, and is idle once it answered', async () => {
    const {session, seen} = watched([
      turn([call('data_mcp_count', {table: 'airports'})]),
      turn([call('autoui_webmcp_widget_display', {name: 'stat', params: {label: 'Airports', value: 3}})]),
      turn([text('There are 3.')]),
    ]);
    const result = await session.ask('How many airports?');
    expect(result.stopReason).to.equal('end_turn');
    expect(seen.map(said)).to.deep.equal(['idle', 'working thinking', 'working calling Data', 'working thinking', 'working drawing stat', 'working thinking', 'idle']);
  });

  it('a failed question is `failed` with its code, message and question; the next question starts afresh', async () => {
    const {session, now, seen} = watched([failing('Anthropic answered HTTP 500: overloaded.'), turn([text('Fine now.')])]);
    const failed = await session.ask('  Sales by month?  ');
    expect(failed.stopReason).to.equal('error');
    expect(now()).to.deep.equal({state: 'failed', code: 'PROVIDER_HTTP', message: 'Anthropic answered HTTP 500: overloaded.', question: 'Sales by month?'});

    await session.ask('Sales by month?');
    expect(seen.map(said), 'cleared as the next question starts').to.deep.equal(['idle', 'working thinking', 'working thinking (PROVIDER_HTTP told)', 'failed PROVIDER_HTTP', 'working thinking', 'idle']);
  });

  it('a stopped question is no failure', async () => {
    const {session, seen, now} = watched([
      (_request, signal) =>
        (async function* () {
          yield {type: 'text-delta', delta: 'Let me see'} as ModelStreamPart;
          await new Promise((resolve) => signal!.addEventListener('abort', resolve, {once: true}));
        })(),
    ]);
    const run = session.ask('Never ending');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(now().state).to.equal('working');
    session.abort();
    expect((await run).stopReason).to.equal('aborted');
    expect(now()).to.equal(IDLE);
    expect(seen.map(said)).to.not.include('failed ABORTED');
  });

  it("an error told during a run fails it at its end; another call's refusal does not", async () => {
    let session!: AgentSession;
    const watch = watched([
      () => {
        // A second question refused while this one runs (RUN_IN_PROGRESS) is not this run's failure.
        session.ask('Another one').catch(() => {});
        // A widget's code that did not load is.
        session.notices.reportError(ErrorCodes.LOAD_FAILED, 'The chart could not be loaded.');
        return turn([text('Here is what I found.')]);
      },
    ]);
    session = watch.session;
    const result = await session.ask('Chart it');
    expect(result.stopReason, 'the run itself answered').to.equal('end_turn');
    expect(watch.now()).to.deep.equal({state: 'failed', code: 'LOAD_FAILED', message: 'The chart could not be loaded.', question: 'Chart it'});
    session.clear();
    expect(watch.now(), 'clear() forgets it').to.equal(IDLE);
  });

  it('says when a card waits for the person, and goes back to the step once answered', async () => {
    const {session, seen} = watched([turn([call('data_mcp_save', {name: 'q1'})]), turn([text('Saved.')])]);
    session.subscribe((event) => {
      if (event.type === 'approval') setTimeout(() => event.respond('allow'), 10);
    });
    await session.ask('Save it');
    expect(seen.map(said)).to.deep.equal(['idle', 'working thinking', 'working calling Data', 'working calling Data (asking)', 'working calling Data', 'working thinking', 'idle']);
  });

  it('changes nothing outside a run, and keeps the same object when a step is told again', () => {
    const failed: RunStatus = {state: 'failed', code: 'PROVIDER_NETWORK', message: 'down', question: 'q'};
    expect(nextRunStatus(failed, {type: 'server-error', name: 'data', code: 'MCP_CONNECT', message: 'refused'})).to.equal(failed);
    expect(nextRunStatus(IDLE, {type: 'error', error: {code: 'MCP_CONNECT', message: 'refused'}})).to.equal(IDLE);
    const working: RunStatus = {state: 'working', step: {kind: 'calling', server: 'Data', tool: 'count'}, asking: 0};
    expect(nextRunStatus(working, {type: 'step', step: {kind: 'calling', server: 'Data', tool: 'count'}})).to.equal(working);
  });
});
