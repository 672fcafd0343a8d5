/**
 * The transcript as people meet it: a long conversation scrolls and can be scrolled from the
 * keyboard; questions and answers read in their own direction on a right-to-left page; and
 * `clear()` gives back every node the questions added, in the transcript and on the canvas.
 */
import {expect, waitUntil} from '@open-wc/testing';
import {sendKeys} from '@web/test-runner-commands';
import {createScenario, mountAgent, press, settle, type, ui} from './harness.js';

/** Every node under `root`, shadow roots included (elements, text, comments). */
function countNodes(root: Node): number {
  let count = 1;
  if ((root as Element).shadowRoot) count += countNodes((root as Element).shadowRoot!);
  root.childNodes.forEach((child) => (count += countNodes(child)));
  return count;
}

const stat = (label: string) => ({name: 'autoui_webmcp_widget_display', input: {name: 'stat', params: {label, value: 1}}});

describe('<autoui-agent> transcript in use', () => {
  it('scrolls a long conversation, and keyboard users can reach and scroll it (axe: scrollable region focusable)', async () => {
    const long = Array.from({length: 120}, (_, i) => `Line ${i} of a long answer.`).join('\n');
    const scenario = await createScenario([{text: long}]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}});
    await agent.ask('Tell me everything');
    await settle(agent);
    const log = ui(agent).log()!;
    expect(log.scrollHeight, 'the transcript scrolls').to.be.above(log.clientHeight);
    await expect(agent).to.be.accessible({ignoredRules: []});

    log.focus();
    expect(log.matches(':focus'), 'the log takes focus').to.equal(true);
    // Keyboard scrolling is animated: wait for it to arrive.
    await sendKeys({press: 'Home'});
    await waitUntil(() => log.scrollTop === 0, 'Home did not scroll the transcript to its start');
    // The animation may still be settling at its end; let it finish before the next key.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await sendKeys({press: 'PageDown'});
    await waitUntil(() => log.scrollTop > 0, 'Page Down did not scroll the transcript');
  });

  it('on a right-to-left page, an English question and answer read left to right, an Arabic one right to left', async () => {
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'weather'}, text: 'It is sunny today.'},
      {match: {lastUserIncludes: 'الطقس'}, text: 'الجو مشمس اليوم.'},
    ]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en', dir: 'rtl'}});
    await agent.ask('What is the weather?');
    await agent.ask('ما هو الطقس؟');
    await settle(agent);
    const transcript = ui(agent).root.querySelector('autoui-transcript')!.shadowRoot!;
    const directions = [...transcript.querySelectorAll<HTMLElement>('[part="user"], [part="assistant"]')].map((li) => getComputedStyle(li).direction);
    expect(directions).to.deep.equal(['ltr', 'ltr', 'rtl', 'rtl']);

    const box = await type(agent, 'Hello?');
    expect(getComputedStyle(box).direction === 'ltr' || box.matches(':dir(ltr)'), 'the composer follows what is typed').to.equal(true);
    await press(agent, 'Control+A');
    await type(agent, 'مرحبا');
    expect(box.matches(':dir(rtl)')).to.equal(true);
  });

  it('clear() gives back every node the questions added', async function () {
    this.timeout(30_000);
    const turns = Array.from({length: 10}, (_, i) => [
      {match: {lastUserIncludes: `Q${i}?`}, text: `Looking ${i}.`, toolCalls: [stat(`S${i}`)]},
      {match: {lastUserIncludes: `Q${i}?`}, text: `Answer ${i}.`},
    ]).flat();
    const agent = await mountAgent(await createScenario(turns), {attributes: {lang: 'en'}});
    // The transcript and the canvas come in a chunk of their own once the page is idle: counted
    // from there, so what is compared is what the questions added.
    await waitUntil(() => agent.shadowRoot!.querySelector('autoui-canvas'), 'the canvas did not load', {timeout: 10_000});
    await settle(agent);
    const before = countNodes(agent);
    for (let i = 0; i < 10; i++) await agent.ask(`Q${i}?`);
    await settle(agent);
    expect(countNodes(agent), 'ten questions with widgets add nodes').to.be.above(before + 200);

    agent.clear();
    await settle(agent);
    expect(countNodes(agent)).to.equal(before);
  });
});
