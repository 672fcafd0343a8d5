/**
 * Markdown to safe HTML: marked renders, DOMPurify cleans. On top of DOMPurify's
 * defaults: links only http(s), opened in a new tab without opener or referrer; images only
 * http(s) from the allowed hosts, others replaced by their alt text; no forms, styles or media,
 * and none of the other ways HTML has to fetch an image (`srcset`, `<picture><source>`, the
 * legacy `background` attribute, `poster`), which would bypass the host check on `src`.
 */
import {Marked} from 'marked';
import createDOMPurify from 'dompurify';
import {checkImage, safeHref} from '../../policy/url-rules.js';
import {tameMarkdown} from './tame-markdown.js';

const marked = new Marked({gfm: true, async: false});
// A private instance, so our hooks never touch a DOMPurify the page uses.
const purify = createDOMPurify(window);
let allowedHosts: readonly string[] = [];

purify.addHook('afterSanitizeAttributes', (node) => {
  const el = node as Element;
  if (el.localName === 'a') {
    const href = safeHref(el.getAttribute('href'));
    if (href) {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    } else el.removeAttribute('href');
  } else if (el.hasAttribute('href')) {
    // Any other element with an href (e.g. an SVG-less <area>): http(s) only.
    if (!safeHref(el.getAttribute('href'))) el.removeAttribute('href');
  }
  if (el.localName === 'img') {
    if (checkImage(el.getAttribute('src'), allowedHosts).kind !== 'allowed') {
      const alt = el.getAttribute('alt');
      el.replaceWith(el.ownerDocument.createTextNode(alt ? `[${alt}]` : ''));
    }
  }
});

/** `text` as one paragraph of plain text, for markdown the parser could not read. */
function plainParagraph(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<p>${escaped}</p>`;
}

/** Renders `markdown` to sanitised HTML, allowing images from `imageHosts` only. Never throws. */
export function markdownToSafeHtml(markdown: string, imageHosts: readonly string[]): string {
  let raw: string;
  try {
    raw = marked.parse(tameMarkdown(markdown)) as string;
  } catch {
    // Whatever else defeats the parser shows as the text it is.
    raw = plainParagraph(markdown);
  }
  allowedHosts = imageHosts;
  try {
    return purify.sanitize(raw, {
      FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'video', 'audio', 'iframe', 'object', 'embed', 'svg', 'math', 'picture', 'source'],
      FORBID_ATTR: ['style', 'srcset', 'background', 'poster'],
      // DOMPurify's own URI rules stay (they keep `<ol start>` and table `align`); the hook above
      // narrows href and src to http(s).
    });
  } finally {
    allowedHosts = [];
  }
}
