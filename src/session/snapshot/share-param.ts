/**
 * Where a share link keeps its canvas: the `autoui` parameter of the page URL's fragment. Apart from
 * the codec (share-link.ts, a lazy chunk), so finding a link on start costs a page nothing.
 */

/** The fragment parameter that holds a shared canvas. */
export const SHARE_PARAM = 'autoui';

/** The share parameter of `url`'s fragment (`#autoui=…`, also among other `&`-separated ones), if any. */
export function findShareFragment(url: string): string | undefined {
  const at = url.indexOf('#');
  if (at < 0) return undefined;
  for (const part of url.slice(at + 1).split('&')) {
    if (part.startsWith(`${SHARE_PARAM}=`)) return part.slice(SHARE_PARAM.length + 1);
  }
  return undefined;
}

/** `url` without the share parameter in its fragment (other parameters kept). */
export function withoutShareParam(url: string): string {
  const at = url.indexOf('#');
  if (at < 0) return url;
  const rest = url
    .slice(at + 1)
    .split('&')
    .filter((part) => !part.startsWith(`${SHARE_PARAM}=`));
  return rest.length ? `${url.slice(0, at)}#${rest.join('&')}` : url.slice(0, at);
}

/**
 * `pageUrl` with its fragment replaced by the share parameter: a fragment the page used for its own
 * routing would not survive a parameter added to it anyway.
 */
export function shareUrlFor(pageUrl: string, value: string): string {
  return `${pageUrl.replace(/#.*$/s, '')}#${SHARE_PARAM}=${value}`;
}
