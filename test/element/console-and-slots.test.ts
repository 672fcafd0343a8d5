/**
 * The `debug` console (servers, tool calls, tokens per run) and the slots a page uses to bring
 * its own composer or to hide the transcript.
 */
import {expect} from '@open-wc/testing';
import {EventLog, createScenario, mountAgent, serverUrl, settle, ui} from './harness.js';

const textOf = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
/** True when the element takes up no room on screen (not rendered). */
const invisible = (el: Element | null) => !el || el.getClientRects().length === 0;

describe('<autoui-agent debug>', () => {
  it('shows each server’s status and tool count, each tool call and the tokens of each run', async () => {
    const scenario = await createScenario([
      {toolCalls: [{name: 'data_mcp_list_tables', input: {}}], usage: {input: 1200, output: 30}},
      {text: 'Listed.', usage: {input: 1500, output: 12}},
    ]);
    const agent = await mountAgent(scenario, {
      attributes: {lang: 'en', debug: true},
      servers: [
        {name: 'data', url: serverUrl('demo-data')},
        {name: 'down', url: 'http://127.0.0.1:9/mcp'},
      ],
    });
    const log = new EventLog(agent);
    const ready = await log.next('autoui-server-ready');
    await log.next('autoui-server-error');
    await settle(agent);
    const console = () => ui(agent).console()!;

    expect(textOf(console().querySelector('[data-server="data"]'))).to.equal(`data (${serverUrl('demo-data')}): ready, ${ready.tools.length} tools · MCP ${ready.protocol}`);
    expect(textOf(console().querySelector('[data-server="down"]'))).to.match(/^down \(http:\/\/127\.0\.0\.1:9\/mcp\): failed — .+/);

    const result = await agent.ask('Which tables?');
    await settle(agent);
    const [call] = result.toolCalls;
    const entry = console().querySelector(`[data-call="${call.id}"]`)!;
    // The tool's own name with its server, as the transcript's pill names it (not the model's data_mcp_list_tables).
    expect(textOf(entry.querySelector('summary'))).to.equal(`data · list_tables · ${call.elapsed} ms`);
    const [args, output] = [...entry.querySelectorAll('pre')].map((p) => p.textContent!);
    expect(JSON.parse(args)).to.deep.equal({});
    expect(output).to.include('airports');
    expect(textOf(console().querySelector('.usage'))).to.equal('Tokens: 2700 in, 42 out · end_turn');

    agent.debug = false;
    await settle(agent);
    expect(ui(agent).console()).to.equal(null);
  });

  it('is absent without `debug`', async () => {
    const agent = await mountAgent(undefined);
    expect(agent.shadowRoot!.querySelector('autoui-console')).to.equal(null);
  });
});

describe('<autoui-agent> slots', () => {
  it('a page’s own composer (slot="composer") replaces the built-in one and asks through ask()', async () => {
    const form = document.createElement('form');
    form.slot = 'composer';
    form.innerHTML = '<input name="q" aria-label="Question"><button>Go</button>';
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void agent.ask(form.querySelector('input')!.value);
    });
    const scenario = await createScenario([{text: 'From the page composer.'}]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}, children: [form]});
    const log = new EventLog(agent);

    expect(invisible(ui(agent).textarea()), 'the built-in composer is not shown').to.be.true;
    expect(form.getClientRects().length).to.be.above(0);
    form.querySelector('input')!.value = 'Asked from the page';
    form.querySelector('button')!.click();

    expect((await log.next('autoui-run-end')).result.text).to.equal('From the page composer.');
    await settle(agent);
    expect(ui(agent).questions()).to.deep.equal(['You: Asked from the page']);
  });

  it('an empty slot="transcript" element hides the transcript; the answer still comes as events', async () => {
    const empty = document.createElement('div');
    empty.slot = 'transcript';
    const agent = await mountAgent(await createScenario([{text: 'Quiet answer.'}]), {children: [empty]});
    const log = new EventLog(agent);

    await agent.ask('Question');
    await settle(agent);

    expect(invisible(ui(agent).log()), 'the built-in transcript is not shown').to.be.true;
    expect(log.of('autoui-message')).to.deep.equal([{role: 'assistant', text: 'Quiet answer.'}]);
    expect(invisible(ui(agent).textarea()), 'the composer is still there').to.be.false;
  });
});
