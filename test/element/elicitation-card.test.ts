/**
 * The elicitation card (src/element/prompts/elicitation-card.ts) rendered on its own, the way the
 * transcript renders it: into a shadow root carrying the transcript's tokens and the card's
 * styles. A person's side: what the card shows (server text as text), the keyboard rules, what
 * Submit does with a wrong and a right answer, and a URL that opens only on a click.
 */
import {expect, waitUntil} from '@open-wc/testing';
import {sendKeys} from '@web/test-runner-commands';
import {adoptStyles, render} from 'lit';
import {elicitationCard, type ElicitationCardAnswer, type ElicitationCardEntry} from '../../src/element/prompts/elicitation-card.js';
import {elicitationStyles} from '../../src/element/prompts/elicitation-card.styles.js';
import {STRINGS as ELEMENT_STRINGS} from '../../src/element/common/strings.js';
import {promptStringsFor, type PromptStrings as Strings} from '../../src/element/prompts/prompt-strings.js';

const STRINGS = {en: promptStringsFor(ELEMENT_STRINGS.en), fr: promptStringsFor(ELEMENT_STRINGS.fr)};
import {tokens} from '../../src/styles/tokens.js';

let counter = 0;
const hosts: HTMLElement[] = [];

/** A shadow root like the transcript's, in the page. */
function mount(): {host: HTMLElement; root: ShadowRoot} {
  const host = document.createElement('div');
  document.body.append(host);
  hosts.push(host);
  const root = host.attachShadow({mode: 'open'});
  adoptStyles(root, [tokens, elicitationStyles]);
  return {host, root};
}

/** Renders a card and records its answers. */
function show(entry: Omit<ElicitationCardEntry, 'id'> & {id?: string}, strings: Strings = STRINGS.en) {
  const {host, root} = mount();
  const answers: ElicitationCardAnswer[] = [];
  const full: ElicitationCardEntry = {id: `test-${++counter}`, ...entry};
  const draw = (s: Strings = strings) => render(elicitationCard(full, s, (a) => answers.push(a)), root);
  draw();
  const card = () => root.querySelector<HTMLElement>('[part="elicitation"]')!;
  const button = (part: string) => root.querySelector<HTMLButtonElement>(`[part="elicitation-${part}"]`);
  const input = (label: string) => {
    const found = [...root.querySelectorAll('label')].find((l) => l.textContent!.trim().startsWith(label));
    if (!found) throw new Error(`no label ${label}`);
    return root.getElementById(found.htmlFor) as HTMLInputElement;
  };
  return {host, root, answers, draw, card, button, input};
}

/** What has focus in `root`, as a word (a failure then prints that, not a DOM tree). */
const focusIn = (root: ShadowRoot) => describe_(root.activeElement);
const describe_ = (el: Element | null | undefined) =>
  !el ? 'nothing' : el.getAttribute('part') ?? (el.id ? `#${(el.getRootNode() as ShadowRoot).querySelector(`label[for="${el.id}"]`)?.textContent?.trim() ?? el.id}` : el.tagName);

const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));

const schema = {
  type: 'object',
  properties: {
    name: {type: 'string', title: 'Name', description: 'The name on your account', minLength: 2},
    age: {type: 'integer', title: 'Age', minimum: 18},
    plan: {type: 'string', title: 'Plan', oneOf: [{const: 'free', title: 'Free'}, {const: 'pro', title: 'Pro'}], default: 'pro'},
    news: {type: 'boolean', title: 'Send me news', default: true},
    days: {type: 'array', title: 'Days', items: {anyOf: [{const: 'mon', title: 'Monday'}, {const: 'tue', title: 'Tuesday'}]}},
  },
  required: ['name', 'age'],
};

afterEach(() => {
  for (const host of hosts.splice(0)) host.remove();
});

describe('elicitation card: form mode', () => {
  it('shows the server, its message and labelled fields with their descriptions and defaults; takes focus; passes axe', async () => {
    const {host, root, card, input, button, answers} = show({server: 'crm', mode: 'form', message: 'We need a few details.', schema});
    await frame();
    expect(focusIn(root), 'focus moved to the card').to.equal(describe_(card()));
    expect(card().getAttribute('role')).to.equal('group');
    expect(root.getElementById(card().getAttribute('aria-labelledby')!)!.textContent).to.equal('A question from crm');
    expect(root.getElementById(card().getAttribute('aria-describedby')!)!.textContent).to.equal('We need a few details.');
    const name = input('Name');
    expect(name.labels![0].textContent).to.contain('(required)');
    expect(name.getAttribute('aria-describedby')!.split(' ').map((id) => root.getElementById(id)!.textContent)).to.deep.equal(['The name on your account']);
    expect(name.value).to.equal('');
    expect((input('Plan') as unknown as HTMLSelectElement).value, 'the default is pre-filled').to.equal('pro');
    expect(input('Send me news').checked).to.equal(true);
    expect(root.querySelector('fieldset legend')!.textContent).to.equal('Days');
    expect(button('submit')!.textContent).to.equal('Submit');
    expect(button('decline')!.textContent).to.equal('Decline');
    expect(button('cancel')!.textContent).to.equal('Cancel');
    await new Promise((r) => setTimeout(r, 100));
    expect(answers, 'defaults alone answer nothing').to.deep.equal([]);
    await expect(host).to.be.accessible();
  });

  it('shows a hostile message, labels and options as text, with hidden and bidi characters revealed', async () => {
    const evil = '<img src=x onerror="window.__pwned=1"><b>bold</b>\u202Egnp.exe\u200B';
    const {root, card} = show({
      server: 'crm\u202E',
      mode: 'form',
      message: evil,
      schema: {type: 'object', properties: {x: {type: 'string', title: '<i>label</i>\u2066', description: '<a href="javascript:1">help</a>', enum: ['a'], enumNames: ['<u>opt</u>\u202D']}}},
    });
    await frame();
    expect(root.querySelector('img, b, i, a, u')).to.equal(null);
    expect((window as unknown as {__pwned?: number}).__pwned).to.equal(undefined);
    const text = card().textContent!;
    expect(text).to.contain('<img src=x onerror="window.__pwned=1"><b>bold</b>\\u{202E}gnp.exe\\u{200B}');
    expect(text).to.contain('crm\\u{202E}').and.contain('<i>label</i>\\u{2066}').and.contain('<a href="javascript:1">help</a>').and.contain('<u>opt</u>\\u{202D}');
    expect(text).to.not.match(/[\u202A-\u202E\u2066-\u2069\u200B]/);
  });

  it('Submit with an invalid field does not answer: it marks the field, says why, announces it and moves focus there', async () => {
    const {root, input, button, answers} = show({server: 'crm', mode: 'form', message: 'Details?', schema});
    await frame();
    const name = input('Name');
    name.focus();
    await sendKeys({type: 'Ada'});
    const age = input('Age');
    age.focus();
    await sendKeys({type: '12'});
    button('submit')!.click();
    expect(answers).to.deep.equal([]);
    expect(age.getAttribute('aria-invalid')).to.equal('true');
    expect(name.getAttribute('aria-invalid')).to.equal('false');
    const describedBy = age.getAttribute('aria-describedby')!.split(' ').map((id) => root.getElementById(id)!.textContent);
    expect(describedBy).to.deep.equal(['Enter 18 or more.']);
    const summary = root.querySelector('[role="alert"]')!;
    expect(summary.textContent).to.equal('Some answers need a change: Age.');
    expect(focusIn(root), 'focus on the field to fix').to.equal(describe_(age));

    // Changing the field takes its message away; the right answer is sent, typed.
    await sendKeys({press: 'Backspace'});
    await sendKeys({press: 'Backspace'});
    await sendKeys({type: '42'});
    expect(age.getAttribute('aria-invalid')).to.equal('false');
    // Two boxes ticked between renders, in the other order: the server's order is kept.
    input('Tuesday').click();
    input('Monday').click();
    button('submit')!.click();
    expect(answers).to.deep.equal([{action: 'accept', content: {name: 'Ada', age: 42, plan: 'pro', news: true, days: ['mon', 'tue']}}]);
    button('submit')!.click();
    button('decline')!.click();
    expect(answers, 'one answer only').to.have.length(1);
  });

  it('a re-render (the transcript drawing again) keeps what the person typed and the errors', async () => {
    const {draw, input, button, answers, root} = show({server: 'crm', mode: 'form', message: 'Details?', schema});
    await frame();
    input('Name').focus();
    await sendKeys({type: 'Grace'});
    button('submit')!.click();
    draw();
    draw(STRINGS.fr);
    expect(input('Name').value).to.equal('Grace');
    expect(input('Age').getAttribute('aria-invalid')).to.equal('true');
    expect(root.querySelector('[part="elicitation-submit"]')!.textContent, 'the new language').to.equal('Envoyer');
    input('Age').focus();
    await sendKeys({type: '30'});
    draw();
    button('submit')!.click();
    expect(answers).to.deep.equal([{action: 'accept', content: {name: 'Grace', age: 30, plan: 'pro', news: true}}]);
  });

  it('keyboard alone: Tab reaches the fields and the buttons, Enter in a field submits nothing, Enter on Submit does, Escape cancels', async () => {
    const simple = {type: 'object', properties: {city: {type: 'string', title: 'City'}}, required: ['city']};
    const first = show({server: 'maps', mode: 'form', message: 'Which city?', schema: simple});
    await frame();
    expect(focusIn(first.root)).to.equal(describe_(first.card()));
    await sendKeys({press: 'Tab'});
    expect(focusIn(first.root)).to.equal(describe_(first.input('City')));
    await sendKeys({type: 'Lyon'});
    await sendKeys({press: 'Enter'});
    expect(first.answers, 'Enter in a field is not Submit').to.deep.equal([]);
    await sendKeys({press: 'Tab'});
    expect(focusIn(first.root)).to.equal(describe_(first.button('submit')));
    await sendKeys({press: 'Tab'});
    expect(focusIn(first.root)).to.equal(describe_(first.button('decline')));
    await sendKeys({press: 'Tab'});
    expect(focusIn(first.root)).to.equal(describe_(first.button('cancel')));
    await sendKeys({press: 'Shift+Tab'});
    await sendKeys({press: 'Shift+Tab'});
    await sendKeys({press: 'Enter'});
    expect(first.answers).to.deep.equal([{action: 'accept', content: {city: 'Lyon'}}]);
    // Answered: the transcript takes the card away.
    first.host.remove();

    const second = show({server: 'maps', mode: 'form', message: 'Which city?', schema: simple});
    await frame();
    expect(focusIn(second.root)).to.equal(describe_(second.card()));
    await sendKeys({press: 'Escape'});
    expect(second.answers).to.deep.equal([{action: 'cancel'}]);
  });

  it('Decline answers decline; French buttons on a French page', async () => {
    const {button, answers} = show({server: 'crm', mode: 'form', message: 'Details?', schema}, STRINGS.fr);
    expect([button('submit'), button('decline'), button('cancel')].map((b) => b!.textContent)).to.deep.equal(['Envoyer', 'Refuser', 'Annuler']);
    button('decline')!.click();
    expect(answers).to.deep.equal([{action: 'decline'}]);
  });

  it('does not take focus from a field elsewhere on the page', async () => {
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    try {
      const {root} = show({server: 'crm', mode: 'form', message: 'Details?', schema});
      await frame();
      expect(document.activeElement === field, 'the page field keeps focus').to.equal(true);
      expect(focusIn(root)).to.equal(describe_(null));
    } finally {
      field.remove();
    }
  });

  it('a schema outside the subset: says why, and offers only Decline and Cancel', async () => {
    const {host, card, button, answers} = show({
      server: 'crm',
      mode: 'form',
      message: 'Your address',
      schema: {type: 'object', properties: {address: {type: 'object', properties: {street: {type: 'string'}}}}},
    });
    await frame();
    expect(card().textContent).to.contain('This form cannot be shown here: its field “address” is of a kind this page does not support. You can decline or cancel.');
    expect(button('submit')).to.equal(null);
    expect(card().querySelector('input')).to.equal(null);
    await expect(host).to.be.accessible();
    button('cancel')!.click();
    expect(answers).to.deep.equal([{action: 'cancel'}]);
  });
});

describe('elicitation card: URL mode', () => {
  let opened: unknown[][];
  let original: typeof window.open;
  beforeEach(() => {
    opened = [];
    original = window.open;
    window.open = ((...args: unknown[]) => (opened.push(args), null)) as typeof window.open;
  });
  afterEach(() => {
    window.open = original;
  });

  it('shows the host prominently and the full URL; opens nothing until clicked, then a new tab without opener; Done accepts', async () => {
    const url = 'https://pay.example.org:8443/checkout?session=42#top';
    const {host, root, card, button, answers} = show({server: 'shop', mode: 'url', message: 'Please confirm the payment.', url});
    await frame();
    expect(focusIn(root)).to.equal(describe_(card()));
    expect(card().querySelector('.host')!.textContent).to.equal('pay.example.org:8443');
    expect(card().querySelector('.href')!.textContent).to.equal(url);
    expect(card().textContent).to.contain('shop asks you to open a page').and.contain('Please confirm the payment.');
    expect(button('open')!.textContent).to.equal('Open pay.example.org:8443');
    await expect(host).to.be.accessible();
    await new Promise((r) => setTimeout(r, 100));
    expect(opened, 'nothing opens by itself').to.deep.equal([]);

    button('open')!.click();
    expect(opened).to.deep.equal([[url, '_blank', 'noopener,noreferrer']]);
    expect(answers).to.deep.equal([]);
    expect(card().querySelector('[role="status"]')!.textContent).to.equal('Waiting for shop…');
    expect(button('open')).to.equal(null);
    expect(focusIn(root), 'focus on Done').to.equal(describe_(button('done')));
    await expect(host).to.be.accessible();
    await sendKeys({press: 'Enter'});
    expect(answers).to.deep.equal([{action: 'accept'}]);
  });

  it('a look-alike host shows in its ASCII form; an address with user info is not offered, its real host named', async () => {
    const {card, button} = show({server: 'bank', mode: 'url', message: 'Sign the form.', url: 'https://mybank.com@xn--pypal-4ve.com/login'});
    expect(button('open')).to.equal(null);
    expect(card().querySelector('.refused')!.textContent).to.contain('“mybank.com”').and.contain('Its real site is xn--pypal-4ve.com.');
    const idn = show({server: 'bank', mode: 'url', message: 'Sign.', url: 'https://раураl.com/'});
    expect(idn.card().querySelector('.host')!.textContent).to.match(/^xn--/);
  });

  it('refuses a javascript: URL (or any other scheme): nothing to open, only Decline and Cancel', async () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', '/relative', '']) {
      const {card, button, answers} = show({server: 'evil', mode: 'url', message: 'Click me', url});
      expect(button('open'), url).to.equal(null);
      expect(card().textContent).to.contain('This address cannot be opened: only web addresses (http or https) can.');
      button('decline')!.click();
      expect(answers).to.deep.equal([{action: 'decline'}]);
    }
    expect(opened).to.deep.equal([]);
  });

  it('Escape cancels, before and after opening; French texts', async () => {
    const before = show({server: 'shop', mode: 'url', message: 'Pay', url: 'https://pay.example.org/'}, STRINGS.fr);
    await frame();
    expect(before.button('open')!.textContent).to.equal('Ouvrir pay.example.org');
    await sendKeys({press: 'Escape'});
    expect(before.answers).to.deep.equal([{action: 'cancel'}]);

    const after = show({server: 'shop', mode: 'url', message: 'Pay', url: 'https://pay.example.org/'}, STRINGS.fr);
    await frame();
    after.button('open')!.click();
    expect(after.card().textContent).to.contain('En attente de shop…');
    expect(after.button('done')!.textContent).to.equal('Terminé');
    await waitUntil(() => focusIn(after.root) === 'elicitation-done');
    await sendKeys({press: 'Escape'});
    expect(after.answers).to.deep.equal([{action: 'cancel'}]);
  });
});
