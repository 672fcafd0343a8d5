/**
 * The constrained turns shared by the browser's own model and a local model without tool use
 * (src/providers/constrained/): the schema an answer must match, and what the prompt says of tools.
 */
import {expect} from '@open-wc/testing';
import {Validator} from '@cfworker/json-schema';
import {closedObjects, toolInstructions, turnConstraint} from '../../src/providers/constrained/turn-constraint.js';
import {inlineLocalRefs} from '../../src/schema/inline-refs.js';

const QUERY = {name: 'data_mcp_query', description: 'Runs SQL on the data. Read-only: one SELECT.', input_schema: {type: 'object', properties: {sql: {type: 'string'}, limit: {type: 'integer'}}, required: ['sql']}};
const valid = (schema: object, value: unknown) => new Validator(schema as never, '2020-12', false).validate(value).valid;

describe('constrained turns', () => {
  it('an answer is words or one call; with toolChoice required, only a call', () => {
    const free = turnConstraint([QUERY]);
    const held = turnConstraint([QUERY], 'required');
    const answer = {answer: 'Twelve.'};
    const callOf = {tool: 'data_mcp_query', arguments: {sql: 'select 1'}};
    expect([valid(free, answer), valid(free, callOf)]).to.deep.equal([true, true]);
    expect([valid(held, answer), valid(held, callOf)]).to.deep.equal([false, true]);
  });

  it('a call may not invent arguments: objects that name their properties are closed', () => {
    const held = turnConstraint([QUERY], 'required');
    expect(valid(held, {tool: 'data_mcp_query', arguments: {sql: 'select 1', invented: 'x'.repeat(50)}})).to.equal(false);
    // An object that names no property stays open (a widget's free-form params).
    expect(closedObjects({type: 'object', properties: {params: {type: 'object'}}})).to.deep.equal({type: 'object', properties: {params: {type: 'object'}}, additionalProperties: false});
    // Enum values and defaults are data, never rewritten.
    expect(closedObjects({type: 'object', properties: {mode: {enum: [{properties: 1}]}}}).properties).to.deep.equal({mode: {enum: [{properties: 1}]}});
  });

  it('a call cannot run away: strings and lists without a bound get one, and those with a bound or a fixed set keep theirs', () => {
    const held = turnConstraint([QUERY], 'required');
    expect(valid(held, {tool: 'data_mcp_query', arguments: {sql: 'select 1'}})).to.equal(true);
    expect(valid(held, {tool: 'data_mcp_query', arguments: {sql: 'select 1 '.repeat(100)}}), 'a 900-character argument').to.equal(false);
    const bounded = closedObjects({
      type: 'object',
      properties: {
        ids: {type: 'array', items: {type: 'string'}},
        short: {type: 'string', maxLength: 20},
        kind: {type: 'string', enum: ['a', 'b']},
        rows: {type: 'array', maxItems: 3},
      },
    });
    expect(bounded.properties).to.deep.equal({
      ids: {type: 'array', items: {type: 'string', maxLength: 500}, maxItems: 100},
      short: {type: 'string', maxLength: 20},
      kind: {type: 'string', enum: ['a', 'b']},
      rows: {type: 'array', maxItems: 3},
    });
  });

  it('the prompt lists each tool on one line: its signature and the first sentence of its description', () => {
    const text = toolInstructions([QUERY, {name: 'autoui_webmcp_widget_display', description: 'Show a widget.', input_schema: {anyOf: [{type: 'object', properties: {name: {enum: ['stat']}, params: {type: 'object'}}, required: ['name', 'params']}, {type: 'object', properties: {name: {enum: ['chart']}, params: {type: 'object'}}, required: ['name', 'params']}]}}]);
    expect(text).to.include('- data_mcp_query(sql: string, limit?: integer): Runs SQL on the data.\n');
    expect(text).to.include('- autoui_webmcp_widget_display(name: "stat"|"chart", params: object): Show a widget.');
    expect(text).to.not.include('Read-only');
  });

  it('a schema placed inside another keeps its meaning: its own $defs are inlined', () => {
    const inlined = inlineLocalRefs({type: 'object', properties: {center: {$ref: '#/$defs/point', description: 'Centre'}}, $defs: {point: {type: 'object', properties: {lat: {$ref: '#/$defs/lat'}}}, lat: {type: 'number', minimum: -90}}});
    expect(inlined).to.deep.equal({type: 'object', properties: {center: {type: 'object', properties: {lat: {type: 'number', minimum: -90}}, description: 'Centre'}}});
  });
});
