/**
 * Attributes take effect at run time: each change is used by the next question, as the recorded
 * requests to the fake LLM (and what the element shows) prove.
 */
import {expect, waitUntil} from '@open-wc/testing';
import {manualClock} from '../helpers/manual-clock.js';
import {EventLog, createScenario, mountAgent, offeredTools, serverUrl, settle, systemPrompt, ui} from './harness.js';

const ENGLISH_PROMPT = 'You are the assistant of a web page: ';
const FRENCH_PROMPT = "Tu es l'assistant d'une page web.";

describe('<autoui-agent> attributes', () => {
  it('`lang` sets the element’s texts and the prompt’s language, and a change applies to the next question', async () => {
    const scenario = await createScenario([{text: 'one'}, {text: 'two'}]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}});
    const view = ui(agent);
    expect(view.sendButton()!.textContent).to.equal('Send');
    expect(view.textarea()!.placeholder).to.equal('Ask a question…');
    await agent.ask('First');

    agent.setAttribute('lang', 'fr');
    await settle(agent);
    expect(view.sendButton()!.textContent).to.equal('Envoyer');
    expect(view.textarea()!.getAttribute('aria-label')).to.equal('Votre question');
    await agent.ask('Second');

    const [first, second] = await scenario.requests();
    expect(systemPrompt(first)).to.include(ENGLISH_PROMPT);
    expect(systemPrompt(second)).to.include(FRENCH_PROMPT);
  });

  it('`stream-timeout` ends a question whose model goes silent after that many seconds, keeping the question and its text so far', async () => {
    // The 7 s window runs on a clock moved by hand once the text shows: no wall-clock wait, and a
    // slow machine cannot close it before the text arrives.
    const clock = manualClock([7000]);
    try {
      const scenario = await createScenario([{text: 'Looking into it', fault: {stall: true}}]);
      const agent = await mountAgent(scenario, {attributes: {lang: 'en', 'stream-timeout': '7'}});
      const asked = agent.ask('Will it answer?');
      await waitUntil(() => ui(agent).answers().join(' ').includes('Looking into it'), 'the text before the silence never showed', {timeout: 10_000});
      clock.advance(6999);
      expect(clock.pending, 'still waiting a millisecond before the window ends').to.equal(1);
      clock.advance(1);
      const result = await asked;
      expect(result.stopReason).to.equal('error');
      expect(result.error?.code).to.equal('PROVIDER_STREAM');
      expect(result.error?.message).to.include('sent nothing for 7 s');
      await settle(agent);
      expect(ui(agent).questions()).to.deep.equal(['You: Will it answer?']);
      expect(ui(agent).answers().join(' ')).to.include('Looking into it');
    } finally {
      clock.restore();
    }
  });

  describe('without `lang`', () => {
    const pageLang = document.documentElement.lang;
    afterEach(() => void (document.documentElement.lang = pageLang));

    // English where the element has no texts for the page's language, or the page names none.
    for (const [page, expected] of [['en-GB', ENGLISH_PROMPT], ['fr-CA', FRENCH_PROMPT], ['de', ENGLISH_PROMPT], ['ja', ENGLISH_PROMPT], ['', ENGLISH_PROMPT]]) {
      it(`follows <html lang="${page}">: ${expected === ENGLISH_PROMPT ? 'English' : 'French'}`, async () => {
        document.documentElement.lang = page;
        const scenario = await createScenario([{text: 'ok'}]);
        const agent = await mountAgent(scenario);
        expect(ui(agent).sendButton()!.textContent).to.equal(expected === ENGLISH_PROMPT ? 'Send' : 'Envoyer');
        await agent.ask('Question');
        const [request] = await scenario.requests();
        expect(systemPrompt(request)).to.include(expected);
      });
    }
  });

  it('`max-iterations` ends a run after that many model turns, with a notice', async () => {
    const call = {name: 'autoui_webmcp_canvas', input: {action: 'list'}};
    const scenario = await createScenario([{toolCalls: [call]}, {toolCalls: [call]}, {toolCalls: [call]}, {text: 'done'}]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en', 'max-iterations': 2}});

    const result = await agent.ask('Keep going');

    expect(result.stopReason).to.equal('max_iterations');
    expect(result.iterations).to.equal(2);
    expect(await scenario.requests()).to.have.length(2);
    await settle(agent);
    expect(ui(agent).notices()).to.deep.equal(['Stopped after the maximum number of steps.']);
  });

  it('a `max-iterations` or `tool-timeout` that is not a positive number falls back to the default', async () => {
    const scenario = await createScenario([{toolCalls: [{name: 'autoui_webmcp_canvas', input: {action: 'list'}}]}, {text: 'done'}]);
    const agent = await mountAgent(scenario, {attributes: {'max-iterations': 'abc', 'tool-timeout': '-3'}});
    const result = await agent.ask('List the canvas');
    expect(result.stopReason).to.equal('end_turn');
    expect(result.toolCalls[0].error, 'the call did not time out at once').to.equal(undefined);
    expect(await scenario.requests()).to.have.length(2);
  });

  it('`eager-tools` offers every tool in the first request; without it, only discovery tools', async () => {
    const lazy = await createScenario([{text: 'ok'}]);
    const eager = await createScenario([{text: 'ok'}]);
    const servers = [{name: 'data', url: serverUrl('demo-data')}];
    await (await mountAgent(lazy, {servers})).ask('Question');
    await (await mountAgent(eager, {servers, attributes: {'eager-tools': true}})).ask('Question');

    const [lazyTools, eagerTools] = [offeredTools((await lazy.requests())[0]), offeredTools((await eager.requests())[0])];
    expect(lazyTools).to.include.members(['search_tools', 'list_tools']);
    expect(lazyTools).to.not.include('data_mcp_query_sql');
    expect(eagerTools).to.include.members(['data_mcp_list_tables', 'data_mcp_describe_table', 'data_mcp_query_sql', 'autoui_webmcp_widget_display']);
  });

  it('`provider`, `endpoint` and `model` changes are used by the next question', async () => {
    const first = await createScenario([{text: 'from anthropic'}]);
    const second = await createScenario([{text: 'from openai'}]);
    const agent = await mountAgent(first, {attributes: {model: 'model-a'}});
    expect((await agent.ask('One')).text).to.equal('from anthropic');

    agent.setAttribute('provider', 'openai');
    agent.setAttribute('endpoint', second.openaiBase);
    agent.setAttribute('model', 'model-b');
    expect((await agent.ask('Two')).text).to.equal('from openai');

    const [[a], [b]] = [await first.requests(), await second.requests()];
    expect(a.wire).to.equal('anthropic');
    expect(a.path).to.match(/\/v1\/messages$/);
    expect(a.body.model).to.equal('model-a');
    expect(b.wire).to.equal('openai');
    expect(b.path).to.match(/\/v1\/chat\/completions$/);
    expect(b.body.model).to.equal('model-b');
    expect(await first.requests(), 'nothing more went to the old endpoint').to.have.length(1);
  });

  it('`tool-timeout` limits how long one tool call may take, from the next question on', async () => {
    const slow = {name: 'everything_mcp_trigger-long-running-operation', input: {duration: 2, steps: 1}};
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'short'}, toolCalls: [slow]},
      {match: {lastUserIncludes: 'short'}, text: 'It timed out.'},
      {match: {lastUserIncludes: 'long'}, toolCalls: [slow]},
      {match: {lastToolResultIncludes: 'completed'}, text: 'It completed.'},
    ]);
    const agent = await mountAgent(scenario, {attributes: {'tool-timeout': 0.5}, servers: [{name: 'everything', url: serverUrl('everything')}]});
    const log = new EventLog(agent);
    await log.next('autoui-server-ready');

    const short = await agent.ask('With a short timeout');
    expect(short.toolCalls[0].errorCode).to.equal('TOOL_TIMEOUT');
    expect(short.text).to.equal('It timed out.');
    const toolResult = (await scenario.requests())[1].body.messages.at(-1).content[0];
    expect(toolResult.is_error, 'the model read an error result').to.equal(true);

    agent.toolTimeout = 10;
    const long = await agent.ask('With a long timeout');
    expect(long.toolCalls[0].error).to.be.undefined;
    expect(long.text).to.equal('It completed.');
  });
});
