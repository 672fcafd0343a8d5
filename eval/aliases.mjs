/**
 * Other names a correct answer may give the truth's values, so a French answer that writes
 * "Japon", "Californie" or "pluie" is read as showing Japan, CA and rain: country names from the
 * Atlas server's own data (English, official, French, usual other spellings), US state codes
 * with their English and French names, and the few category words of the Data server's tables
 * and the Atlas regions. Built by the runner for each question and kept in its results, so the
 * scorers (and their tests) need no data of their own.
 */
import {loadAtlas} from '../demo/servers/data/atlas-data.mjs';
import {fold} from './score/text-match.mjs';

const STATES = {
  AL: ['Alabama'], AK: ['Alaska'], AZ: ['Arizona'], AR: ['Arkansas'], CA: ['California', 'Californie'], CO: ['Colorado'],
  CT: ['Connecticut'], DE: ['Delaware'], DC: ['District of Columbia', 'Washington DC'], FL: ['Florida', 'Floride'], GA: ['Georgia', 'Géorgie'],
  HI: ['Hawaii', 'Hawaï'], ID: ['Idaho'], IL: ['Illinois'], IN: ['Indiana'], IA: ['Iowa'], KS: ['Kansas'], KY: ['Kentucky'],
  LA: ['Louisiana', 'Louisiane'], ME: ['Maine'], MD: ['Maryland'], MA: ['Massachusetts'], MI: ['Michigan'], MN: ['Minnesota'],
  MS: ['Mississippi'], MO: ['Missouri'], MT: ['Montana'], NE: ['Nebraska'], NV: ['Nevada'], NH: ['New Hampshire'], NJ: ['New Jersey'],
  NM: ['New Mexico', 'Nouveau-Mexique'], NY: ['New York', 'État de New York'], NC: ['North Carolina', 'Caroline du Nord'],
  ND: ['North Dakota', 'Dakota du Nord'], OH: ['Ohio'], OK: ['Oklahoma'], OR: ['Oregon'], PA: ['Pennsylvania', 'Pennsylvanie'],
  RI: ['Rhode Island'], SC: ['South Carolina', 'Caroline du Sud'], SD: ['South Dakota', 'Dakota du Sud'], TN: ['Tennessee'], TX: ['Texas'],
  UT: ['Utah'], VT: ['Vermont'], VA: ['Virginia', 'Virginie'], WA: ['Washington'], WV: ['West Virginia', 'Virginie-Occidentale'],
  WI: ['Wisconsin'], WY: ['Wyoming'], PR: ['Puerto Rico', 'Porto Rico'], GU: ['Guam'], VI: ['Virgin Islands', 'Îles Vierges'],
  AS: ['American Samoa', 'Samoa américaines'], MP: ['Northern Mariana Islands', 'Îles Mariannes du Nord'],
};

const WORDS = [
  ['sun', 'sunny', 'soleil', 'ensoleillé'], ['rain', 'rainy', 'pluie', 'pluvieux'], ['drizzle', 'bruine'], ['snow', 'neige'], ['fog', 'foggy', 'brouillard'],
  ['USA', 'US', 'United States', 'États-Unis', 'American', 'américaine', 'américaines'], ['Europe', 'European', 'européenne', 'européennes'],
  ['Japan', 'Japanese', 'Japon', 'japonaise', 'japonaises'], ['male', 'men', 'hommes', 'masculin'], ['female', 'women', 'femmes', 'féminin'],
  ['Africa', 'Afrique'], ['Americas', 'Amériques'], ['Asia', 'Asie'], ['Oceania', 'Océanie'], ['Antarctic', 'Antarctique'],
  ['Eastern Africa', 'Afrique de l’Est', 'East Africa'], ['Western Africa', 'Afrique de l’Ouest', 'West Africa'], ['Northern Africa', 'Afrique du Nord', 'North Africa'],
  ['Middle Africa', 'Afrique centrale', 'Central Africa'], ['Southern Africa', 'Afrique australe'], ['South America', 'Amérique du Sud'],
  ['North America', 'Amérique du Nord'], ['Central America', 'Amérique centrale'], ['Caribbean', 'Caraïbes'], ['Eastern Asia', 'Asie de l’Est', 'East Asia'],
  ['South-Eastern Asia', 'Asie du Sud-Est', 'Southeast Asia'], ['Southern Asia', 'Asie du Sud', 'South Asia'], ['Western Asia', 'Asie de l’Ouest', 'West Asia'],
  ['Central Asia', 'Asie centrale'], ['Northern Europe', 'Europe du Nord'], ['Western Europe', 'Europe de l’Ouest'], ['Southern Europe', 'Europe du Sud'],
  ['Eastern Europe', 'Europe de l’Est'], ['Central Europe', 'Europe centrale'], ['Southeast Europe', 'Europe du Sud-Est'],
  ['Australia and New Zealand', 'Australie et Nouvelle-Zélande'], ['Melanesia', 'Mélanésie'], ['Micronesia', 'Micronésie'], ['Polynesia', 'Polynésie'],
];

/** Folded name → the folded names of the same thing. */
const BOOK = new Map();
const addGroup = (names) => {
  const folded = [...new Set(names.map(fold))];
  for (const n of folded) BOOK.set(n, [...new Set([...(BOOK.get(n) ?? []), ...folded.filter((x) => x !== n)])]);
};
for (const [code, names] of Object.entries(STATES)) addGroup([code, ...names]);
for (const group of WORDS) addGroup(group);

/**
 * The aliases of every string value of a question's truth.
 * @param {import('./score/truth.mjs').Truth} truth
 * @returns {import('./score/text-match.mjs').Aliases}
 */
export function aliasesOf(truth) {
  const atlas = loadAtlas();
  const aliases = {};
  for (const rows of Object.values(truth))
    for (const row of rows)
      for (const value of Object.values(row)) {
        if (typeof value !== 'string') continue;
        const key = fold(value);
        if (!key || aliases[key]) continue;
        // Codes are not looked up as countries: the state "CA" is not Canada.
        const country = key.length > 3 ? atlas.countries.find((c) => c.names.includes(key)) : undefined;
        // Two-letter codes are left out: "IN" or "IT" would be found in any sentence.
        const names = [...(country?.names ?? []), ...(BOOK.get(key) ?? [])].filter((n) => n !== key && n.length > 2);
        if (names.length) aliases[key] = [...new Set(names)];
      }
  return aliases;
}
