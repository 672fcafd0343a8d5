/**
 * Which starter questions are offered (the DOM-free choice): the page's first, else the servers'
 * recipes taken in turns, in the page's language, else the element's own (English where it has no
 * texts for the page's), falling back to titles only when no recipe has a question in these and
 * only on a page in the element's own language; at most four, never the same twice.
 */
import {expect} from '@open-wc/testing';
import type {McpLayer, Recipe, ToolLayer} from '../../src/agent/types.js';
import {MAX_STARTER_QUESTIONS, chooseStarterQuestions, questionIn} from '../../src/session/starter-questions.js';

const server = (serverName: string, recipes: Recipe[]): McpLayer => ({protocol: 'mcp', serverName, tools: [], recipes});
const both = (name: string, en: string, fr: string, title = `Title ${name}`): Recipe => ({name, title, questions: {en, fr}});
const questions = (list: ReturnType<typeof chooseStarterQuestions>) => list.map((s) => s.question);

const data = server('data', [both('d1', 'Data one?', 'Données un ?'), both('d2', 'Data two?', 'Données deux ?'), both('d3', 'Data three?', 'Données trois ?'), both('d4', 'Data four?', 'Données quatre ?')]);
const atlas = server('atlas', [both('a1', 'Atlas one?', 'Atlas un ?'), both('a2', 'Atlas two?', 'Atlas deux ?')]);

describe('chooseStarterQuestions', () => {
  it('takes the servers in turns, each in its own order, with where each question came from', () => {
    const chosen = chooseStarterQuestions({layers: [data, atlas], locale: 'en'});
    expect(chosen).to.deep.equal([
      {question: 'Data one?', source: 'recipe', server: 'data', recipe: 'd1'},
      {question: 'Atlas one?', source: 'recipe', server: 'atlas', recipe: 'a1'},
      {question: 'Data two?', source: 'recipe', server: 'data', recipe: 'd2'},
      {question: 'Atlas two?', source: 'recipe', server: 'atlas', recipe: 'a2'},
    ]);
    // One server alone fills the list, up to four.
    expect(questions(chooseStarterQuestions({layers: [server('big', [...data.recipes!, both('d5', 'Five?', 'Cinq ?')])], locale: 'en'}))).to.deep.equal(['Data one?', 'Data two?', 'Data three?', 'Data four?']);
    expect(MAX_STARTER_QUESTIONS).to.equal(4);
  });

  it('gives the page’s own questions first, in its order (even none), and reads no recipe then', () => {
    expect(chooseStarterQuestions({page: ['  Mine?  ', 'Yours?'], layers: [data, atlas], locale: 'en'})).to.deep.equal([
      {question: 'Mine?', source: 'page'},
      {question: 'Yours?', source: 'page'},
    ]);
    expect(chooseStarterQuestions({page: [], layers: [data, atlas], locale: 'en'})).to.deep.equal([]);
    // Only non-empty strings count; at most four.
    expect(questions(chooseStarterQuestions({page: ['a', 3, null, '', ' ', 'b', 'c', 'd', 'e'], layers: [], locale: 'en'}))).to.deep.equal(['a', 'b', 'c', 'd']);
  });

  it('never offers the same question twice (case and spacing aside)', () => {
    const twin = server('twin', [both('t1', 'data  ONE?', 'x'), both('t2', 'Twin two?', 'y')]);
    // The twin's first is Data's first again: left out, its turn goes by.
    expect(questions(chooseStarterQuestions({layers: [data, twin], locale: 'en'}))).to.deep.equal(['Data one?', 'Data two?', 'Twin two?', 'Data three?']);
    expect(questions(chooseStarterQuestions({page: ['Same?', 'same?', 'Other?'], layers: [], locale: 'en'}))).to.deep.equal(['Same?', 'Other?']);
  });

  it('asks in the page’s language: the exact tag, then its primary language, then the same language elsewhere, then the element’s own language, then the server’s default', () => {
    const regional = {en: 'Hello?', fr: 'Bonjour ?', 'fr-CA': 'Allô ?'};
    expect(questionIn(regional, 'fr-CA')).to.equal('Allô ?');
    expect(questionIn(regional, 'fr-BE')).to.equal('Bonjour ?');
    expect(questionIn(regional, 'FR')).to.equal('Bonjour ?');
    expect(questionIn({'fr-CA': 'Allô ?'}, 'fr')).to.equal('Allô ?');
    // A German page: the element speaks English there, so English comes before the server's default.
    expect(questionIn({en: 'Hello?', und: 'Default?', fr: 'Bonjour ?'}, 'de')).to.equal('Hello?');
    expect(questionIn({'en-GB': 'Hello, mate?', fr: 'Bonjour ?'}, 'ja')).to.equal('Hello, mate?');
    expect(questionIn({fr: 'Bonjour ?', und: 'Default?'}, 'de')).to.equal('Default?');
    expect(questionIn({fr: 'Bonjour ?'}, 'de'), 'never a language that is neither the page’s nor the element’s').to.equal(undefined);
    expect(questions(chooseStarterQuestions({layers: [data, atlas], locale: 'de'}))).to.deep.equal(['Data one?', 'Atlas one?', 'Data two?', 'Atlas two?']);
    expect(questions(chooseStarterQuestions({layers: [data, atlas], locale: 'fr'}))).to.deep.equal(['Données un ?', 'Atlas un ?', 'Données deux ?', 'Atlas deux ?']);
    expect(questions(chooseStarterQuestions({layers: [data, atlas], locale: 'fr-CA'}))).to.deep.equal(['Données un ?', 'Atlas un ?', 'Données deux ?', 'Atlas deux ?']);
    // A recipe without a question in the language is passed over while others have one.
    const partly = server('partly', [{name: 'p1', title: 'Only English', questions: {en: 'English only?'}}, both('p2', 'Both?', 'Les deux ?')]);
    expect(questions(chooseStarterQuestions({layers: [partly], locale: 'fr'}))).to.deep.equal(['Les deux ?']);
  });

  it('falls back to the recipes’ titles, as written, only when no recipe of any server has a question for the page, and only on a page in the element’s own language', () => {
    const titled = server('titled', [{name: 't1', title: 'Map of the airports'}, {name: 't2', description: 'No title: left out.'}, {name: 't3', title: 'Weather dashboard'}]);
    const frenchOnly = server('french', [{name: 'f1', title: 'Carte', questions: {fr: 'Une carte ?'}}, {name: 'f2', title: 'Météo'}]);
    expect(chooseStarterQuestions({layers: [titled, frenchOnly], locale: 'en-GB'})).to.deep.equal([
      {question: 'Map of the airports', source: 'recipe', server: 'titled', recipe: 't1'},
      {question: 'Carte', source: 'recipe', server: 'french', recipe: 'f1'},
      {question: 'Weather dashboard', source: 'recipe', server: 'titled', recipe: 't3'},
      {question: 'Météo', source: 'recipe', server: 'french', recipe: 'f2'},
    ]);
    // One question for the page anywhere: no title is offered.
    expect(questions(chooseStarterQuestions({layers: [titled, frenchOnly], locale: 'fr'}))).to.deep.equal(['Une carte ?']);
    expect(questions(chooseStarterQuestions({layers: [titled, data], locale: 'en'}))).to.deep.equal(['Data one?', 'Data two?', 'Data three?', 'Data four?']);
    // A Japanese or German page, where the element speaks English: a title may be in any language, so none is offered.
    expect(chooseStarterQuestions({layers: [titled, frenchOnly], locale: 'ja'})).to.deep.equal([]);
    expect(chooseStarterQuestions({layers: [titled], locale: 'de-AT'})).to.deep.equal([]);
  });

  it('reads only MCP layers, and offers nothing without recipes', () => {
    const page = {protocol: 'webmcp', serverName: 'autoui', tools: [], recipes: [{name: 'stat', title: 'A stat'}]} as unknown as ToolLayer;
    expect(chooseStarterQuestions({layers: [page], locale: 'en'})).to.deep.equal([]);
    expect(chooseStarterQuestions({layers: [server('empty', []), {protocol: 'mcp', serverName: 'none', tools: []}], locale: 'en'})).to.deep.equal([]);
  });
});
