/**
 * Where the element's widgets may load images and map tiles from, read at each display call and
 * by the canvas's environment: the page's list, else the hosts of its MCP servers.
 */

/** Hosts images and tiles may load from: the `image-hosts` attribute, else the hosts of the MCP servers. */
export function allowedImageHosts(attribute: string, serverUrls: readonly string[], base: string): string[] {
  const own = attribute.split(/\s+/).filter(Boolean);
  if (own.length) return own;
  return serverUrls.flatMap((url) => {
    try {
      return [new URL(url, base).host];
    } catch {
      return [];
    }
  });
}
