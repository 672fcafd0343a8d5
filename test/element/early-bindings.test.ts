/**
 * The helpers behind an element defined after the page bound it (src/element/early-bindings.ts):
 * the lowercase spellings of multi-word attributes, and own properties moved to the setters they
 * hide. The elements themselves are tested in late-definition.test.ts.
 */
import {expect} from '@open-wc/testing';
import {attributeOrAlias, lowercaseAlias, lowercaseAliases, takeOverOwnAccessors} from '../../src/element/early-bindings.js';

describe('early bindings', () => {
  it('spells a multi-word attribute as React 19 writes it on an element not yet defined', () => {
    expect(lowercaseAlias('max-iterations')).to.equal('maxiterations');
    expect(lowercaseAlias('allow-browser-key')).to.equal('allowbrowserkey');
    expect([...lowercaseAliases(['model', 'max-iterations', 'client-id'])]).to.deep.equal([
      ['maxiterations', 'max-iterations'],
      ['clientid', 'client-id'],
    ]);
  });

  it('reads the dashed attribute first, else its lowercase spelling', () => {
    const element = document.createElement('div');
    expect(attributeOrAlias(element, 'client-id')).to.equal(null);
    element.setAttribute('clientid', 'lower');
    expect(attributeOrAlias(element, 'client-id')).to.equal('lower');
    element.setAttribute('client-id', 'dashed');
    expect(attributeOrAlias(element, 'client-id')).to.equal('dashed');
  });

  it('moves own properties that hide a setter to it, and leaves data fields and getters alone', () => {
    class Target {
      seen: unknown[] = [];
      set value(value: unknown) {
        this.seen.push(value);
      }
      get value(): unknown {
        return this.seen.at(-1);
      }
      get computed(): number {
        return 1;
      }
    }
    const target = new Target();
    // What a framework leaves on an element before its class is defined: plain own properties.
    for (const [key, value] of [['value', 'early'], ['computed', 2]] as const) Object.defineProperty(target, key, {value, writable: true, enumerable: true, configurable: true});

    takeOverOwnAccessors(target);

    expect(target.seen).to.deep.equal(['early']);
    expect(target.value).to.equal('early');
    expect(Object.keys(target).sort(), 'the getter-only member is left as the page set it').to.deep.equal(['computed', 'seen']);
  });
});
