/**
 * The widgets of a snapshot being restored, checked before any is shown: each by the first in-page
 * layer that shows its type (`restoreWidget`, which applies what a `widget_display` call would),
 * then by the page (its veto). What does not pass is left out, with why; nothing is shown as it
 * was written. Part of the restore chunk.
 */
import type {ToolLayer, WidgetRestoreCheck} from '../../agent/types.js';
import type {NewWidget} from '../../agent/widget-sink.js';
import type {DroppedPart, ReadWidget} from './read-snapshot.js';
import type {SnapshotWidget} from './snapshot-format.js';

/** The widgets that may be shown, in order, with their checked params and style; the rest go to `dropped`. */
export function checkRestoredWidgets(
  widgets: readonly ReadWidget[],
  layers: readonly ToolLayer[],
  pageAllows: (widget: NewWidget) => boolean,
  dropped: DroppedPart[],
): SnapshotWidget[] {
  return widgets.flatMap((widget) => {
    const leftOut = (reason: string, unknownType = false) => {
      dropped.push({part: 'widget', type: widget.type.slice(0, 60), index: widget.index, ...(unknownType ? {unknownType} : {}), reason});
      return [];
    };
    let check: WidgetRestoreCheck | undefined;
    for (const layer of layers) {
      if (layer.protocol !== 'webmcp' || !layer.restoreWidget) continue;
      try {
        check = layer.restoreWidget({type: widget.type, params: widget.params, ...(widget.style ? {style: widget.style} : {})});
      } catch {
        return leftOut(`the ${layer.serverName} layer could not check it`);
      }
      if (check) break;
    }
    if (!check) return leftOut('no layer shows widgets of this type', true);
    if (!check.ok) return leftOut(check.reason);
    if (!pageAllows({type: check.widget.type, params: check.widget.params})) return leftOut('the page vetoed it');
    const {position, size, source} = widget;
    return [{id: widget.id, ...check.widget, ...(position ? {position} : {}), ...(size ? {size} : {}), ...(source ? {source} : {})}];
  });
}
