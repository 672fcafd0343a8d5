/**
 * The limits of a server's question (src/mcp/elicitation-limits.ts) as a person meets them on the
 * elicitation card: a question past a limit is not drawn; the card shows the message cut short,
 * says which limit in one sentence, and offers Decline and Cancel only. Also the URL card's
 * refusal of an address with a user name before its host. And, without the DOM, that the size
 * check reads a bounded part of a huge schema (counted reads, not time).
 */
import {expect} from '@open-wc/testing';
import {adoptStyles, render} from 'lit';
import {elicitationCard, type ElicitationCardAnswer, type ElicitationCardEntry} from '../../src/element/prompts/elicitation-card.js';
import {elicitationStyles} from '../../src/element/prompts/elicitation-card.styles.js';
import {STRINGS as ELEMENT_STRINGS} from '../../src/element/common/strings.js';
import {promptStringsFor} from '../../src/element/prompts/prompt-strings.js';
import {readElicitationSchema} from '../../src/mcp/elicitation-schema.js';
import {tokens} from '../../src/styles/tokens.js';

const EN = promptStringsFor(ELEMENT_STRINGS.en);
const FR = promptStringsFor(ELEMENT_STRINGS.fr);
let counter = 0;
const hosts: HTMLElement[] = [];
afterEach(() => hosts.splice(0).forEach((h) => h.remove()));

/** Renders a card into a shadow root like the transcript's and records its answers. */
function show(entry: Omit<ElicitationCardEntry, 'id'>, strings = EN) {
  const host = document.createElement('div');
  document.body.append(host);
  hosts.push(host);
  const root = host.attachShadow({mode: 'open'});
  adoptStyles(root, [tokens, elicitationStyles]);
  const answers: ElicitationCardAnswer[] = [];
  render(elicitationCard({id: `limits-${++counter}`, ...entry}, strings, (a) => answers.push(a)), root);
  const parts = () => [...root.querySelectorAll('button')].map((b) => b.getAttribute('part'));
  const text = (selector: string) => root.querySelector(selector)?.textContent ?? '';
  return {root, answers, parts, text};
}

const choices = (n: number) => Array.from({length: n}, (_, i) => `choice-${i}`);
const form = (properties: Record<string, unknown>) => ({type: 'object', properties});

describe('elicitation card: a question too large to show', () => {
  it('10,000 choices: no list is drawn; the card says how many and the limit; Decline answers', () => {
    const {root, answers, parts, text} = show({server: 'crm', mode: 'form', message: 'Pick one.', schema: form({country: {type: 'string', title: 'Country', enum: choices(10_000)}})});
    expect(text('.refused')).to.equal('This server asked a question too large to show safely: 10,000 choices in “country” (the limit is 500). You can decline or cancel.');
    expect(root.querySelectorAll('select, option, input').length, 'no control drawn').to.equal(0);
    expect(text('.message')).to.equal('Pick one.');
    expect(parts()).to.deep.equal(['elicitation-decline', 'elicitation-cancel']);
    root.querySelector<HTMLButtonElement>('[part="elicitation-decline"]')!.click();
    expect(answers).to.deep.equal([{action: 'decline'}]);
  });

  it('choices of a multi-select (anyOf items) count too, and in French the numbers are written the French way', () => {
    const anyOf = choices(20_000).map((c) => ({const: c, title: c}));
    const {root, text, parts} = show({server: 'crm', mode: 'form', message: 'Tags?', schema: form({tags: {type: 'array', items: {anyOf}}})}, FR);
    expect(text('.refused')).to.contain('20\u202f000\u00a0choix dans «\u00a0tags\u00a0» (la limite est de 500)');
    expect(root.querySelectorAll('input').length).to.equal(0);
    expect(parts()).to.deep.equal(['elicitation-decline', 'elicitation-cancel']);
  });

  it('many lists each under the limit but 1,200 choices in all are refused', () => {
    const properties = Object.fromEntries(Array.from({length: 4}, (_, i) => [`f${i}`, {type: 'string', enum: choices(300)}]));
    const {text, root} = show({server: 'crm', mode: 'form', message: '', schema: form(properties)});
    expect(text('.refused')).to.contain('1,200 choices in all (the limit is 1,000)');
    expect(root.querySelectorAll('select').length).to.equal(0);
  });

  it('41 fields: says so with the numbers (not a vague "not supported")', () => {
    const properties = Object.fromEntries(Array.from({length: 41}, (_, i) => [`f${i}`, {type: 'string'}]));
    const {text, parts} = show({server: 'crm', mode: 'form', message: 'Lots.', schema: form(properties)});
    expect(text('.refused')).to.contain('41 fields (the limit is 40)');
    expect(parts()).to.deep.equal(['elicitation-decline', 'elicitation-cancel']);
  });

  it('a title of 100,000 characters is refused, the text named with its length', () => {
    const {text, root} = show({server: 'crm', mode: 'form', message: 'Name?', schema: form({name: {type: 'string', title: 'x'.repeat(100_000)}})});
    expect(text('.refused')).to.contain('a text of 100,000 characters (the limit is 2,000)');
    expect(root.querySelectorAll('input').length).to.equal(0);
    expect(root.textContent!.length, 'the title is not shown').to.be.below(5_000);
  });

  it('a 5 MB schema (a huge pattern, nothing a form draws) is refused as larger than 64 kB', () => {
    const {text, root} = show({server: 'crm', mode: 'form', message: 'Code?', schema: form({code: {type: 'string', pattern: `^(${'a|'.repeat(2_500_000)}b)$`}})});
    expect(text('.refused')).to.contain('a form of more than 64 kB');
    expect(root.querySelectorAll('input').length).to.equal(0);
  });

  it('a 5 MB message is shown cut short, with why, and nothing to submit, in either mode', () => {
    const message = `Please read: ${'blah '.repeat(1_000_000)}`;
    for (const entry of [
      {server: 'crm', mode: 'form' as const, message, schema: form({name: {type: 'string'}})},
      {server: 'crm', mode: 'url' as const, message, url: 'https://accounts.example/'},
    ]) {
      const {text, parts} = show(entry);
      expect(text('.message').length).to.equal(2_001);
      expect(text('.message').endsWith('…')).to.equal(true);
      expect(text('.refused')).to.contain('a text of 5,000,013 characters (the limit is 2,000)');
      expect(parts(), entry.mode).to.deep.equal(['elicitation-decline', 'elicitation-cancel']);
    }
  });

  it('a question within every limit still draws its form (500 choices, 40 fields)', () => {
    const properties: Record<string, unknown> = Object.fromEntries(Array.from({length: 39}, (_, i) => [`f${i}`, {type: 'string'}]));
    properties.pick = {type: 'string', enum: choices(500)};
    const {root, parts} = show({server: 'crm', mode: 'form', message: 'Fine.', schema: form(properties)});
    expect(root.querySelectorAll('option').length).to.equal(501);
    expect(parts()).to.deep.equal(['elicitation-submit', 'elicitation-decline', 'elicitation-cancel']);
  });
});

describe('elicitation card: a URL with a user name before its host', () => {
  it('is not offered: the card names the real host and offers Decline and Cancel only', () => {
    const opened: unknown[] = [];
    const open = window.open;
    window.open = ((url: string) => (opened.push(url), null)) as typeof window.open;
    try {
      const {text, parts, root} = show({server: 'bank', mode: 'url', message: 'Sign in.', url: 'https://accounts.example.com@evil.example/login'});
      expect(text('.refused')).to.equal(
        'This address cannot be opened: it puts “accounts.example.com” and an @ before the site’s name, which makes it look like another site. Its real site is evil.example.',
      );
      expect(parts()).to.deep.equal(['elicitation-decline', 'elicitation-cancel']);
      expect(root.querySelector('.host'), 'no host line that could be read as accounts.example.com').to.equal(null);
      root.querySelectorAll('button').forEach((b) => b.click());
      expect(opened).to.deep.equal([]);
    } finally {
      window.open = open;
    }
  });

  it('a password alone is refused too; an ordinary URL still offers Open with its host', () => {
    expect(show({server: 'bank', mode: 'url', message: '', url: 'https://:secret@evil.example/'}).parts()).to.deep.equal(['elicitation-decline', 'elicitation-cancel']);
    const fine = show({server: 'bank', mode: 'url', message: '', url: 'https://accounts.example.com/login?next=@home'});
    expect(fine.parts()[0]).to.equal('elicitation-open');
    expect(fine.text('.host')).to.equal('accounts.example.com');
  });
});

describe('readElicitationSchema: the size check reads a bounded part of a huge schema', () => {
  /** A list that counts how many of its entries are read. */
  function counted(length: number, make: (i: number) => unknown) {
    const reads = {count: 0};
    const list = new Proxy(Array.from({length}, (_, i) => make(i)), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads.count++;
        return Reflect.get(target, key, receiver);
      },
    });
    return {list, reads};
  }

  it('1,000,000 choices: refused after reading none of them (their number is the list\'s length)', () => {
    const {list, reads} = counted(1_000_000, (i) => `c${i}`);
    const result = readElicitationSchema(form({pick: {type: 'string', enum: list}}));
    expect(result.ok).to.equal(false);
    expect(result.ok === false && result.refusal.over).to.deep.equal({what: 'options', count: 1_000_000, limit: 500, key: 'pick'});
    expect(reads.count).to.equal(0);
  });

  it('a `required` list of 1,000,000 names is refused after reading at most the size limit\'s worth', () => {
    const {list, reads} = counted(1_000_000, () => 'a');
    const result = readElicitationSchema({type: 'object', properties: {a: {type: 'string'}}, required: list});
    expect(result.ok === false && result.refusal.over?.what).to.equal('schema');
    expect(reads.count).to.be.at.most(64 * 1024);
  });
});
