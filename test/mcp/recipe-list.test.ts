/**
 * Reading a server's recipe list: the names and descriptions the prompt lists (unchanged), and the
 * titles and starter questions the element offers people, which are untrusted server text in odd
 * shapes. Then the same through real connections to the demo servers.
 */
import {expect} from '@open-wc/testing';
import {parseRecipeList} from '../../src/mcp/recipe-list.js';
import {MAX_RECIPE_TEXT, recipeQuestions, recipeText} from '../../src/mcp/recipe-questions.js';
import {closeAll, connect} from './mcp-test-kit.js';

describe('parseRecipeList: titles and questions', () => {
  it('keeps the title apart, and the description still falls back to the title as it is', () => {
    expect(parseRecipeList([{name: 'a', title: 'Title A', description: 'Does A.'}, {name: 'b', title: '  Title\nB  '}])).to.deep.equal([
      {name: 'a', description: 'Does A.', title: 'Title A'},
      // The description is what the model reads: the raw title, as before; the title is cleaned.
      {name: 'b', description: '  Title\nB  ', title: 'Title B'},
    ]);
  });

  it('reads questions by language, and a question in no stated language as the server default (und)', () => {
    const [recipe] = parseRecipeList({recipes: [{name: 'w', questions: {en: 'How warm was Seattle in 2015?', fr: 'Quelle chaleur à Seattle en 2015\u00a0?', 'FR-ca': 'Il faisait chaud?'}, question: 'Default one?'}]})!;
    expect(recipe!.questions).to.deep.equal({
      en: 'How warm was Seattle in 2015?',
      // The no-break space French puts before "?" stays.
      fr: 'Quelle chaleur à Seattle en 2015\u00a0?',
      // Tags are written the canonical way.
      'fr-CA': 'Il faisait chaud?',
      und: 'Default one?',
    });
    expect(parseRecipeList([{name: 'q', question: 'Only this?'}])![0]!.questions).to.deep.equal({und: 'Only this?'});
    expect(parseRecipeList([{name: 'q', questions: 'A lone string?'}])![0]!.questions).to.deep.equal({und: 'A lone string?'});
    // `question` as an object is read like `questions`.
    expect(parseRecipeList([{name: 'q', question: {en: 'Why?'}}])![0]!.questions).to.deep.equal({en: 'Why?'});
  });

  it('leaves out what is not a short string in a language tag, and keeps a recipe without any', () => {
    const long = 'x'.repeat(MAX_RECIPE_TEXT + 1);
    const recipes = parseRecipeList([
      {
        name: 'odd',
        title: 42,
        questions: {en: ['not', 'a', 'string'], fr: {nested: 'no'}, de: '   ', 'not a tag!': 'Hidden?', es: long, it: null, pt: 'Bom dia?'},
        question: 7,
      },
      {name: 'none', title: long, questions: ['array', 'of', 'strings']},
      {name: 'plain'},
    ])!;
    expect(recipes).to.deep.equal([{name: 'odd', description: undefined, questions: {pt: 'Bom dia?'}}, {name: 'none', description: long}, {name: 'plain', description: undefined}]);
  });

  it('strips control and invisible characters that would hide or reorder the text', () => {
    // U+202E (right-to-left override) would show the rest backwards; U+200B is invisible; BEL and ESC are controls.
    expect(recipeText('Show\u202E the\u200B map\u0007\u001b[31m now?')).to.equal('Show the map [31m now?');
    expect(recipeText('One\u2028line\r\n\ttwo')).to.equal('One line two');
    expect(recipeText('\u200B\u200E')).to.equal(undefined);
    expect(recipeText(`${'a'.repeat(MAX_RECIPE_TEXT)}`)).to.have.length(MAX_RECIPE_TEXT);
    expect(recipeText('a'.repeat(MAX_RECIPE_TEXT + 1)), 'too long: left out, never cut').to.equal(undefined);
  });

  it('keeps at most 20 languages, and ignores keys from the prototype', () => {
    const many = Object.fromEntries(['aa', 'ab', 'af', 'ak', 'am', 'an', 'ar', 'as', 'av', 'ay', 'az', 'ba', 'be', 'bg', 'bi', 'bm', 'bn', 'bo', 'br', 'bs', 'ca', 'ce'].map((tag) => [tag, `In ${tag}?`]));
    expect(Object.keys(recipeQuestions({questions: many})!)).to.have.length(20);
    const hostile = JSON.parse('{"__proto__": "polluted?", "constructor": "no?", "en": "Yes?"}') as Record<string, unknown>;
    expect(recipeQuestions({questions: hostile})).to.deep.equal({en: 'Yes?'});
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });
});

describe('recipes with questions, from the demo servers', () => {
  afterEach(closeAll);

  it('Data: the layer carries the recipes’ titles and their English and French questions after connecting', async () => {
    const {layer} = await connect('demo-data');
    const weather = layer.recipes!.find((r) => r.name === 'seattle-weather-dashboard')!;
    expect(weather).to.deep.equal({
      name: 'seattle-weather-dashboard',
      description: 'Key figures of a year of Seattle weather as stat cards, plus monthly temperatures as a line chart.',
      title: 'Seattle weather dashboard',
      questions: {en: 'Show me a dashboard of the weather in Seattle in 2015.', fr: 'Montrez-moi un tableau de bord de la météo à Seattle en 2015.'},
    });
    // A recipe that is no good starter has a title and no question.
    const scatter = layer.recipes!.find((r) => r.name === 'cars-scatter')!;
    expect(scatter.title).to.equal('Cars, power against fuel economy');
    expect(scatter.questions).to.equal(undefined);
  });

  it('Atlas (recipes under other tool names): the same through browse_skills', async () => {
    const {layer} = await connect('demo-atlas');
    expect(layer.recipes!.find((r) => r.name === 'largest-cities-map')!.questions).to.deep.equal({
      en: 'Show the largest cities of Japan on a map.',
      fr: 'Montrez les plus grandes villes du Japon sur une carte.',
    });
  });
});
