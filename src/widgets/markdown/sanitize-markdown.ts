/**
 * Markdown to safe HTML: marked renders, DOMPurify cleans (design.md 8). On top of DOMPurify's
 * defaults: links only http(s), opened in a new tab without opener or referrer; images only
 * http(s) from the allowed hosts, others replaced by their alt text; no forms, styles or media.
 */
import {Marked} from 'marked';
import createDOMPurify from 'dompurify';
import {imageHostAllowed, safeHref} from '../styles/safe-url.js';

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
  } else if (el.localName === 'img') {
    const src = safeHref(el.getAttribute('src'));
    if (!src || !imageHostAllowed(src, allowedHosts)) {
      const alt = el.getAttribute('alt');
      el.replaceWith(el.ownerDocument.createTextNode(alt ? `[${alt}]` : ''));
    }
  }
});

/** Renders `markdown` to sanitised HTML, allowing images from `imageHosts` only. */
export function markdownToSafeHtml(markdown: string, imageHosts: readonly string[]): string {
  const raw = marked.parse(markdown) as string;
  allowedHosts = imageHosts;
  try {
    return purify.sanitize(raw, {
      FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'video', 'audio', 'iframe', 'object', 'embed', 'svg', 'math'],
      FORBID_ATTR: ['style'],
      ALLOWED_URI_REGEXP: /^https?:/i,
    });
  } finally {
    allowedHosts = [];
  }
}
