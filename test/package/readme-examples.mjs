/**
 * The code of the README, as a reader copies it:
 * - the TypeScript examples, every fenced block marked `ts` or `tsx`, with the README line its
 *   code starts on (for an error that points back to it);
 * - the blocks that show a file of the repository verbatim, each right after a marker line
 *   `<!-- file: examples/proxy/worker.mjs -->`, so a check can hold the two equal. Those files
 *   are compiled and run where they belong (at their app's path, with its types), so the
 *   TypeScript examples leave them out.
 */

/** A marker line naming the file the next fenced block shows. */
const FILE_MARKER = /^<!-- file: (\S+) -->$/;

/**
 * Every `ts` / `tsx` fenced block of `markdown` that does not show a file.
 * @param {string} markdown
 * @returns {{line: number, lang: 'ts' | 'tsx', code: string}[]}
 */
export function readmeExamples(markdown) {
  const examples = [];
  for (const match of markdown.matchAll(/^```(tsx?)\n([\s\S]*?)^```$/gm)) {
    const before = markdown.slice(0, match.index).split('\n');
    const line = before.length + 1;
    // The line above the fence (`before` ends with the empty text after its last newline).
    if (FILE_MARKER.test(before.at(-2) ?? '')) continue;
    examples.push({line, lang: /** @type {'ts' | 'tsx'} */ (match[1]), code: match[2]});
  }
  return examples;
}

/**
 * Every file marker of `markdown` with the fenced block on the line after it (`code` is
 * undefined when no block follows, which the check reports).
 * @param {string} markdown
 * @returns {{file: string, line: number, code: string | undefined}[]}
 */
export function readmeFileBlocks(markdown) {
  const lines = markdown.split('\n');
  const blocks = [];
  lines.forEach((text, index) => {
    const marker = FILE_MARKER.exec(text);
    if (!marker) return;
    const fence = /^```\w*$/.exec(lines[index + 1] ?? '');
    const end = fence ? lines.indexOf('```', index + 2) : -1;
    const code = end === -1 ? undefined : `${lines.slice(index + 2, end).join('\n')}\n`;
    blocks.push({file: marker[1], line: index + 1, code});
  });
  return blocks;
}
