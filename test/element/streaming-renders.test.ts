/**
 * Streamed text costs the widgets nothing: while an answer streams in hundreds of deltas over a
 * canvas that holds every widget type, no widget updates (no chart rebuilt, no markdown parsed
 * again, no map redrawn). Each widget's Lit update cycle is counted on the instance itself.
 */
import {expect} from '@open-wc/testing';
import {createDefaultRegistry} from '../../src/widgets/catalog.js';
import {recipeExample} from '../../src/webmcp/recipe.js';
import {EventLog, createScenario, mountAgent, settle, ui} from './harness.js';

/** The recipe examples as the model would send them: `{name, params}`. */
const asInput = (example: {name: string; params: Record<string, unknown>}) => ({name: example.name, params: example.params});

/** Counts the update cycles of `element` from now on (Lit calls `update()` once per render). */
function countUpdates(element: HTMLElement): () => number {
  let count = 0;
  const target = element as HTMLElement & {update(changed: unknown): void};
  const original = target.update;
  target.update = function (this: typeof target, changed: unknown) {
    count++;
    return original.call(this, changed);
  };
  return () => count;
}

describe('<autoui-agent> streaming over a full canvas', () => {
  it('200 text deltas re-render no widget, of any type', async function () {
    this.timeout(30_000);
    const examples = createDefaultRegistry()
      .list()
      .map((d) => recipeExample(d.recipe)!);
    const words = Array.from({length: 600}, (_, i) => `word${i}`).join(' ');
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'everything'}, toolCalls: examples.map((e) => ({name: 'autoui_webmcp_widget_display', input: asInput(e)}))},
      {match: {lastToolResultIncludes: '"widget"'}, text: 'All shown.'},
      // The fake LLM sends three words a delta: 200 deltas.
      {match: {lastUserIncludes: 'talk'}, text: words, chunkDelayMs: 1},
    ]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}});
    const shown = await agent.ask('Show everything');
    expect(shown.toolCalls.filter((c) => c.error).map((c) => `${c.args.name}: ${c.error}`)).to.deep.equal([]);
    await settle(agent);
    const widgets = ui(agent).widgets();
    expect(widgets.map((w) => w.element?.localName)).to.deep.equal(examples.map((e) => `autoui-${e.name}`));
    // The chart's table and the map's list of places come at the first idle moment after them: let it pass.
    for (let i = 0; i < 2; i++) await new Promise<void>((resolve) => requestIdleCallback(() => resolve(), {timeout: 1000}));
    await settle(agent);
    const counters = widgets.map((w) => ({type: w.element!.localName, updates: countUpdates(w.element!)}));

    const log = new EventLog(agent);
    const answer = await agent.ask('Now talk for a while');
    await settle(agent);

    expect(answer.text).to.equal(words);
    expect(log.of('autoui-text').length, 'the answer came in many deltas').to.be.at.least(200);
    expect(ui(agent).answers().at(-1), 'the transcript shows the whole answer').to.equal(words);
    expect(counters.filter((c) => c.updates() > 0).map((c) => `${c.type}: ${c.updates()} updates`)).to.deep.equal([]);
  });
});
