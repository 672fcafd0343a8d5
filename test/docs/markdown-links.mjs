/**
 * The links of the repository's Markdown as GitHub resolves them: every relative link of
 * README.md, CHANGELOG.md and docs/ must name a file that exists, and its `#anchor` a heading of
 * that file (GitHub's slugs, which the site uses too: docs/.vitepress/github-slug.mjs).
 */
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import {dirname, join, relative} from 'node:path';
import {githubSlug} from '../../docs/.vitepress/github-slug.mjs';

/** The Markdown files a reader of the repository follows links between (generated pages left out). */
export function repositoryMarkdown(root) {
  const ignored = new Set(['docs/reference', 'docs/changelog.md', 'docs/.vitepress']);
  const walk = (dir) =>
    readdirSync(join(root, dir)).flatMap((name) => {
      const path = `${dir}/${name}`;
      if (ignored.has(path)) return [];
      if (statSync(join(root, path)).isDirectory()) return walk(path);
      return name.endsWith('.md') ? [path] : [];
    });
  return ['README.md', 'CHANGELOG.md', ...walk('docs')];
}

/** The text of `markdown` outside fenced code blocks, line by line (code spans blanked). */
function prose(markdown) {
  let fence = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*```/.test(line)) {
      fence = !fence;
      return '';
    }
    return fence ? '' : line.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
  });
}

/** The anchors of a Markdown file's headings, numbered on repeats as GitHub does. */
export function headingAnchors(markdown) {
  const seen = new Map();
  const anchors = new Set();
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fence = !fence;
    const heading = !fence && /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    // Markdown of the heading removed: code ticks, links kept as their text, emphasis.
    const text = heading[1].replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\*\*|__/g, '');
    const base = githubSlug(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/**
 * Every broken relative link of the files: `file:line: link (why)`.
 * @param {string} root the repository
 * @param {string[]} files paths relative to root
 */
export function brokenMarkdownLinks(root, files) {
  const broken = [];
  for (const file of files) {
    const lines = prose(readFileSync(join(root, file), 'utf8'));
    lines.forEach((line, index) => {
      for (const [, target] of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
        const [path, anchor] = target.split('#');
        const resolved = path ? join(dirname(file), decodeURIComponent(path)) : file;
        const where = `${file}:${index + 1}: ${target}`;
        if (relative(root, join(root, resolved)).startsWith('..')) broken.push(`${where} (outside the repository)`);
        else if (!existsSync(join(root, resolved))) broken.push(`${where} (no such file)`);
        else if (anchor !== undefined) {
          if (!resolved.endsWith('.md')) broken.push(`${where} (an anchor into a file that is not Markdown)`);
          else if (!headingAnchors(readFileSync(join(root, resolved), 'utf8')).has(anchor)) broken.push(`${where} (no heading #${anchor} in ${resolved})`);
        }
      }
    });
  }
  return broken;
}
