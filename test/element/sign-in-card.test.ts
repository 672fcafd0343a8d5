/**
 * The sign-in card (src/element/prompts/sign-in-card.ts) rendered on its own, the way the transcript
 * renders it: into a shadow root carrying the transcript's tokens and the card's styles. What a
 * person reads (where they will sign in), the keyboard rules, the three states, and that Sign in
 * acts inside the click (a window opened later would be blocked).
 */
import {expect} from '@open-wc/testing';
import {sendKeys} from '@web/test-runner-commands';
import {adoptStyles, render} from 'lit';
import {elicitationLine, signInLine} from '../../src/element/prompts/prompt-lines.js';
import {signInCard, type SignInCardEntry} from '../../src/element/prompts/sign-in-card.js';
import {signInStyles} from '../../src/element/prompts/sign-in-card.styles.js';
import {STRINGS as ELEMENT_STRINGS} from '../../src/element/common/strings.js';
import {promptStringsFor, type PromptStrings as Strings} from '../../src/element/prompts/prompt-strings.js';

const STRINGS = {en: promptStringsFor(ELEMENT_STRINGS.en), fr: promptStringsFor(ELEMENT_STRINGS.fr)};
import {tokens} from '../../src/styles/tokens.js';

let counter = 0;
const hosts: HTMLElement[] = [];
afterEach(() => {
  for (const host of hosts.splice(0)) host.remove();
});

/** Renders a card in a shadow root like the transcript's; `draw` renders it again in another state. */
function show(entry: Partial<SignInCardEntry> = {}, strings: Strings = STRINGS.en) {
  const host = document.createElement('div');
  document.body.append(host);
  hosts.push(host);
  const root = host.attachShadow({mode: 'open'});
  adoptStyles(root, [tokens, signInStyles]);
  const calls: string[] = [];
  const actions = {
    signIn: () => calls.push('signIn'),
    later: () => calls.push('later'),
    cancel: () => calls.push('cancel'),
  };
  let current: SignInCardEntry = {id: `sign-in-test-${++counter}`, server: 'tickets', serverHost: 'mcp.tickets.example', issuer: 'https://auth.example.org/realms/main', state: 'asking', ...entry};
  const draw = (change: Partial<SignInCardEntry> = {}, s: Strings = strings) => {
    current = {...current, ...change};
    render(signInCard(current, s, actions), root);
  };
  draw();
  const card = () => root.querySelector<HTMLElement>('[part="sign-in"]')!;
  const button = (part: string) => root.querySelector<HTMLButtonElement>(`[part="${part}"]`);
  return {host, root, calls, draw, card, button};
}

const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
const focusIn = (root: ShadowRoot) => root.activeElement?.getAttribute('part') ?? root.activeElement?.tagName ?? 'nothing';

describe('sign-in card', () => {
  it('says which server, its host and the host the person signs in at; takes focus; passes axe', async () => {
    const {host, root, card, button} = show();
    await frame();
    expect(focusIn(root)).to.equal('sign-in');
    expect(root.getElementById(card().getAttribute('aria-labelledby')!)!.textContent).to.equal('Sign in to tickets');
    expect(root.getElementById(card().getAttribute('aria-describedby')!)!.textContent).to.equal('Server: tickets (mcp.tickets.example) · Sign-in at: auth.example.org');
    expect(card().querySelector('.explain')!.textContent).to.equal('A window will open at auth.example.org for you to sign in.');
    expect([button('sign-in-button'), button('sign-in-later')].map((b) => b!.textContent)).to.deep.equal(['Sign in', 'Not now']);
    await expect(host).to.be.accessible();
  });

  it('without a known issuer, says a window will open, without a host', () => {
    const {card} = show({issuer: undefined});
    expect(card().querySelector('.where')!.textContent).to.equal('Server: tickets (mcp.tickets.example)');
    expect(card().querySelector('.explain')!.textContent).to.equal('A window will open for you to sign in to this server.');
  });

  it('Sign in acts inside the click; then it waits, with Cancel; Escape cancels while waiting', async () => {
    const {root, calls, draw, card, button} = show();
    await frame();
    // click() dispatches synchronously: signIn() ran inside the click, not in a later task.
    button('sign-in-button')!.click();
    expect(calls).to.deep.equal(['signIn']);
    draw({state: 'waiting'});
    await frame();
    expect(card().querySelector('[role="status"]')!.textContent).to.equal('Waiting for the sign-in window…');
    expect(button('sign-in-button')).to.equal(null);
    expect(button('sign-in-cancel')!.textContent).to.equal('Cancel');
    expect(focusIn(root), 'focus back on the card when its buttons changed').to.equal('sign-in');
    await sendKeys({press: 'Tab'});
    expect(focusIn(root)).to.equal('sign-in-cancel');
    await sendKeys({press: 'Escape'});
    expect(calls).to.deep.equal(['signIn', 'cancel']);
  });

  it('a failed sign-in shows the reason as text, with Try again and Not now', async () => {
    const {host, root, calls, card, button} = show({state: 'failed', error: '<b>access_denied</b>: the user said no\u202E'});
    await frame();
    const alert = card().querySelector('[role="alert"]')!;
    expect(alert.textContent).to.equal('The sign-in did not succeed: <b>access_denied</b>: the user said no\\u{202E}');
    expect(card().querySelector('b')).to.equal(null);
    expect([button('sign-in-retry'), button('sign-in-later')].map((b) => b!.textContent)).to.deep.equal(['Try again', 'Not now']);
    await expect(host).to.be.accessible();
    expect(focusIn(root)).to.equal('sign-in');
    await sendKeys({press: 'Tab'});
    await sendKeys({press: 'Enter'});
    expect(calls).to.deep.equal(['signIn']);
    await sendKeys({press: 'Escape'});
    expect(calls).to.deep.equal(['signIn', 'later']);
    const quiet = show({state: 'failed'});
    expect(quiet.card().querySelector('[role="alert"]')!.textContent).to.equal('The sign-in did not succeed.');
  });

  it('keyboard alone: Tab reaches Sign in then Not now; Escape is Not now', async () => {
    const {root, calls} = show();
    await frame();
    await sendKeys({press: 'Tab'});
    expect(focusIn(root)).to.equal('sign-in-button');
    await sendKeys({press: 'Tab'});
    expect(focusIn(root)).to.equal('sign-in-later');
    await sendKeys({press: 'Enter'});
    expect(calls).to.deep.equal(['later']);
    await sendKeys({press: 'Escape'});
    expect(calls).to.deep.equal(['later', 'later']);
  });

  it('shows a hostile server name and host as text, hidden characters revealed; a look-alike issuer in ASCII', () => {
    const {card} = show({server: '<img src=x>\u202Etickets', serverHost: 'mcp.example\u200B.org', issuer: 'https://аuth.example.org/'});
    expect(card().querySelector('img')).to.equal(null);
    expect(card().querySelector('h3')!.textContent).to.equal('Sign in to <img src=x>\\u{202E}tickets');
    expect(card().textContent).to.contain('mcp.example\\u{200B}.org').and.contain('xn--uth-');
    expect(card().textContent).to.not.match(/[\u202E\u200B]/);
  });

  it('in French: Se connecter à {server}, Se connecter, Plus tard; then Annuler, Réessayer', () => {
    const {card, button, draw} = show({}, STRINGS.fr);
    expect(card().querySelector('h3')!.textContent).to.equal('Se connecter à tickets');
    expect([button('sign-in-button'), button('sign-in-later')].map((b) => b!.textContent)).to.deep.equal(['Se connecter', 'Plus tard']);
    draw({state: 'waiting'});
    expect(button('sign-in-cancel')!.textContent).to.equal('Annuler');
    expect(card().textContent).to.contain('En attente de la fenêtre de connexion…');
    draw({state: 'failed', error: 'refusé'});
    expect(button('sign-in-retry')!.textContent).to.equal('Réessayer');
    expect(card().textContent).to.contain('La connexion n\u2019a pas abouti\u00a0: refusé');
  });
});

describe('sign-in and question lines', () => {
  it('say what became of a sign-in or a question, in both languages, the server name as text', () => {
    const host = document.createElement('ol');
    document.body.append(host);
    try {
      const text = (line: ReturnType<typeof signInLine>) => (render(line, host), host.textContent!.trim());
      expect(text(signInLine('tickets', 'signed-in', STRINGS.en))).to.equal('✓ Signed in to tickets');
      expect(text(signInLine('tickets', 'later', STRINGS.en))).to.equal('✗ Not signed in to tickets (not now)');
      expect(text(signInLine('<b>x</b>\u202E', 'failed', STRINGS.fr))).to.equal('✗ La connexion à <b>x</b>\\u{202E} a échoué');
      expect(host.querySelector('b')).to.equal(null);
      expect(text(elicitationLine('crm', 'accepted', STRINGS.en))).to.equal('✓ Answered crm');
      expect(text(elicitationLine('crm', 'declined', STRINGS.en))).to.equal('✗ Declined crm\u2019s question');
      expect(text(elicitationLine('crm', 'cancelled', STRINGS.fr))).to.equal('✗ Pas de réponse à crm (annulé)');
      expect(host.querySelector('li')!.getAttribute('part')).to.equal('elicitation-status');
    } finally {
      host.remove();
    }
  });
});
