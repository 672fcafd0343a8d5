import {expect} from '@open-wc/testing';
import {pickTexts, resolveLanguage, uiLanguage} from '../../src/policy/language.js';

describe('the language rule', () => {
  it('gives English for en tags, French for fr tags and for anything else', () => {
    expect(['en', 'en-GB', 'EN-us', ' en '].map(uiLanguage)).to.deep.equal(['en', 'en', 'en', 'en']);
    expect(['fr', 'fr-CA', 'de', 'ar', '', undefined, null].map(uiLanguage)).to.deep.equal(['fr', 'fr', 'fr', 'fr', 'fr', 'fr', 'fr']);
  });

  it('keeps the tag itself for Intl when it is a valid BCP 47 tag, else the texts\' language', () => {
    expect(resolveLanguage('de')).to.deep.equal({language: 'fr', locale: 'de'});
    expect(resolveLanguage('fr-ca')).to.deep.equal({language: 'fr', locale: 'fr-CA'});
    expect(resolveLanguage('en-GB')).to.deep.equal({language: 'en', locale: 'en-GB'});
    expect(resolveLanguage('english!')).to.deep.equal({language: 'en', locale: 'en'});
    expect(resolveLanguage('??')).to.deep.equal({language: 'fr', locale: 'fr'});
  });

  it('takes the first tag given (the element\'s, then the page\'s)', () => {
    expect(resolveLanguage(null, 'en-US')).to.deep.equal({language: 'en', locale: 'en-US'});
    expect(resolveLanguage('', 'de')).to.deep.equal({language: 'fr', locale: 'de'});
    expect(resolveLanguage('ar', 'en')).to.deep.equal({language: 'fr', locale: 'ar'});
    expect(resolveLanguage()).to.deep.equal({language: 'fr', locale: 'fr'});
  });

  it('picks the texts of a language', () => {
    expect(pickTexts('en', {fr: 'Fermer', en: 'Close'})).to.equal('Close');
  });
});
