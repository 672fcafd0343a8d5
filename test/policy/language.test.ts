import {expect} from '@open-wc/testing';
import {DEFAULT_LANGUAGE, pickTexts, resolveLanguage, uiLanguage} from '../../src/policy/language.js';

describe('the language rule', () => {
  it('gives French for fr tags, English for en tags and for anything else (a language it has no texts for, or none)', () => {
    expect(['fr', 'fr-CA', 'FR-be', ' fr '].map(uiLanguage)).to.deep.equal(['fr', 'fr', 'fr', 'fr']);
    expect(['en', 'en-GB', 'de', 'es', 'ja', 'ar', '', undefined, null].map(uiLanguage)).to.deep.equal(['en', 'en', 'en', 'en', 'en', 'en', 'en', 'en', 'en']);
    expect(DEFAULT_LANGUAGE).to.equal('en');
  });

  it('keeps the tag itself for Intl when it is a valid BCP 47 tag, else the texts\' language', () => {
    expect(resolveLanguage('de')).to.deep.equal({language: 'en', locale: 'de'});
    expect(resolveLanguage('fr-ca')).to.deep.equal({language: 'fr', locale: 'fr-CA'});
    expect(resolveLanguage('en-GB')).to.deep.equal({language: 'en', locale: 'en-GB'});
    expect(resolveLanguage('english!')).to.deep.equal({language: 'en', locale: 'en'});
    expect(resolveLanguage('français!')).to.deep.equal({language: 'fr', locale: 'fr'});
    expect(resolveLanguage('??')).to.deep.equal({language: 'en', locale: 'en'});
  });

  it('takes the first tag given (the element\'s, then the page\'s)', () => {
    expect(resolveLanguage(null, 'en-US')).to.deep.equal({language: 'en', locale: 'en-US'});
    expect(resolveLanguage('', 'de')).to.deep.equal({language: 'en', locale: 'de'});
    expect(resolveLanguage('ar', 'fr')).to.deep.equal({language: 'en', locale: 'ar'});
    expect(resolveLanguage(null, 'fr-CA')).to.deep.equal({language: 'fr', locale: 'fr-CA'});
    expect(resolveLanguage()).to.deep.equal({language: 'en', locale: 'en'});
  });

  it('picks the texts of a language', () => {
    expect(pickTexts('en', {fr: 'Fermer', en: 'Close'})).to.equal('Close');
  });
});
