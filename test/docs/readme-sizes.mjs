/**
 * Every size the README states, against what `npm run size` prints (scripts/size.mjs). The README
 * gives sizes in two places: the rows of its "How big is it?" table (gzip kB; a row names the
 * files or the lazy chunks it counts: `autoui-agent.js`, `chart-*`, …) and the sentence on what
 * `npm install` brings (packages, MB). A figure may differ from today's measure by at most
 * TOLERANCE (sizes move a little with every change; a stale one, such as a script stated at 374 kB
 * that weighs 977, fails); the package count must be exact. A kB or MB figure anywhere else in the
 * README fails too, since nothing would hold it true.
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

/** The size rows a README table cell counts: the first-load rows by file, lazy chunks by name. */
function rowsFor(cell, bundle) {
  const labels = [...bundle.keys()];
  if (/`autoui-agent\.js`/.test(cell)) return labels.filter((l) => l.startsWith('ES first load'));
  if (/`autoui-agent\.iife\.js`/.test(cell)) return labels.filter((l) => l.startsWith('classic script first load'));
  if (/`autoui-agent\.standalone\.iife\.js`/.test(cell)) return labels.filter((l) => l.startsWith('standalone classic script'));
  if (/`core\.js`/.test(cell)) return labels.filter((l) => l.startsWith('core.js'));
  // `chart-*`: the chunk chart-<hash>.js, and not chart-foo-<hash>.js (the hash is 8 characters).
  const chunks = [...cell.matchAll(/`([a-z][a-z0-9-]*)-\*`/g)].map((m) => m[1]);
  return chunks.flatMap((name) => labels.filter((l) => new RegExp(`^lazy chunk ${name}-[A-Za-z0-9_-]{8}\\.js$`).test(l)));
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
    const rows = rowsFor(row[1], bundle);
    const where = `README.md:${index + 1}`;
    if (!rows.length) {
      problems.push(`${where}: "${row[1].trim()}" names no file or chunk that npm run size measures`);
      return;
    }
    const measured = Math.round(rows.reduce((sum, label) => sum + bundle.get(label), 0) * 10) / 10;
    const verdict = `${where}: ${row[1].trim()}: README ${stated} kB, npm run size ${measured} kB (${rows.join(' + ')})`;
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
