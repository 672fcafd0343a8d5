/**
 * Figures: the numbers a canvas shows, and the numbers a run's tool results hold, so that data
 * fidelity can ask whether every figure shown came from the data. A figure read from text keeps
 * how precisely it was written: "12.3" stands for anything that rounds to it (12.25 to 12.35),
 * "1.2 M" for 1,150,000 to 1,250,000, "45 %" for 45 or 0.45. Pure functions: they run in Node
 * (the runner) and in the browser (the scorers' tests).
 */

/**
 * A number as shown, with how far the value behind it may be, and the other values its text can
 * stand for (see {@link figuresInText}).
 * @typedef {{value: number, tolerance: number, percent: boolean, text: string, path: string, alternatives?: number[]}} Figure
 */

const SCALES = {k: 1e3, K: 1e3, thousand: 1e3, mille: 1e3, M: 1e6, million: 1e6, millions: 1e6, B: 1e9, bn: 1e9, billion: 1e9, Md: 1e9, milliard: 1e9, milliards: 1e9};
const SUFFIX = String.raw`(?:\s?(%|k|K|M|Md|B|bn|thousand|mille|millions?|billion|milliards?)(?![\p{L}\p{N}]))?`;
// Not inside a word or a code ("CO2", "A320", "#1f77b4"); a minus only where a sign can stand.
const LEAD = String.raw`(?<![\p{L}\p{N}_#.,])`;
/** English: 1,234,567.89, and the no-break spaces of numbers formatted for French (1 234 567). */
const EN = new RegExp(`${LEAD}([-−](?=\\d))?(\\d{1,3}(?:,\\d{3})+|\\d{1,3}(?:[\\u00a0\\u202f]\\d{3})+|\\d+)(?:(\\.)(\\d+))?${SUFFIX}`, 'gu');
/**
 * French: 1 234 567,89 (space, no-break or narrow no-break space between thousands); a point is
 * read as a decimal too, and so are English thousands (models copy "8,336,599" from the data).
 */
const FR = new RegExp(`${LEAD}([-−](?=\\d))?(\\d{1,3}(?:,\\d{3}){2,}(?![,.]\\d)|\\d{1,3}(?:[ \\u00a0\\u202f]\\d{3})+|\\d+)(?:([,.])(\\d+))?${SUFFIX}`, 'gu');

/**
 * The figures written in `text`, in the conventions of `lang`. Where a text can be read two
 * ways, the figure keeps both: "551,695" in French is 551.695 or, written the English way,
 * 551,695; the 4 of an age group "0-4" stands for the bin that ends before 5.
 * @param {string} text
 * @param {'en'|'fr'} [lang]
 * @param {string} [path] where the text was (for the report)
 * @returns {Figure[]}
 */
export function figuresInText(text, lang = 'en', path = '') {
  const pattern = lang === 'fr' ? FR : EN;
  const source = String(text);
  const found = [];
  for (const m of source.matchAll(pattern)) {
    const [whole, sign, integer, separator, fraction = '', suffix] = m;
    const digits = integer.replace(/[^\d]/g, '');
    const scale = (suffix && SCALES[suffix]) || 1;
    const signed = sign ? -1 : 1;
    const value = signed * Number(`${digits}.${fraction || 0}`) * scale;
    const alternatives = [];
    if (separator === ',' && fraction.length === 3 && digits.length <= 3) alternatives.push(signed * Number(digits + fraction) * scale);
    const before = source.slice(Math.max(0, m.index - 2), m.index);
    if (!sign && !fraction && /\d[-–]$/.test(before)) alternatives.push(value + 1);
    const tolerance = 0.5 * 10 ** -fraction.length * scale;
    found.push({value, tolerance, percent: suffix === '%', text: whole.trim(), path, ...(alternatives.length ? {alternatives} : {})});
  }
  return found;
}

/** A number given as a number: exact to the digits it has. */
function figureOfNumber(value, path) {
  const [, fraction = ''] = String(value).split('.');
  return {value, tolerance: fraction.length > 6 ? 1e-6 : 0.5 * 10 ** -fraction.length, percent: false, text: String(value), path};
}

/**
 * Params that set how a widget looks, not what it says: their numbers are not figures.
 * (`center` and `zoom` frame a map; `height`, `decimals`, `steps` and `expanded` lay out.)
 */
const SETTINGS = new Set(['height', 'width', 'zoom', 'center', 'decimals', 'radius', 'steps', 'expanded', 'color', 'colors', 'variant', 'type', 'key', 'language', 'src', 'url', 'avatar', 'image', 'tileUrl', 'attribution', 'geojson', 'popupProperty', 'property']);

/**
 * Every figure in a widget's params: numbers, and numbers written in its strings.
 * @param {unknown} params
 * @param {'en'|'fr'} [lang]
 * @returns {Figure[]}
 */
export function figuresInParams(params, lang = 'en') {
  const found = [];
  const walk = (value, path, scale = 1) => {
    if (typeof value === 'number' && Number.isFinite(value)) found.push(scaled(figureOfNumber(value, path), scale));
    else if (typeof value === 'string') found.push(...figuresInText(value, lang, path).map((f) => scaled(f, scale)));
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
    else if (value && typeof value === 'object') {
      // A stat whose unit says the scale ("9.98" "millions de km²") shows 9,980,000.
      const unitScale = typeof value.unit === 'string' ? scaleOfUnit(value.unit) : 1;
      for (const [k, v] of Object.entries(value)) if (!SETTINGS.has(k)) walk(v, path ? `${path}.${k}` : k, k === 'value' ? unitScale : 1);
    }
  };
  walk(params, '');
  return found;
}

const UNIT_SCALE = /^(thousands?|milliers?|k|millions?|M|billions?|milliards?|Md|B|bn)(?![\p{L}\p{N}])/u;

/** The scale a unit starts with: "millions de km²" → 1e6; none → 1. */
function scaleOfUnit(unit) {
  const [word] = UNIT_SCALE.exec(unit.trim()) ?? [];
  if (!word) return 1;
  if (/^(thousands?|milliers?|k)$/.test(word)) return 1e3;
  if (/^(millions?|M)$/.test(word)) return 1e6;
  return 1e9;
}

/** `figure` with its value and tolerance multiplied by `scale`. */
const scaled = (figure, scale) =>
  scale === 1 ? figure : {...figure, value: figure.value * scale, tolerance: figure.tolerance * scale, ...(figure.alternatives ? {alternatives: figure.alternatives.map((a) => a * scale)} : {})};

/**
 * Every number a tool result holds: its JSON numbers, numbers written in its strings (the year
 * of "2015-03-01"), and the ranks 1 to n of each list of n. A result that is not JSON is read as
 * text.
 * @param {string} text
 * @returns {number[]}
 */
export function numbersInResult(text) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    return figuresInText(text, 'en').map((f) => f.value);
  }
  const found = [];
  const walk = (value) => {
    if (typeof value === 'number' && Number.isFinite(value)) found.push(value);
    else if (typeof value === 'string') for (const f of figuresInText(value, 'en')) found.push(f.value);
    else if (Array.isArray(value)) {
      // How many rows came back is a figure of the result too ("Japan's 12 largest cities"), and
      // so is each row's rank ("1. Tokyo").
      for (let rank = 1; rank <= Math.min(value.length, 1000); rank++) found.push(rank);
      value.forEach(walk);
    } else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(parsed);
  return found;
}

/** Numbers, sorted, for {@link hasSource}. */
export function sourceSet(numbers) {
  return Float64Array.from(numbers).sort();
}

/** True when some number of `sources` (from {@link sourceSet}) is what `figure` shows. */
export function hasSource(figure, sources) {
  const near = (target, tolerance) => {
    let lo = 0;
    let hi = sources.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sources[mid] < target - tolerance) lo = mid + 1;
      else hi = mid;
    }
    return lo < sources.length && sources[lo] <= target + tolerance;
  };
  const slack = (v) => figure.tolerance + 1e-9 * Math.max(1, Math.abs(v));
  for (const value of [figure.value, ...(figure.alternatives ?? [])]) {
    if (near(value, slack(value))) return true;
    if (figure.percent && near(value / 100, slack(value) / 100)) return true;
  }
  return false;
}

/** Half a unit of the last digit `value` is written with: how far a value rounded to it may be. */
const halfUnit = (value) => 0.5 * 10 ** -((String(value).split('.')[1] ?? '').length);

/**
 * True when `figure` shows `expected`: within the precision either is written with ("9.57" and
 * "10" both show a truth of 9.6, and "17.4" shows 17.36).
 * @param {Figure} figure
 * @param {number} expected
 */
export function figureShows(figure, expected) {
  const tolerance = Math.max(figure.tolerance, halfUnit(expected)) + 1e-9 * Math.max(1, Math.abs(expected));
  return [figure.value, ...(figure.alternatives ?? [])].some((v) => Math.abs(v - expected) <= tolerance);
}

/**
 * True when a widget's value `shown` (a number, or a number in a string) shows the truth
 * `expected` (see {@link figureShows}).
 * @param {unknown} shown
 * @param {unknown} expected
 * @param {'en'|'fr'} [lang] how a string value is written
 */
export function sameFigure(shown, expected, lang = 'en') {
  const e = typeof expected === 'number' ? expected : Number(expected);
  if (!Number.isFinite(e)) return false;
  const figure = typeof shown === 'number' ? figureOfNumber(shown, '') : figuresInText(String(shown ?? ''), lang)[0];
  return !!figure && figureShows(figure, e);
}
