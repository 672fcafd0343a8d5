/**
 * Applies one snapshot to a session (part of the restore engine, a lazy chunk): reads it as
 * untrusted input, lets the view load what checking widgets needs, checks every widget as a
 * `widget_display` call is checked and offers it to the page, then puts the canvas, the transcript
 * and (when it holds together) the conversation in place of the session's, unless a `clear()` or
 * a question came meanwhile. A share link's transcript and conversation are never taken.
 */
import type {WidgetInstance} from '../../agent/widget-sink.js';
import {AutouiError, ErrorCodes} from '../../errors.js';
import type {ResultBuffer} from '../../agent/result-buffer.js';
import {checkRestoredWidgets} from './check-restored-widgets.js';
import {readSnapshot} from './read-snapshot.js';
import type {RestoreResult, RestoreRun} from './restore-types.js';
import type {RestoreSource} from '../transcript.js';

/** Restores `input` (from `source`) into the session `run` describes. See the module comment. */
export async function restoreSnapshot(input: unknown, source: RestoreSource, run: RestoreRun): Promise<RestoreResult> {
  const {conversation} = run;
  let read: ReturnType<typeof readSnapshot>;
  let buffer: ResultBuffer | undefined;
  try {
    read = readSnapshot(input);
    // A share link carries a canvas, nothing else: lines or a history written by whoever made
    // the link would speak in the agent's voice and be sent to the model.
    if (source === 'share') read = {widgets: read.widgets, transcript: [], files: read.files, dropped: read.dropped.filter((d) => d.part === 'widget')};
    // The layers that check widgets, and the result buffer of a restored conversation.
    await run.prepare();
    if (read.conversation) {
      const engine = await run.loadEngine();
      buffer = new engine.ResultBuffer();
      for (const result of read.conversation.results) buffer.set(result.id, result.text, result.iteration);
    }
  } catch (error) {
    const failure = AutouiError.isInstance(error) ? error : new AutouiError(ErrorCodes.SNAPSHOT_INVALID, `The snapshot could not be read (${String((error as Error)?.message ?? error)}).`, {cause: error});
    conversation.fail(failure.code, failure.message);
    throw failure;
  }
  if (run.startEpoch !== run.epoch()) throw conversation.refuse(ErrorCodes.ABORTED, 'clear() was called while a snapshot was being restored; it was not restored.');
  if (run.busy()) throw conversation.refuse(ErrorCodes.RUN_IN_PROGRESS, 'A question started while the snapshot was read; it was not restored.');

  const dropped = [...read.dropped];
  const accepted = checkRestoredWidgets(read.widgets, run.layers(), conversation.offer, dropped);
  // No epoch change: the only question alive now is one waiting for this restore, which has
  // written nothing yet and goes on from the restored conversation.
  run.forgetApprovals();
  conversation.replace({history: read.conversation?.messages ?? [], buffer, transcript: read.transcript});
  run.applying(true);
  let widgets: WidgetInstance[];
  try {
    widgets = run.widgets.replaceAll(accepted);
  } finally {
    run.applying(false);
  }
  // The types, once each and at most 20: a notice is a line, and a snapshot keeps it.
  const droppedTypes = [...new Set(dropped.filter((d) => d.part === 'widget').map((d) => d.type ?? 'widget'))].slice(0, 20);
  // The person is told why the canvas is not empty, and what could not come back; a page that
  // restores its own snapshot, or an empty one, with nothing left out, adds no line.
  const empty = widgets.length === 0 && read.transcript.length === 0 && !read.conversation?.messages.length;
  if ((source !== 'snapshot' && !empty) || dropped.length) {
    conversation.notice({reason: 'restored', level: 'info', restored: {source, widgets: widgets.length, dropped: droppedTypes}});
  }
  const result: RestoreResult = {widgets, dropped, conversation: read.conversation !== undefined, ...(read.files.length ? {files: read.files} : {})};
  conversation.emit({type: 'restored', source, ...result});
  return result;
}
