/**
 * A part of the library imported on first use (the run engine, the restore engine, the MCP Apps
 * side), so a page's first load stays small. One import per session and part: later uses share it.
 */
import {loadFailed} from '../errors.js';

/**
 * `load`, called once and shared; a failed import is forgotten (told as `LOAD_FAILED`), so the
 * next use tries again: a network blip must not break the session for good.
 */
export function lazyChunk<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw loadFailed('Part of autoui-agent', error);
    }));
}
