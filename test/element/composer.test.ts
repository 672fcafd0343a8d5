/**
 * The built-in composer, driven with the real keyboard: Enter sends, Shift+Enter makes a new
 * line, arrow keys walk the history of questions, Send is disabled while the box is empty.
 */
import {expect} from '@open-wc/testing';
import {EventLog, createScenario, messageTexts, mountAgent, press, type, ui} from './harness.js';

describe('<autoui-agent> composer', () => {
  it('disables Send while the text box is empty or blank', async () => {
    const agent = await mountAgent(await createScenario([]), {attributes: {lang: 'en'}});
    const view = ui(agent);
    expect(view.sendButton()!.disabled).to.be.true;
    await type(agent, '   ');
    expect(view.sendButton()!.disabled).to.be.true;
    await type(agent, 'a question');
    expect(view.sendButton()!.disabled).to.be.false;
  });

  it('Enter sends the question and empties the box; Shift+Enter starts a new line', async () => {
    const scenario = await createScenario([{text: 'Answered.'}]);
    const agent = await mountAgent(scenario);
    const log = new EventLog(agent);

    await type(agent, 'Line one');
    await press(agent, 'Shift+Enter');
    await type(agent, 'line two');
    expect(log.of('autoui-run-start'), 'Shift+Enter did not send').to.have.length(0);
    expect(ui(agent).textarea()!.value).to.equal('Line one\nline two');

    await press(agent, 'Enter');
    expect((await log.next('autoui-run-start')).question).to.equal('Line one\nline two');
    expect(ui(agent).textarea()!.value).to.equal('');
    await log.next('autoui-run-end');
    expect(messageTexts((await scenario.requests())[0])).to.deep.equal(['Line one\nline two']);
  });

  it('the Send button sends too', async () => {
    const agent = await mountAgent(await createScenario([{text: 'ok'}]));
    const log = new EventLog(agent);
    await type(agent, 'By click');
    ui(agent).sendButton()!.click();
    expect((await log.next('autoui-run-start')).question).to.equal('By click');
    await log.next('autoui-run-end');
  });

  it('Arrow Up and Down walk the earlier questions, then give back what was being typed', async () => {
    const agent = await mountAgent(await createScenario([{text: 'one'}, {text: 'two'}]));
    const log = new EventLog(agent);
    for (const [i, question] of ['first question', 'second question'].entries()) {
      await type(agent, question);
      await press(agent, 'Enter');
      await log.nth('autoui-run-end', i + 1);
    }
    const box = () => ui(agent).textarea()!.value;

    await press(agent, 'ArrowUp');
    expect(box()).to.equal('second question');
    await press(agent, 'ArrowUp');
    expect(box()).to.equal('first question');
    await press(agent, 'ArrowDown');
    expect(box()).to.equal('second question');
    await press(agent, 'ArrowDown');
    expect(box()).to.equal('');
  });
});
