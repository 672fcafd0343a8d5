/**
 * The logic of elicitation forms (src/mcp/elicitation-schema.ts, src/element/prompts/elicitation-content.ts): MCP's
 * flat schema subset read into fields, shapes outside it refused, what a person typed turned into
 * typed content, and the messages a person reads when something must change, in both languages.
 */
import {expect} from '@open-wc/testing';
import {initialValue, readContent} from '../../src/element/prompts/elicitation-content.js';
import type {ElicitationForm} from '../../src/mcp/elicitation-form.js';
import {readElicitationSchema, MAX_FIELDS} from '../../src/mcp/elicitation-schema.js';
import {STRINGS as ELEMENT_STRINGS} from '../../src/element/common/strings.js';
import {promptStringsFor} from '../../src/element/prompts/prompt-strings.js';

const STRINGS = {en: promptStringsFor(ELEMENT_STRINGS.en), fr: promptStringsFor(ELEMENT_STRINGS.fr)};

const en = STRINGS.en;
const fr = STRINGS.fr;

/** A schema with every kind MCP allows. */
const everyKind = {
  type: 'object',
  properties: {
    name: {type: 'string', title: 'Your name', description: 'As on your badge', minLength: 2, maxLength: 20, default: 'Ada'},
    email: {type: 'string', format: 'email'},
    site: {type: 'string', format: 'uri'},
    birthday: {type: 'string', format: 'date'},
    meeting: {type: 'string', format: 'date-time'},
    age: {type: 'integer', minimum: 0, maximum: 150},
    ratio: {type: 'number', minimum: 0, maximum: 1, default: 0.5},
    subscribe: {type: 'boolean', title: 'Subscribe', default: true},
    size: {type: 'string', enum: ['s', 'm', 'l'], enumNames: ['Small', 'Medium', 'Large']},
    color: {type: 'string', oneOf: [{const: '#f00', title: 'Red'}, {const: '#00f', title: 'Blue'}], default: '#00f'},
    plain: {type: 'string', enum: ['a', 'b']},
    toppings: {type: 'array', items: {type: 'string', enum: ['ham', 'egg', 'cheese']}, minItems: 1, maxItems: 2, default: ['egg']},
    days: {type: 'array', items: {anyOf: [{const: 'mon', title: 'Monday'}, {const: 'tue', title: 'Tuesday'}]}},
  },
  required: ['name', 'age', 'size'],
};

function formOf(schema: unknown): Extract<ElicitationForm, {ok: true}> {
  const form = readElicitationSchema(schema);
  if (!form.ok) throw new Error(`refused: ${form.refusal.message}`);
  return form;
}

describe('elicitation forms: the schema subset', () => {
  it('reads every kind MCP allows into fields, in the server\'s order, with labels, help, constraints and defaults', () => {
    const form = formOf(everyKind);
    expect(form.fields.map((f) => [f.key, f.kind, f.required])).to.deep.equal([
      ['name', 'text', true],
      ['email', 'text', false],
      ['site', 'text', false],
      ['birthday', 'text', false],
      ['meeting', 'text', false],
      ['age', 'number', true],
      ['ratio', 'number', false],
      ['subscribe', 'boolean', false],
      ['size', 'select', true],
      ['color', 'select', false],
      ['plain', 'select', false],
      ['toppings', 'multiselect', false],
      ['days', 'multiselect', false],
    ]);
    const [name, email, , , meeting, age, ratio, subscribe, size, color, plain, toppings, days] = form.fields;
    expect(name).to.deep.include({label: 'Your name', help: 'As on your badge', default: 'Ada', constraints: {minLength: 2, maxLength: 20}});
    expect(email).to.deep.include({label: 'email', constraints: {format: 'email'}});
    expect(meeting.constraints).to.deep.equal({format: 'date-time'});
    expect(age.constraints).to.deep.equal({integer: true, minimum: 0, maximum: 150});
    expect(ratio).to.deep.include({default: 0.5, constraints: {integer: false, minimum: 0, maximum: 1}});
    expect(subscribe).to.deep.include({label: 'Subscribe', default: true});
    expect(size).to.deep.include({options: [{value: 's', label: 'Small'}, {value: 'm', label: 'Medium'}, {value: 'l', label: 'Large'}]});
    expect(color).to.deep.include({default: '#00f', options: [{value: '#f00', label: 'Red'}, {value: '#00f', label: 'Blue'}]});
    expect(plain).to.deep.include({options: [{value: 'a', label: 'a'}, {value: 'b', label: 'b'}]});
    expect(toppings).to.deep.include({default: ['egg'], constraints: {minItems: 1, maxItems: 2}});
    expect(days).to.deep.include({options: [{value: 'mon', label: 'Monday'}, {value: 'tue', label: 'Tuesday'}]});
  });

  it('gives the view each field\'s starting value: defaults, else empty', () => {
    const form = formOf(everyKind);
    const start = Object.fromEntries(form.fields.map((f) => [f.key, initialValue(f)]));
    expect(start).to.deep.include({name: 'Ada', email: '', age: '', ratio: '0.5', subscribe: true, size: '', color: '#00f', toppings: ['egg'], days: []});
    const when = formOf({type: 'object', properties: {at: {type: 'string', format: 'date-time', default: '2024-05-01T10:30:00Z'}}});
    const local = initialValue(when.fields[0]) as string;
    expect(local).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(new Date(local).toISOString()).to.equal('2024-05-01T10:30:00.000Z');
  });

  it('drops a default that does not fit its field (not an option, a fraction for an integer, the wrong type)', () => {
    const form = formOf({
      type: 'object',
      properties: {
        size: {type: 'string', enum: ['s', 'm'], default: 'xl'},
        count: {type: 'integer', default: 2.5},
        flag: {type: 'boolean', default: 'yes'},
        tags: {type: 'array', items: {enum: ['a']}, default: ['a', 'z']},
      },
    });
    expect(form.fields.map((f) => f.default)).to.deep.equal([undefined, undefined, undefined, undefined]);
  });

  it('an empty form is a form (the message alone, with Submit)', () => {
    expect(formOf({type: 'object', properties: {}}).fields).to.deep.equal([]);
    expect(formOf({type: 'object'}).fields).to.deep.equal([]);
  });

  it('tolerates keywords that only annotate or narrow a primitive', () => {
    const form = formOf({type: 'object', $schema: 'https://json-schema.org/draft/2020-12/schema', properties: {code: {type: 'string', pattern: '^[A-Z]{3}$', examples: ['ABC'], $comment: 'x'}}});
    expect(form.fields[0].kind).to.equal('text');
  });
});

describe('elicitation forms: refusals', () => {
  const refusal = (schema: unknown) => {
    const form = readElicitationSchema(schema);
    if (form.ok) throw new Error('accepted');
    return form.refusal;
  };

  it('refuses what is not a flat object schema', () => {
    for (const schema of [undefined, null, 'x', [], {type: 'string'}, {type: 'object', properties: []}, {type: 'object', oneOf: []}]) {
      expect(refusal(schema).reason, JSON.stringify(schema)).to.be.oneOf(['not-an-object', 'unsupported-keyword']);
    }
  });

  it('refuses nesting, other types, type lists and shape keywords, naming the field', () => {
    const cases: Array<[unknown, string]> = [
      [{type: 'object', properties: {}}, 'unsupported-type'],
      [{type: 'null'}, 'unsupported-type'],
      [{description: 'no type'}, 'unsupported-type'],
      [{type: ['string', 'null']}, 'unsupported-keyword'],
      [{type: 'string', $ref: '#/x'}, 'unsupported-keyword'],
      [{type: 'string', anyOf: [{type: 'string'}]}, 'unsupported-keyword'],
      [{type: 'string', const: 'x'}, 'unsupported-keyword'],
      [{type: 'array', items: {type: 'number'}}, 'unsupported-type'],
      [{type: 'array', items: {type: 'string'}}, 'bad-options'],
      [{type: 'array'}, 'unsupported-type'],
      [{type: 'string', enum: []}, 'bad-options'],
      [{type: 'string', enum: [1, 2]}, 'bad-options'],
      [{type: 'string', oneOf: [{const: 1, title: 'one'}]}, 'bad-options'],
      [{type: 'integer', enum: [1, 2]}, 'unsupported-keyword'],
      ['not a schema', 'unsupported-type'],
    ];
    for (const [property, reason] of cases) {
      const r = refusal({type: 'object', properties: {field: property}});
      expect(r.reason, JSON.stringify(property)).to.equal(reason);
      expect(r.key).to.equal('field');
      expect(r.message).to.contain('"field"');
    }
  });

  it('refuses a `required` that names no property (nobody could ever submit it), and too many fields', () => {
    expect(refusal({type: 'object', properties: {a: {type: 'string'}}, required: ['b']})).to.deep.include({reason: 'unknown-required', key: 'b'});
    const many = Object.fromEntries(Array.from({length: MAX_FIELDS + 1}, (_, i) => [`f${i}`, {type: 'string'}]));
    expect(refusal({type: 'object', properties: many})).to.deep.include({reason: 'too-large', over: {what: 'fields', count: MAX_FIELDS + 1, limit: MAX_FIELDS}});
  });
});

describe('elicitation forms: content and messages', () => {
  const form = formOf(everyKind);
  const valid = {name: 'Ada', age: '36', size: 'm', subscribe: false, toppings: [] as string[], days: [] as string[]};

  it('converts what was typed to typed content and leaves empty optional fields out', () => {
    const result = readContent(form, {...valid, ratio: '0,25', color: '#f00', toppings: ['cheese', 'ham'], email: '  ada@example.org ', meeting: '2024-05-01T10:30'}, en);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.content).to.deep.equal({
      name: 'Ada',
      email: 'ada@example.org',
      meeting: new Date('2024-05-01T10:30').toISOString(),
      age: 36,
      ratio: 0.25,
      subscribe: false,
      size: 'm',
      color: '#f00',
      toppings: ['cheese', 'ham'],
    });
  });

  it('gives each failing field a message saying what to change', () => {
    const result = readContent(
      form,
      {name: 'A', email: 'not mail', site: 'example', birthday: '2024-13-45', age: '12.5', ratio: '2', size: 'xl', toppings: ['ham', 'egg', 'cheese']},
      en,
    );
    if (result.ok) throw new Error('accepted');
    expect(result.errors).to.deep.equal({
      name: 'Enter at least 2 characters.',
      email: 'Enter an email address, like name@example.org.',
      site: 'Enter a full address, starting with https://.',
      birthday: 'Enter a date.',
      age: 'Enter a whole number, like 12.',
      ratio: 'Enter 1 or less.',
      size: 'Choose one of the options.',
      toppings: 'Choose at most 2.',
    });
  });

  it('says so when a required answer is missing, a number is not one, or a bound is crossed', () => {
    const missing = readContent(form, {subscribe: false}, en);
    if (missing.ok) throw new Error('accepted');
    expect(missing.errors).to.deep.equal({name: 'This answer is required.', age: 'This answer is required.', size: 'This answer is required.'});
    const wrong = readContent(form, {...valid, age: 'abc', ratio: '1,000.5', name: 'x'.repeat(21)}, en);
    if (wrong.ok) throw new Error('accepted');
    expect(wrong.errors).to.deep.equal({age: 'Enter a whole number, like 12.', ratio: 'Enter a number, like 12 or 3.5.', name: 'Enter at most 20 characters.'});
    const low = readContent(form, {...valid, age: '-1'}, en);
    expect(low.ok ? {} : low.errors).to.deep.equal({age: 'Enter 0 or more.'});
    const few = readContent(formOf({type: 'object', properties: {t: {type: 'array', items: {enum: ['a', 'b']}, minItems: 2}}, required: ['t']}), {t: ['a']}, en);
    expect(few.ok ? {} : few.errors).to.deep.equal({t: 'Choose at least 2.'});
  });

  it('speaks French to a French page', () => {
    const result = readContent(form, {name: 'Ada', age: '1,5', size: ''}, fr);
    if (result.ok) throw new Error('accepted');
    expect(result.errors).to.deep.equal({age: 'Saisissez un nombre entier, comme 12.', size: 'Cette réponse est obligatoire.'});
  });

  it('a constraint the form does not draw (a pattern) is still enforced, in the validator\'s words', () => {
    const code = formOf({type: 'object', properties: {code: {type: 'string', pattern: '^[A-Z]{3}$'}}});
    const result = readContent(code, {code: 'abc'}, en);
    if (result.ok) throw new Error('accepted');
    expect(result.errors.code).to.match(/^This answer is not accepted \(.+\)\.$/);
    expect(readContent(code, {code: 'ABC'}, en)).to.deep.equal({ok: true, content: {code: 'ABC'}});
  });

  it('ignores values for fields the form does not have, and options the field does not offer', () => {
    const result = readContent(form, {...valid, extra: 'x', toppings: ['ham', 'caviar']}, en);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.content).to.not.have.property('extra');
    expect(result.content.toppings).to.deep.equal(['ham']);
  });
});
