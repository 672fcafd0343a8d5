/**
 * The TypeScript examples of the README, as a reader copies them: every fenced block marked `ts`
 * or `tsx`, with the README line its code starts on (for an error that points back to it).
 */

/**
 * Every `ts` / `tsx` fenced block of `markdown`.
 * @param {string} markdown
 * @returns {{line: number, lang: 'ts' | 'tsx', code: string}[]}
 */
export function readmeExamples(markdown) {
  const examples = [];
  for (const match of markdown.matchAll(/^```(tsx?)\n([\s\S]*?)^```$/gm)) {
    const line = markdown.slice(0, match.index).split('\n').length + 1;
    examples.push({line, lang: /** @type {'ts' | 'tsx'} */ (match[1]), code: match[2]});
  }
  return examples;
}
