import {expect} from '@open-wc/testing';
import {sanitizeToolSchema, type SchemaPatch} from '../../src/schema/sanitize.js';
import {flattenSchema, unflattenArgs} from '../../src/schema/flatten.js';
import {createRuntimeValidator, fromStandaloneValidator} from '../../src/schema/validator.js';
import {buildToolsFromLayers} from '../../src/agent/discovery.js';
import {validate as kpiValidate, schema as kpiSchema} from '../generated/kpi.validator.js';
import {dataLayer} from '../helpers/layers.js';

describe('sanitizeToolSchema', () => {
  it('adds additionalProperties: false to objects that declare properties, not to free-form ones', () => {
    const {schema, patches} = sanitizeToolSchema({
      type: 'object',
      properties: {center: {type: 'object', properties: {lat: {type: 'number'}}}, params: {type: 'object'}},
    });
    expect(schema.additionalProperties).to.equal(false);
    const props = schema.properties as Record<string, Record<string, unknown>>;
    expect(props.center.additionalProperties).to.equal(false);
    expect(props.params.additionalProperties).to.equal(undefined);
    expect(patches.filter((p) => p.kind === 'additional-properties-added').map((p) => p.path)).to.deep.equal(['/properties/center', '']);
  });

  it('turns a nullable anyOf into a type list', () => {
    const {schema, patches} = sanitizeToolSchema({type: 'object', properties: {limit: {anyOf: [{type: 'integer'}, {type: 'null'}]}}});
    expect((schema.properties as Record<string, unknown>).limit).to.deep.equal({type: ['integer', 'null']});
    expect(patches.some((p) => p.kind === 'combinator-merged' && p.path === '/properties/limit')).to.equal(true);
  });

  it('merges allOf and object oneOf branches, keeping only what every branch requires', () => {
    const {schema} = sanitizeToolSchema({
      type: 'object',
      allOf: [{properties: {a: {type: 'string'}}, required: ['a']}, {properties: {b: {type: 'number'}}}],
      properties: {
        shape: {
          oneOf: [
            {type: 'object', properties: {kind: {type: 'string'}, r: {type: 'number'}}, required: ['kind', 'r']},
            {type: 'object', properties: {kind: {type: 'string'}, w: {type: 'number'}}, required: ['kind', 'w']},
          ],
        },
      },
    });
    expect(schema).to.not.have.property('allOf');
    expect(Object.keys(schema.properties as object)).to.have.members(['a', 'b', 'shape']);
    expect(schema.required).to.deep.equal(['a']);
    const shape = (schema.properties as Record<string, Record<string, unknown>>).shape;
    expect(shape).to.not.have.property('oneOf');
    expect(Object.keys(shape.properties as object)).to.have.members(['kind', 'r', 'w']);
    expect(shape.required).to.deep.equal(['kind']);
  });

  it('replaces an invalid root and prunes dangling required names', () => {
    expect(sanitizeToolSchema('nope').patches[0].kind).to.equal('invalid-root');
    expect(sanitizeToolSchema({type: 'string'}).schema).to.deep.equal({type: 'object', properties: {}, additionalProperties: false});
    const {schema, patches} = sanitizeToolSchema({type: 'object', properties: {a: {type: 'string'}}, required: ['a', 'ghost']});
    expect(schema.required).to.deep.equal(['a']);
    expect(patches.map((p) => p.kind)).to.include('required-pruned');
  });

  it('leaves out the root $schema (a dialect name, no constraint), and reports no patch for it', () => {
    const input = {$schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: {q: {type: 'string'}}, required: ['q'], additionalProperties: false};
    const {schema, patches} = sanitizeToolSchema(input);
    expect(schema).to.deep.equal({type: 'object', properties: {q: {type: 'string'}}, required: ['q'], additionalProperties: false});
    expect(patches).to.deep.equal([]);
    expect(input.$schema).to.equal('http://json-schema.org/draft-07/schema#');
  });

  it('never mutates the schema it is given', () => {
    const input = {type: 'object', properties: {a: {anyOf: [{type: 'string'}, {type: 'null'}]}}};
    const copy = structuredClone(input);
    sanitizeToolSchema(input);
    expect(input).to.deep.equal(copy);
  });

  it('reports patches through onSchemaPatch when tools are built', () => {
    const seen: Array<[string, SchemaPatch[]]> = [];
    const tools = buildToolsFromLayers([dataLayer('Geo', [{name: 'near', inputSchema: {type: 'object', properties: {q: {oneOf: [{type: 'string'}, {type: 'number'}]}}}}])], {
      onSchemaPatch: (name, patches) => seen.push([name, patches]),
    });
    expect(tools[0].name).to.equal('geo_mcp_near');
    expect(seen.map(([name]) => name)).to.deep.equal(['geo_mcp_near']);
    expect(seen[0][1].map((p) => p.kind)).to.include('combinator-merged');
  });
});

describe('flattening', () => {
  const schema = {
    type: 'object',
    required: ['center', 'zoom'],
    properties: {
      center: {type: 'object', required: ['lat', 'lng'], properties: {lat: {type: 'number'}, lng: {type: 'number'}, label: {type: 'object', properties: {text: {type: 'string'}}, required: ['text']}}},
      zoom: {type: 'integer'},
      tags: {type: 'array', items: {type: 'object', properties: {k: {type: 'string'}}}},
    },
  };

  it('flattens nested objects to center__lat and keeps required where the whole path is required', () => {
    const {schema: flat, paths} = flattenSchema(schema);
    expect(Object.keys(flat.properties as object)).to.deep.equal(['center__lat', 'center__lng', 'center__label__text', 'zoom', 'tags']);
    expect(flat.required).to.deep.equal(['center__lat', 'center__lng', 'zoom']);
    expect(paths.get('center__label__text')).to.deep.equal(['center', 'label', 'text']);
  });

  it('unflattens arguments back to the nested shape', () => {
    const {paths} = flattenSchema(schema);
    expect(unflattenArgs({center__lat: 48.8, center__lng: 2.3, center__label__text: 'Paris', zoom: 5, tags: [{k: 'a'}]}, paths)).to.deep.equal({
      center: {lat: 48.8, lng: 2.3, label: {text: 'Paris'}},
      zoom: 5,
      tags: [{k: 'a'}],
    });
  });
});

describe('validators', () => {
  it('a precompiled (standalone) validator reports paths the model can act on', () => {
    const v = fromStandaloneValidator(kpiValidate, kpiSchema);
    expect(v.validate({label: 'Sales', value: 3})).to.deep.equal({valid: true, data: {label: 'Sales', value: 3}});
    const bad = v.validate({value: 'x', trend: 'sideways', extra: 1});
    expect(bad.valid).to.equal(false);
    if (!bad.valid) {
      const paths = bad.errors.map((e) => e.path);
      expect(paths).to.include.members(['/label', '/value', '/trend', '/extra']);
      expect(bad.errors.find((e) => e.path === '/label')!.message).to.equal('is required');
    }
  });

  it('the run-time validator (no eval) reports the innermost failing value', () => {
    const v = createRuntimeValidator(kpiSchema);
    expect(v.validate({label: 'a', value: 1, points: [{x: 1}]}).valid).to.equal(true);
    const bad = v.validate({label: 'a', value: 1, points: [{x: 'one'}, {}]});
    expect(bad.valid).to.equal(false);
    if (!bad.valid) expect(bad.errors.map((e) => e.path)).to.include.members(['/points/0/x', '/points/1/x']);
  });
});
