/**
 * Where a view is loaded: the sandbox proxy page (`sandbox-url`), on another origin than the
 * page's, framed with the browser features the view declared; and how its frame outlives its
 * element while the view hears it is torn down.
 */
import type {McpAppHost} from '../../schema/mcp-app-view.js';

/** Milliseconds the sandbox page has to say it is ready. */
export const SANDBOX_READY_MS = 10_000;

/**
 * The sandbox page's URL when there is one usable (http(s), not on the page's origin), else why
 * not: no sandbox at all, or one on the page's own origin, where the view could reach the page.
 */
export function sandboxUrlOf(host: McpAppHost): URL | 'noSandbox' | 'sameOrigin' {
  let url: URL | undefined;
  try {
    url = host.sandboxUrl ? new URL(host.sandboxUrl, location.href) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return 'noSandbox';
  if (url.origin === location.origin) return 'sameOrigin';
  return url;
}

/** The allow attribute (Permissions Policy) for what a view declared; the outer frame must delegate it too. */
export function allowOf(permissions: Record<string, unknown> | undefined): string {
  const features: Record<string, string> = {camera: 'camera', microphone: 'microphone', geolocation: 'geolocation', clipboardWrite: 'clipboard-write'};
  return Object.entries(features)
    .filter(([key]) => permissions?.[key] && typeof permissions[key] === 'object')
    .map(([, feature]) => feature)
    .join('; ');
}

/**
 * Keeps `frame`'s document alive where the page cannot see it, while its element is removed (a
 * view told of its teardown may answer first): `moveBefore` moves a frame without reloading it.
 * Returns what ends it. Where frames cannot be moved, the view is told, and goes with its widget.
 */
export function parkFrame(frame: HTMLIFrameElement | null): () => void {
  const parking = document.createElement('div');
  parking.hidden = true;
  const movable = frame && typeof (document.body as unknown as {moveBefore?: unknown}).moveBefore === 'function';
  if (movable) {
    document.body.append(parking);
    try {
      (parking as unknown as {moveBefore(node: Node, child: Node | null): void}).moveBefore(frame, null);
    } catch {
      // Not movable here: the view is told, and goes with its widget.
    }
  }
  return () => parking.remove();
}
