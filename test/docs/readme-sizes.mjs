/**
 * Every size the README states, against what `npm run size` prints (scripts/size.mjs). The README
 * gives sizes in two places: the rows of its "How big is it?" table (gzip kB; a row names the
 * files or the lazy chunks it counts: `autoui-agent.js`, `chart-*`, …) and the sentence on what
 * `npm install` brings (packages, MB). A figure may differ from today's measure by at most
 * TOLERANCE (sizes move a little with every change; a stale one, such as a script stated at 374 kB
 * that weighs 977, fails); the package count must be exact. A kB or MB figure anywhere else in the
 * README fails too, since nothing would hold it true. `compareDocSizes` holds the documentation
 * pages that state sizes (the size table of Performance, the first load, the standalone script,
 * the tarball and the install) to the same measure.
 */

/** How far a stated size may be from the measured one: 5 %. */
export const TOLERANCE = 0.05;

/**
 * The rows of `npm run size`'s output: `{label, gzip}` in kB for the script-tag build, and
 * `{label, figure}` for the package's figures.
 * @param {string} output
 */
export function parseSizeOutput(output) {
  const bundle = new Map();
  const pkg = new Map();
  for (const line of output.split('\n')) {
    const row = /^(.+?)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(?:[\d.]+|-)$/.exec(line);
    if (row) {
      bundle.set(row[1].trim(), Number(row[3]));
      continue;
    }
    const figure = /^(tarball \(kB\)|unpacked \(kB\)|npm install autoui-agent: [^\d]+?)\s+([\d.]+)\s+(?:[\d.]+|-)$/.exec(line);
    if (figure) pkg.set(figure[1].trim(), Number(figure[2]));
  }
  return {bundle, pkg};
}

/**
 * The size rows a table cell counts, as groups: the first-load rows by file, lazy chunks by name
 * (`chart-*` is the chunk chart-<hash>.js, not chart-foo-<hash>.js: the hash is 8 characters).
 * A group with several rows is a name the build gives several chunks (`dist-*`).
 */
function groupsFor(cell, bundle) {
  const labels = [...bundle.keys()];
  const chunks = [...cell.matchAll(/`([a-z][a-z0-9.-]*)-\*`/g)].map((m) => m[1].replace(/\./g, '\\.'));
  // A row naming chunks is about them, whatever else it mentions ("shared with `core.js`").
  if (chunks.length) return chunks.map((name) => labels.filter((l) => new RegExp(`^lazy chunk ${name}-[A-Za-z0-9_-]{8}\\.js$`).test(l)));
  const starting = (prefix) => [labels.filter((l) => l.startsWith(prefix))];
  if (/`autoui-agent\.js`/.test(cell) || /^\s*ES first load/.test(cell)) return starting('ES first load');
  if (/`autoui-agent\.iife\.js`/.test(cell) || /^\s*classic script first load/.test(cell)) return starting('classic script first load');
  if (/`autoui-agent\.standalone\.iife\.js`/.test(cell)) return starting('standalone classic script');
  if (/`core\.js`/.test(cell)) return starting('core.js');
  if (/`wllama\.wasm`/.test(cell)) return [labels.filter((l) => l.includes('wllama.wasm'))];
  return [];
}

/** The measured figure for a stated one: the groups summed, each group's row the nearest to it. */
function measuredFor(stated, groups, bundle) {
  let total = 0;
  const used = [];
  for (const group of groups) {
    const label = group.reduce((best, l) => (Math.abs(bundle.get(l) - stated) < Math.abs(bundle.get(best) - stated) ? l : best));
    total += bundle.get(label);
    used.push(label);
  }
  return {measured: Math.round(total * 10) / 10, used};
}

/** Figures stated in sentences of the documentation, and the size rows they are. */
const PHRASES = [
  [/about ([\d.]+) kB gzip before the first render/g, 'ES first load'],
  [/\(([\d.]+) kB with the\s+classic script's loader\)/g, 'classic script first load'],
  [/everything in one classic script \(([\d.]+) kB gzip/g, 'standalone classic script'],
];

/**
 * The sizes a documentation page states, in its size table (`| file | min | gzip | brotli |
 * budget |` rows naming files or chunks: the gzip column is compared), its sentences on the first
 * load and the standalone script, and what `npm install` brings.
 * @param {string} markdown
 * @param {string} file its path, for the messages
 * @param {string} sizeOutput what `npm run size` printed
 * @returns {{checked: string[], problems: string[]}}
 */
export function compareDocSizes(markdown, file, sizeOutput) {
  const {bundle, pkg} = parseSizeOutput(sizeOutput);
  const checked = [];
  const problems = [];
  const near = (stated, measured) => Math.abs(stated - measured) <= TOLERANCE * measured;
  markdown.split('\n').forEach((line, index) => {
    const row = /^\|(.+?)\|\s*[\d.]+\s*\|\s*([\d.]+)\s*\|\s*[\d.]+\s*\|[^|]*\|$/.exec(line);
    if (!row) return;
    const groups = groupsFor(row[1], bundle);
    const where = `${file}:${index + 1}: ${row[1].trim().slice(0, 60)}`;
    if (!groups.length || groups.some((g) => !g.length)) return void problems.push(`${where}: no such file or chunk in npm run size`);
    const stated = Number(row[2]);
    const {measured, used} = measuredFor(stated, groups, bundle);
    (near(stated, measured) ? checked : problems).push(`${where}: ${stated} kB gzip stated, ${measured} measured (${used.join(' + ')})`);
  });
  const prose = markdown.replace(/\s+/g, ' ');
  for (const [pattern, prefix] of PHRASES) {
    for (const m of prose.matchAll(pattern)) {
      const label = [...bundle.keys()].find((l) => l.startsWith(prefix));
      const verdict = `${file}: "${m[0]}": ${bundle.get(label)} kB measured`;
      (label && near(Number(m[1]), bundle.get(label)) ? checked : problems).push(verdict);
    }
  }
  for (const m of prose.matchAll(/brings (\d+) packages(?: \(budget [^)]*\))?(?:,| and) ([\d.]+) MB/g)) {
    const packages = pkg.get('npm install autoui-agent: packages');
    const megabytes = pkg.get('npm install autoui-agent: MB on disk');
    const verdict = `${file}: "${m[0]}": ${packages} packages, ${megabytes} MB measured`;
    (Number(m[1]) === packages && near(Number(m[2]), megabytes) ? checked : problems).push(verdict);
  }
  for (const m of prose.matchAll(/the tarball is ([\d.]+) kB/g)) {
    const tarball = pkg.get('tarball (kB)');
    (near(Number(m[1]), tarball) ? checked : problems).push(`${file}: "${m[0]}": ${tarball} kB measured`);
  }
  return {checked, problems};
}

/**
 * What the README states and what was measured, each with its verdict.
 * @param {string} readme
 * @param {string} sizeOutput what `npm run size` printed
 * @returns {{checked: string[], problems: string[]}}
 */
export function compareReadmeSizes(readme, sizeOutput) {
  const {bundle, pkg} = parseSizeOutput(sizeOutput);
  const checked = [];
  const problems = [];
  const near = (stated, measured) => Math.abs(stated - measured) <= TOLERANCE * measured;
  const lines = readme.split('\n');
  const accounted = new Set();

  lines.forEach((line, index) => {
    const row = /^\|(.+?)\|\s*([\d.]+) kB\s*\|/.exec(line);
    if (!row) return;
    accounted.add(index);
    const stated = Number(row[2]);
    const groups = groupsFor(row[1], bundle);
    const where = `README.md:${index + 1}`;
    if (!groups.length || groups.some((g) => !g.length)) {
      problems.push(`${where}: "${row[1].trim()}" names no file or chunk that npm run size measures`);
      return;
    }
    const {measured, used} = measuredFor(stated, groups, bundle);
    const verdict = `${where}: ${row[1].trim()}: README ${stated} kB, npm run size ${measured} kB (${used.join(' + ')})`;
    (near(stated, measured) ? checked : problems).push(verdict);
  });

  lines.forEach((line, index) => {
    const install = /brings (\d+) packages, ([\d.]+) MB/.exec(line);
    if (!install) return;
    accounted.add(index);
    const where = `README.md:${index + 1}`;
    const packages = pkg.get('npm install autoui-agent: packages');
    const megabytes = pkg.get('npm install autoui-agent: MB on disk');
    if (packages === undefined || megabytes === undefined) {
      problems.push(`${where}: npm run size printed no install figures`);
      return;
    }
    const a = `${where}: npm install brings ${install[1]} packages, npm run size ${packages}`;
    (Number(install[1]) === packages ? checked : problems).push(a);
    const b = `${where}: npm install takes ${install[2]} MB, npm run size ${megabytes} MB`;
    (near(Number(install[2]), megabytes) ? checked : problems).push(b);
  });

  lines.forEach((line, index) => {
    if (accounted.has(index)) return;
    for (const m of line.matchAll(/\d[\d,.]*\s?(kB|MB|KB|GB)\b/g)) problems.push(`README.md:${index + 1}: "${m[0]}" is a size no check compares with npm run size`);
  });
  return {checked, problems};
}
