/**
 * A heading's anchor as GitHub writes it: lower case, punctuation dropped (letters, digits,
 * spaces, `-` and `_` kept), each space a `-`. The site and the link check both use it, so an
 * anchor that works on GitHub works on the site. Repeated headings are numbered by the caller
 * (markdown-it-anchor adds `-1`, `-2`, as GitHub does).
 * @param {string} text the heading's text, markdown removed
 */
export function githubSlug(text) {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}
