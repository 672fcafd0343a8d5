/** What the display tools (`widget_display`, `canvas`, and the drafts of streaming calls) check params against. */
import type {WidgetCatalog} from '../schema/widget-spec.js';
import type {BlockedImagePolicy} from './url-policy.js';

/** What the display and canvas tools check params against. */
export interface DisplayRules {
  /** The widget types that can be shown. */
  catalog: WidgetCatalog;
  /** Hosts images may come from, read at each call (the page may change them). */
  imageHosts: () => readonly string[];
  /**
   * Images from hosts the page did not allow: `gate` (default) keeps them and the widget shows a
   * button naming the host, loading nothing until a person clicks; `drop` removes them.
   */
  blockedImages?: BlockedImagePolicy;
}
