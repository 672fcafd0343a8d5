/**
 * One name per tool call: the transcript's pill, the debug console and the `autoui-tool-call`
 * event name a call alike, by the tool's own name with its server, and tell the alias the model
 * used (a recipe role's canonical name) once, where it differs.
 */
import {expect} from '@open-wc/testing';
import {toolCallLabel, toolCallName} from '../../src/element/common/tool-call-label.js';
import {createWebMcpServer} from '../../src/webmcp/webmcp-server.js';
import {EventLog, createScenario, engineLoaded, mountAgent, settle, ui} from './harness.js';

const textOf = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('the name of a tool call', () => {
  it('is the tool’s own name with its server; the recipe role it was called by is told once', () => {
    expect(toolCallLabel({name: 'atlas_mcp_list_recipes', server: 'atlas', tool: 'browse_skills'})).to.equal('atlas · browse_skills (list_recipes)');
    expect(toolCallName({name: 'atlas_mcp_list_recipes', server: 'atlas', tool: 'browse_skills'})).to.deep.equal({server: 'atlas', tool: 'browse_skills', alias: 'list_recipes'});
    expect(toolCallLabel({name: 'autoui_webmcp_widget_display', server: 'autoui', tool: 'widget_display'})).to.equal('autoui · widget_display');
    // Called by its own name, a recipe tool has no alias to tell.
    expect(toolCallName({name: 'atlas_mcp_browse_skills', server: 'atlas', tool: 'browse_skills'})).to.deep.equal({server: 'atlas', tool: 'browse_skills'});
  });

  it('does not tell a shortened or sanitised name as an alias: it is the same tool', () => {
    expect(toolCallLabel({name: 'atlas_mcp_a_very_long_tool_name_12ab34', server: 'atlas', tool: 'a.very.long.tool.name.indeed'})).to.equal('atlas · a.very.long.tool.name.indeed');
  });

  it('names pseudo-tools, recall and unknown names as the model wrote them, with the server when one answered', () => {
    expect(toolCallLabel({name: 'atlas_mcp_search_tools', server: 'atlas'})).to.equal('atlas · search_tools');
    expect(toolCallLabel({name: 'search_tools', server: 'atlas'})).to.equal('atlas · search_tools');
    expect(toolCallLabel({name: 'recall'})).to.equal('recall');
    expect(toolCallLabel({name: 'nowhere_mcp_x'})).to.equal('nowhere_mcp_x');
  });
});

describe('<autoui-agent> names each tool call alike in the pill, the console and the event', () => {
  it('atlas · browse_skills (list_recipes) and autoui · widget_display, everywhere', async () => {
    const atlas = createWebMcpServer('atlas', {
      description: 'Atlas: skills about places.',
      tools: [
        {name: 'browse_skills', description: 'Browse the skills of Atlas', annotations: {readOnlyHint: true}, execute: () => 'skill: count airports'},
        {name: 'airports', description: 'Count airports', annotations: {readOnlyHint: true}, execute: () => '3376'},
      ],
    });
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'airports'}, toolCalls: [{name: 'atlas_webmcp_list_recipes', input: {}}]},
      {match: {lastToolResultIncludes: 'skill:'}, toolCalls: [{name: 'autoui_webmcp_widget_display', input: {name: 'stat', params: {label: 'Airports', value: 3376}}}]},
      {match: {lastToolResultIncludes: '"widget"'}, text: 'Shown.'},
    ]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en', debug: true}});
    agent.addLayer(atlas.layer);
    await engineLoaded(agent);
    const log = new EventLog(agent);

    const result = await agent.ask('How many airports?');
    await settle(agent);

    const expected = ['atlas · browse_skills (list_recipes)', 'autoui · widget_display'];
    const events = log.of('autoui-tool-call');
    expect(events.map((e) => e.label), 'the events’ label').to.deep.equal(expected);
    // The contract's fields stay, with the name the model used; the pieces of the label come beside it.
    expect(events.map((e) => [e.name, e.server, e.tool, e.alias])).to.deep.equal([
      ['atlas_webmcp_list_recipes', 'atlas', 'browse_skills', 'list_recipes'],
      ['autoui_webmcp_widget_display', 'autoui', 'widget_display', undefined],
    ]);
    expect(Object.keys(events[0])).to.include.members(['id', 'name', 'args', 'result', 'elapsed', 'guided']);

    const transcript = ui(agent).root.querySelector('autoui-transcript')!.shadowRoot!;
    transcript.querySelector<HTMLButtonElement>('[part="tool-group-toggle"]')!.click();
    await settle(agent);
    expect(ui(agent).pills(), 'the pills').to.deep.equal(result.toolCalls.map((c, i) => `✓ ${expected[i]} · ${c.elapsed} ms`));

    const summaries = result.toolCalls.map((c) => textOf(ui(agent).console()!.querySelector(`[data-call="${c.id}"] summary`)));
    expect(summaries, 'the console').to.deep.equal(result.toolCalls.map((c, i) => `${expected[i]} · ${c.elapsed} ms`));
  });
});
