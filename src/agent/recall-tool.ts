/**
 * `recall(id, offset?)`: the loop's own tool. Long and old tool results are shortened for the model
 * (result-buffer.ts) with a hint naming their id; recall gives the text back from the buffer the
 * loop holds, at most {@link MAX_RESULT_LENGTH} characters at a time: a longer result comes in
 * parts, each saying the offset of the next, so no recall is larger than any other tool result
 * (a 40 MB result recalled whole would cost the page, and the model's context, as much as
 * never shortening it). It belongs to no layer, so no layer can shadow it or be shadowed by it:
 * a page's own tool named `recall` is `{server}_webmcp_recall`, another name.
 */
import type {ProviderTool} from '../providers/language-model.js';
import {ErrorCodes, type AutouiErrorCode} from '../errors.js';
import {MAX_RESULT_LENGTH, type ResultBuffer} from './result-buffer.js';
import type {ToolOutput} from './types.js';

/** The name the model calls recall by (layer tools always carry a `{server}_{protocol}_` prefix). */
export const RECALL_TOOL_NAME = 'recall';

/**
 * The name the seed gave recall, as a tool of its `autoui` layer: still routed to recall for a
 * model that uses it, unless a layer's own tool has that name.
 */
export const SEED_RECALL_NAME = 'autoui_webmcp_recall';

/** The recall tool as offered to the model, from the first request on. */
export const RECALL_TOOL: ProviderTool = {
  name: RECALL_TOOL_NAME,
  description: `Get the full text of a shortened tool result, by the id given in its [recall(...)] hint, ${MAX_RESULT_LENGTH.toLocaleString('en')} characters at a time from offset (default 0); a longer one ends with the offset of its next part.`,
  input_schema: {
    type: 'object',
    properties: {id: {type: 'string'}, offset: {type: 'integer', minimum: 0, description: 'Where to start, in characters (default 0)'}},
    required: ['id'],
    additionalProperties: false,
  },
};

/** What ends a part of a result: where it is, and how to ask for the next one. */
function partNote(id: string, offset: number, end: number, total: number): string {
  if (end >= total) return `… [characters ${offset}–${total} of ${total}: the end]`;
  return `… [characters ${offset}–${end} of ${total}; recall({"id": ${JSON.stringify(id)}, "offset": ${end}}) for the next part]`;
}

/**
 * Answers one recall call from the run's buffer: the whole result when it fits in `partLength`
 * characters, else the part from `args.offset`, never longer than `partLength`.
 */
export function answerRecall(buffer: ResultBuffer, args: Record<string, unknown>, partLength = MAX_RESULT_LENGTH): ToolOutput & {code?: AutouiErrorCode} {
  const id = String(args.id ?? '');
  const full = buffer.get(id);
  if (full === undefined) {
    return {text: `No stored result has the id "${id.slice(0, 100)}". Use an id from a recall hint, such as the one in [recall('…')].`, isError: true, code: ErrorCodes.TOOL_FAILED};
  }
  const offset = typeof args.offset === 'number' && Number.isInteger(args.offset) && args.offset > 0 ? args.offset : 0;
  if (offset === 0 && full.length <= partLength) return {text: full};
  if (offset >= full.length) {
    return {text: `The result "${id}" has ${full.length} characters: offset ${offset} is past its end.`, isError: true, code: ErrorCodes.TOOL_INPUT_INVALID};
  }
  // The note's length with the furthest end it could name: the part and its note fit in partLength.
  const room = partLength - partNote(id, offset, offset + partLength, full.length + partLength).length;
  const end = Math.min(full.length, offset + Math.max(1, room));
  return {text: full.slice(offset, end) + partNote(id, offset, end, full.length)};
}
