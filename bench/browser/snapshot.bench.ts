/**
 * Benchmark 9, snapshot and restore (issue 14): a canvas of 100 widgets of every built-in type
 * (each type's recipe example, in catalogue order, cycling; the first table with 2,000 rows) put
 * on a fresh `<autoui-agent>` by `restore(snapshot)`, against the same widgets shown by
 * `widget_display` calls executed by the element's `autoui` layer (target: restore ≤ 1.2× that),
 * each timed from the start of the work to the last `autoui-widget-created`; the time of
 * `snapshot()` on that canvas against `JSON.stringify` of its widgets, and the snapshot's length;
 * and the `#autoui=` share fragment of a typical dashboard (4 stat cards, a 12-point chart, a
 * 20-row table, a 10-marker map) and of the 100-widget canvas, against the 64 kB cap.
 *
 * Each measure is a fresh page (a fresh browser context) with the same warm-up first (every
 * widget type shown, snapshot, restored and shared once, on an element removed afterwards), then
 * a fresh element: code warm on every side. Sides alternate; one discarded warm-up round, then
 * `BENCH_ROUNDS` rounds (default 7), medians. The snapshot restored is the one the first
 * `widget_display` page's canvas made.
 */
import {existsSync, readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {recipeExample, type RecipeExample} from '../../src/webmcp/recipe.js';
import {openChromium} from './chromium-session.mjs';
import {random} from '../pages/render-data.js';
import {median, ratioRow, round3, type BenchResult} from '../stats.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const WARMUP = 1;
const WIDGETS = 100;
const BIG_TABLE_ROWS = 2_000;
const TARGET = 1.2;
/** `MAX_SHARE_FRAGMENT` of src/session/snapshot/share-link.ts. */
const SHARE_CAP = 65_536;

const root = fileURLToPath(new URL('../../', import.meta.url));
/** OpenStreetMap's tiles (the map's default, on a closed network) are answered with the local test tile. */
const TILE = readFileSync(`${root}test/fixtures/tiles/tile.png`);

type Session = Awaited<ReturnType<typeof openChromium>>;
type Side = 'display' | 'restore' | 'restore-text';
type Snapshot = {format: string; widgets: unknown[]};
/** What the page measured (snapshot-page.js), in ms and characters. */
type Sample = {stored: number; ready: number; painted: number; snapshotMs: number; stringifyMs: number; snapshotChars: number; widgetsChars: number; snapshot?: Snapshot};
type Shared = {ok: boolean; fragment?: number; code?: string; message?: string; json: number; widgetsJson: number};
type Bench = {
  __bench: {
    warm(sample: RecipeExample[]): Promise<void>;
    measure(side: Side, input: RecipeExample[] | Snapshot, keep?: boolean): Promise<Sample>;
    share(calls: RecipeExample[]): Promise<Shared>;
  };
};

/** The built-in types in catalogue order (the order of the definitions catalog.ts imports). */
function builtinTypes(): string[] {
  const catalog = readFileSync(`${root}src/widgets/catalog.ts`, 'utf8');
  // The types the model may show: a host-only one (the MCP App view) has no recipe.
  const types = [...catalog.matchAll(/from '\.\/([a-z-]+)\/\1\.definition\.js'/g)].map((m) => m[1]).filter((type) => existsSync(`${root}src/widgets/${type}/${type}.recipe.md`));
  if (types.length < 10) throw new Error(`snapshot bench: only ${types.length} widget types found in src/widgets/catalog.ts`);
  return types;
}

/** Each type's recipe example (its first `widget_display` call), as the model is shown it. */
function examples(): RecipeExample[] {
  return builtinTypes().map((type) => {
    const example = recipeExample(readFileSync(`${root}src/widgets/${type}/${type}.recipe.md`, 'utf8'));
    if (!example || example.name !== type) throw new Error(`snapshot bench: the ${type} recipe has no widget_display example of its own type`);
    return example;
  });
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const GROUPS = ['Ensemble', 'Rassemblement national', 'LFI-NUPES', 'Les Républicains', 'Socialistes', 'Écologistes', 'Démocrates', 'Horizons', 'LIOT', 'GDR'];


/**
 * The table recipe's columns with `count` rows of the same shape, seeded pseudo-random values (not
 * a regular sequence, which deflate would squeeze far more than real data): deterministic.
 */
function tableRows(count: number) {
  const r = random(14);
  const day0 = Date.UTC(1958, 9, 4);
  return Array.from({length: count}, (_, i) => ({
    group: `${GROUPS[Math.floor(r() * GROUPS.length)]} ${i + 1}`,
    seats: 1 + Math.floor(r() * 350),
    founded: new Date(day0 + Math.floor(r() * 24_000) * 86_400_000).toISOString().slice(0, 10),
    site: `https://example.org/groups/${Math.floor(r() * 1e6).toString(36)}`,
  }));
}

/** 100 widgets: the examples in catalogue order, cycling, each title numbered; the first table has 2,000 rows. */
function canvas100(): RecipeExample[] {
  const base = examples();
  let bigTable = false;
  return Array.from({length: WIDGETS}, (_, i) => {
    const call = clone(base[i % base.length]);
    if (typeof call.params.title === 'string') call.params.title = `${call.params.title} (${i + 1})`;
    if (call.name === 'table' && !bigTable) {
      call.params.rows = tableRows(BIG_TABLE_ROWS);
      bigTable = true;
    }
    return call;
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const PLACES: Array<[string, number, number]> = [
  ['Strasbourg', 48.5734, 7.7521], ['Mulhouse', 47.7508, 7.3359], ['Colmar', 48.0794, 7.3585], ['Haguenau', 48.8156, 7.7906], ['Sélestat', 48.2594, 7.4542],
  ['Saverne', 48.7414, 7.3623], ['Obernai', 48.4627, 7.4819], ['Guebwiller', 47.9101, 7.2105], ['Molsheim', 48.5417, 7.4923], ['Thann', 47.8078, 7.1033],
];

/** A typical dashboard: 4 stat cards, a line chart of 12 points, a 20-row table, a map with 10 markers (shapes of the recipe examples). */
function dashboard(): RecipeExample[] {
  const byType = new Map(examples().map((e) => [e.name, e]));
  const card = byType.get('stat-card')!;
  const cards = [
    ['Unemployment rate', 7.3, '%', 'down', '-0.2 pt in a year'],
    ['Employment', 30.4, 'M', 'up', '+0.8% in a year'],
    ['Inflation', 2.3, '%', 'down', '-1.4 pt in a year'],
    ['GDP growth', 0.2, '%', 'stable', 'same as last quarter'],
  ].map(([label, value, unit, trend, delta]) => ({name: 'stat-card', params: {...clone(card.params), label, value, unit, trend, delta}}));
  const data = MONTHS.map((_, i) => Math.round((7.6 - i * 0.03 + Math.sin(i) * 0.1) * 10) / 10);
  const chart = {name: 'chart', params: {type: 'line', title: 'Unemployment rate by month, 2024', labels: MONTHS, datasets: [{label: 'rate (%)', data}], xAxisTitle: 'Month', yAxisTitle: '%'}};
  const table = {name: 'table', params: {...clone(byType.get('table')!.params), rows: tableRows(20)}};
  const map = {
    name: 'map',
    params: {title: 'Employment agencies', markers: PLACES.map(([name, lat, lng], i) => ({lat, lng, popup: `${name}: ${120 + ((i * 53) % 400)} job seekers helped this week`}))},
  };
  return [...cards, chart, table, map];
}

async function open(session: Session, sample: RecipeExample[]) {
  const opened = await session.open('/bench/pages/snapshot.html');
  await opened.page.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({status: 200, contentType: 'image/png', body: TILE}));
  await opened.page.waitForFunction(() => (window as {__bench?: unknown}).__bench, null, {timeout: 20_000}).catch((error: Error) => {
    throw new Error(`snapshot: the page did not get ready (${opened.errors.join('; ') || error.message})`);
  });
  await opened.page.evaluate((s) => (window as unknown as Bench).__bench.warm(s), sample);
  return opened;
}

const local = (session: Session, url: string) => url.startsWith(session.baseUrl) || url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('https://tile.openstreetmap.org/');

async function once(session: Session, sample: RecipeExample[], side: Side, input: RecipeExample[] | Snapshot, keep: boolean): Promise<Sample> {
  const opened = await open(session, sample);
  try {
    const result = await opened.page.evaluate(([s, i, k]) => (window as unknown as Bench).__bench.measure(s, i, k), [side, input, keep] as const);
    if (opened.errors.length) throw new Error(`snapshot ${side}: ${opened.errors.join('; ')}`);
    const away = opened.requests.filter((u) => !local(session, u));
    if (away.length) throw new Error(`snapshot ${side}: requests left the machine: ${away.slice(0, 3).join(', ')}`);
    return result;
  } finally {
    await opened.close();
  }
}

async function share(session: Session, sample: RecipeExample[], calls: RecipeExample[]): Promise<Shared> {
  const opened = await open(session, sample);
  try {
    const result = await opened.page.evaluate((c) => (window as unknown as Bench).__bench.share(c), calls);
    if (opened.errors.length) throw new Error(`snapshot share: ${opened.errors.join('; ')}`);
    return result;
  } finally {
    await opened.close();
  }
}

const spread = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
const kB = (chars: number) => Math.round((chars / 1024) * 10) / 10;

/** Runs the benchmark. */
export async function snapshotRestore(session: Session): Promise<BenchResult> {
  const sample = examples();
  const calls = canvas100();
  const typical = dashboard();
  const samples: Record<Side, Sample[]> = {display: [], restore: [], 'restore-text': []};
  let snapshot: Snapshot | undefined;
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const sides: Side[] = ['display', 'restore', 'restore-text'];
    // The first round starts with widget_display: its canvas makes the snapshot the others restore.
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      const s = await once(session, sample, side, side === 'display' ? calls : snapshot!, !snapshot);
      if (s.snapshot) {
        snapshot = s.snapshot;
        if (snapshot.widgets.length !== WIDGETS) throw new Error(`snapshot: the canvas's snapshot holds ${snapshot.widgets.length} widgets, ${WIDGETS} expected`);
        const rows = (snapshot.widgets as Array<{type: string; params: {rows?: unknown[]}}>).find((w) => w.type === 'table')?.params.rows?.length;
        if (rows !== BIG_TABLE_ROWS) throw new Error(`snapshot: the snapshot's first table has ${rows} rows, ${BIG_TABLE_ROWS} expected`);
        delete s.snapshot;
      }
      if (round >= WARMUP) samples[side].push(s);
    }
  }
  const small = await share(session, sample, typical);
  const large = await share(session, sample, calls);
  const m = (side: Side, key: Exclude<keyof Sample, 'snapshot'>) => median(samples[side].map((s) => s[key]));

  const ratio = m('restore', 'ready') / m('display', 'ready');
  const textRatio = m('restore-text', 'ready') / m('display', 'ready');
  // Each round's sides ran one after the other: their ratio shares the machine's load of the moment.
  const paired = (side: Side) => median(samples[side].map((s, i) => s.ready / samples.display[i].ready));
  const met = ratio <= TARGET;
  const all = [...samples.display, ...samples.restore, ...samples['restore-text']];
  const snapMs = median(all.map((s) => s.snapshotMs));
  const stringifyMs = median(all.map((s) => s.stringifyMs));
  const snapChars = snapshot ? JSON.stringify(snapshot).length : m('display', 'snapshotChars');
  const widgetsChars = m('display', 'widgetsChars');
  const smallFits = small.ok && (small.fragment ?? Infinity) <= SHARE_CAP;
  const largeRefused = !large.ok && large.code === 'SNAPSHOT_TOO_LARGE';

  const rows: BenchResult['rows'] = [
    {...ratioRow(`restore(snapshot) → ${WIDGETS} widgets rendered (ms)`, m('restore', 'ready'), m('display', 'ready')), target: `≤ ${TARGET}×`, met: met ? 'yes' : 'NO'},
    ratioRow('restore(snapshot) → the frame after (ms)', m('restore', 'painted'), m('display', 'painted')),
    ratioRow(`restore(snapshot) → ${WIDGETS} widgets on the store (read, checked; not rendered yet; ms)`, m('restore', 'stored'), m('display', 'stored')),
    ratioRow(`restore(JSON text) → ${WIDGETS} widgets rendered (ms)`, m('restore-text', 'ready'), m('display', 'ready')),
    ratioRow('restore(JSON text) → the frame after (ms)', m('restore-text', 'painted'), m('display', 'painted')),
    {what: `snapshot() of the ${WIDGETS}-widget canvas (ms) vs JSON.stringify of its widgets`, ours: round3(snapMs), baseline: round3(stringifyMs), 'ours/baseline': round3(snapMs / stringifyMs)},
    {what: `snapshot JSON length (kB) vs the widgets' JSON`, ours: kB(snapChars), baseline: kB(widgetsChars), 'ours/baseline': round3(snapChars / widgetsChars)},
    {
      what: 'share fragment, typical dashboard (kB) vs its snapshot JSON',
      ours: small.fragment === undefined ? 'n/a' : kB(small.fragment),
      baseline: kB(small.json),
      'ours/baseline': small.fragment === undefined ? 'n/a' : round3(small.fragment / small.json),
      target: `≤ ${SHARE_CAP / 1024} kB`,
      met: smallFits ? 'yes' : 'NO',
    },
    {
      what: `share fragment, ${WIDGETS}-widget canvas (kB) vs its snapshot JSON`,
      ours: large.fragment === undefined ? 'n/a' : kB(large.fragment),
      baseline: kB(large.json),
      'ours/baseline': large.fragment === undefined ? 'n/a' : round3(large.fragment / large.json),
      target: `≤ ${SHARE_CAP / 1024} kB, else SNAPSHOT_TOO_LARGE`,
      met: large.ok ? ((large.fragment ?? Infinity) <= SHARE_CAP ? 'yes (fits)' : 'NO (over the cap, not refused)') : largeRefused ? 'yes (refused: SNAPSHOT_TOO_LARGE)' : `NO (${large.code})`,
    },
  ];
  const composition = Object.entries(calls.reduce<Record<string, number>>((acc, c) => ({...acc, [c.name]: (acc[c.name] ?? 0) + 1}), {}))
    .map(([type, n]) => `${n} ${type}`)
    .join(', ');
  return {
    name: '9. snapshot and restore',
    comparison: `a ${WIDGETS}-widget canvas (one table of ${BIG_TABLE_ROWS.toLocaleString('en')} rows) restored into a fresh element by restore(snapshot) vs shown by the same widgets' widget_display calls; snapshot() vs JSON.stringify; the share fragment against the ${SHARE_CAP / 1024} kB cap`,
    rows,
    ratio: round3(ratio),
    target: `≤ ${TARGET} (restore / widget_display, to all widgets rendered)`,
    met: met && smallFits && (large.ok ? (large.fragment ?? Infinity) <= SHARE_CAP : largeRefused),
    summary: `restore of 100 widgets ${Math.round(m('restore', 'ready'))} ms vs ${Math.round(m('display', 'ready'))} ms by widget_display (×${ratio.toFixed(2)}, per-round median ×${paired('restore').toFixed(2)}; from JSON text ×${textRatio.toFixed(2)}); snapshot() ${snapMs.toFixed(1)} ms, ${kB(snapChars)} kB; share link of a typical dashboard ${small.fragment === undefined ? 'refused' : `${kB(small.fragment)} kB`} (JSON ${kB(small.json)} kB), of the 100-widget canvas ${large.ok ? `${kB(large.fragment!)} kB` : `refused (${large.code}, ${large.fragment === undefined ? '?' : kB(large.fragment)} kB)`}`,
    notes: [
      `The canvas: ${composition}; each type's recipe example (its first widget_display call, src/widgets/<type>/<type>.recipe.md) in catalogue order, titles numbered, the first table with ${BIG_TABLE_ROWS.toLocaleString('en')} rows of the recipe's columns (seeded pseudo-random values, so deflate gets no easier a table than real data). Maps use OpenStreetMap's tile URL (the default), answered with the local test tile.`,
      `${ROUNDS} round(s) after ${WARMUP} discarded: per round one fresh page per side (widget_display, restore of the object, restore of its JSON text), sides alternating; medians. Every page first runs the same warm-up (every type shown by widget_display, snapshot, restored, shared, on an element then removed), then measures on a fresh element whose engine is loaded: widget code (chart.js, leaflet, marked) warm on both sides.`,
      'Baseline: the element\'s own `autoui` layer (`el.layers`, serverName autoui) executes each widget_display call (`layer.execute`, the executor the loop calls; all 100 started at once, as one step\'s parallel calls), on the element\'s widget store through a canvas that first dispatches the cancelable `autoui-widget-create`, as the session\'s canvas does (that canvas is private to AgentSession, so the page builds the same one). No model: its streaming would only add time to the baseline.',
      'Both sides end at the last `autoui-widget-created` (and, for restore, its promise resolved); "the frame after" adds the next animation frame and the task after it. The restore side includes reading the snapshot as untrusted input (stringify/parse, bounds) and re-checking every widget as widget_display does.',
      `Median of the per-round ratios (each round's sides run back to back, so they share the machine's load of the moment): restore ×${paired('restore').toFixed(3)}, restore of JSON text ×${paired('restore-text').toFixed(3)}.`,
      `Spread of "→ rendered" (min–max, ms): ${(['display', 'restore', 'restore-text'] as const).map((side) => `${side} ${spread(samples[side].map((x) => x.ready))}`).join(', ')}.`,
      `snapshot(): medians of 7 interleaved calls per page, against JSON.stringify(el.session.widgets.list()) (the least a snapshot can cost); the snapshot restored is the one the first widget_display page made (${kB(snapChars)} kB of JSON).`,
      `Share: shareUrl() on a fresh element showing the widgets; fragment = characters after "#autoui=" (deflate-raw, base64url). Typical dashboard: 4 stat cards, a 12-point line chart, a 20-row table, a 10-marker map (${kB(small.widgetsJson)} kB of widget JSON). The ${WIDGETS}-widget canvas: ${large.ok ? `fits, ${kB(large.fragment!)} kB` : `${large.message ?? large.code}`}${largeRefused ? ' (expected: the cap is 64 kB)' : ''}.`,
    ],
  };
}
