/**
 * Generators of hostile values for widget payloads (fast-check arbitraries): script and event
 * handler vectors, script-capable and protocol-relative URLs, foreign-host images, CSS escapes,
 * bidirectional overrides, 1 MB strings, deep nesting and prototype keys. Each string vector sets
 * `window.__pwned` if it ever runs, or reaches `evil.example` if it is ever loaded or followed.
 */
import fc from 'fast-check';
import {EVIL, TEXT_PAYLOADS, URL_PAYLOADS} from '../../element/hostile-snapshot-corpus.js';

/** Markup, attribute and template vectors beyond the snapshot corpus's. */
const MORE_MARKUP = [
  '<svg><animate onbegin="window.__pwned=1" attributeName="x" dur="1s"></animate></svg>',
  '<details open ontoggle="window.__pwned=1">',
  '<input autofocus onfocus="window.__pwned=1">',
  '<video><source onerror="window.__pwned=1"></video>',
  '<body onload="window.__pwned=1">',
  '<a href="jav&#x61;script:window.__pwned=1">entity</a>',
  '<a href="&#106;avascript:window.__pwned=1">decimal</a>',
  '<noscript><p title="</noscript><img src=x onerror=window.__pwned=1>">',
  '<template><script>window.__pwned=1</script></template>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__pwned=1">',
  '<base href="javascript:window.__pwned=1//">',
  `<img srcset="https://${EVIL}/s.png 1x">`,
  `<picture><source srcset="https://${EVIL}/p.png"><img src="https://${EVIL}/q.png"></picture>`,
  '"onmouseover="window.__pwned=1" x="',
  "' autofocus onfocus='window.__pwned=1' '",
];

/** URLs beyond the corpus's: mixed case, entities, whitespace, credentials, other hosts. */
const MORE_URLS = [
  'JAVASCRIPT:window.__pwned=1',
  'javascript&colon;window.__pwned=1',
  '  javascript:window.__pwned=1',
  'jav\u0000ascript:window.__pwned=1',
  'data:text/javascript,window.__pwned=1',
  'data:image/png;base64,iVBORw0KGgo=',
  `HTTPS://${EVIL.toUpperCase()}/x.png`,
  `https:${EVIL}/x.png`,
  `https:\\\\${EVIL}\\x.png`,
  `\\\\${EVIL}\\share`,
  `https://${EVIL}:443/x.png`,
  `https://sub.${EVIL}/x.png`,
  `http://${EVIL}/x.png#https://img.example.org/ok.png`,
];

/** CSS tricks: escapes that spell url() or javascript:, style breakouts. */
const CSS_VECTORS = [
  `\\75 rl(https://${EVIL}/e.png)`,
  '\\6a avascript:window.__pwned=1',
  `</style><img src="https://${EVIL}/s.png">`,
  `red;background:url(//${EVIL}/b.png)`,
  `expression(window.__pwned=1)`,
  `@import "//${EVIL}/i.css";`,
  `var(--x, url(https://${EVIL}/v.png))`,
];

/** Bidirectional and invisible characters that reorder or hide what a person reads. */
const BIDI = ['\u202E', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200F', '\u200B', '\uFEFF', '\u061C'];

const ONE_MB = 'A'.repeat(1 << 20);

/** A hostile string: a vector alone, or inside random text, or reordered by bidi controls, or 1 MB. */
export const hostileString: fc.Arbitrary<string> = (() => {
  const vector = fc.constantFrom(...TEXT_PAYLOADS, ...MORE_MARKUP, ...URL_PAYLOADS, ...MORE_URLS, ...CSS_VECTORS);
  const noise = fc.string({maxLength: 12, unit: 'binary'});
  return fc.oneof(
    {weight: 4, arbitrary: vector},
    {weight: 4, arbitrary: fc.tuple(noise, vector, noise).map(([a, v, b]) => `${a}${v}${b}`)},
    {weight: 2, arbitrary: fc.tuple(fc.constantFrom(...BIDI), vector, fc.constantFrom(...BIDI)).map(([a, v, b]) => `${a}${v}${b}gnp.exe`)},
    {weight: 1, arbitrary: vector.map((v) => `${v}${ONE_MB}`)},
  );
})();

/** JSON text whose parse has own `__proto__`/`constructor` keys (a literal would set the prototype instead). */
const PROTO_JSON = [
  '{"__proto__": {"polluted": 1}}',
  '{"constructor": {"prototype": {"polluted": 1}}}',
  '{"__proto__": {"__proto__": {"polluted": 1}}, "value": 1}',
  '[{"__proto__": {"polluted": 1}}]',
];

/** A structure that should be refused or ignored: deep nesting, prototype keys. */
export const hostileStructure: fc.Arbitrary<() => unknown> = fc.oneof(
  fc.integer({min: 200, max: 20_000}).map((depth) => () => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown),
  fc.integer({min: 200, max: 5_000}).map((depth) => () => JSON.parse('{"a":'.repeat(depth) + '1' + '}'.repeat(depth)) as unknown),
  fc.constantFrom(...PROTO_JSON).map((text) => () => JSON.parse(text) as unknown),
);
