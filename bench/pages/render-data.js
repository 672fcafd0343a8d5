/**
 * The data the rendering benchmark (4) draws, the same for our widgets and for the bare
 * libraries: deterministic, so every run and both sides draw exactly the same thing.
 */

/** A small deterministic pseudo-random generator (mulberry32): the benchmarks' seeded data. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CITIES = ['Lyon', 'Seattle', 'Nairobi', 'Osaka', 'Lima', 'Oslo', 'Perth', 'Quito', 'Dakar', 'Hanoi'];

/** Table: `count` rows of five typed columns. */
export function tableParams(count = 10_000) {
  const r = random(1);
  const rows = Array.from({length: count}, (_, i) => ({
    id: i + 1,
    name: `Station ${i + 1}`,
    city: CITIES[i % CITIES.length],
    value: Math.round(r() * 1e6) / 100,
    date: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString().slice(0, 10),
  }));
  const columns = [
    {key: 'id', label: 'Id', type: 'number'},
    {key: 'name', label: 'Name', type: 'string'},
    {key: 'city', label: 'City', type: 'string'},
    {key: 'value', label: 'Value', type: 'number'},
    {key: 'date', label: 'Date', type: 'string'},
  ];
  return {title: 'Stations', columns, rows};
}

/** Line chart: one series of `count` points. */
export function chartParams(count = 10_000) {
  const r = random(2);
  let y = 100;
  const data = Array.from({length: count}, () => (y += r() * 2 - 1));
  return {type: 'line', title: 'Signal', labels: Array.from({length: count}, (_, i) => i), datasets: [{label: 'signal', data}]};
}

/** Map: `count` markers over Europe, tiles from this site. */
export function mapParams(count = 1_000) {
  const r = random(3);
  const markers = Array.from({length: count}, (_, i) => ({lat: 40 + r() * 15, lng: -5 + r() * 25, popup: `Marker ${i + 1}`}));
  return {title: 'Markers', markers, tileUrl: '/test/fixtures/tiles/tile.png?{z}/{x}/{y}', attribution: 'bench tiles'};
}

/** 100 light widgets of six kinds, as `[type, params]` pairs. */
export function mixedWidgets(count = 100) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const n = i + 1;
    switch (i % 6) {
      case 0: out.push(['stat', {label: `Metric ${n}`, value: n * 1234.5, unit: 'kWh', caption: 'this month'}]); break;
      case 1: out.push(['stat-card', {label: `Card ${n}`, value: n * 17, trend: 'up', delta: '+4%', caption: 'vs last week'}]); break;
      case 2: out.push(['kv', {title: `Facts ${n}`, items: [{key: 'Country', value: 'France'}, {key: 'Population', value: 68_000_000 + n}, {key: 'Capital', value: 'Paris'}, {key: 'Area', value: 551_695}]}]); break;
      case 3: out.push(['list', {title: `List ${n}`, items: ['First point', 'Second point', {text: 'Third point', secondary: 'with a note'}, 'Fourth point']}]); break;
      case 4: out.push(['tags', {title: `Tags ${n}`, items: ['climate', 'energy', {label: 'policy', count: n}, 'data', 'europe']}]); break;
      default: out.push(['alert', {title: `Notice ${n}`, message: 'The data for this region was updated an hour ago.', variant: 'info'}]);
    }
  }
  return out;
}

/** Markdown: `count` sections, each a heading, a paragraph with inline formatting and a short list. */
export function markdownParams(count = 200) {
  const sections = Array.from(
    {length: count},
    (_, i) =>
      `## Section ${i + 1}\n\nThe readings of **station ${i + 1}** rose by *${(i % 7) + 1}%* this week; see the [report](https://example.org/report/${i + 1}) and \`code ${i}\`.\n\n- first point of ${i + 1}\n- second point\n- third point`,
  );
  return {title: 'Report', content: sections.join('\n\n')};
}

/** A deterministic answer of `count` words, in sentences of twelve. */
export function answerText(count = 800) {
  const WORDS = ['the', 'stations', 'show', 'a', 'steady', 'rise', 'in', 'readings', 'over', 'recent', 'weeks', 'while', 'coastal', 'sites', 'stay', 'flat'];
  const words = Array.from({length: count}, (_, i) => WORDS[(i * 7 + 3) % WORDS.length]);
  return words.map((w, i) => (i % 12 === 11 ? `${w}.` : w)).join(' ');
}
