/**
 * `recall(id)`: the loop's own tool. Long and old tool results are shortened for the model
 * (result-buffer.ts) with a hint naming their id; recall gives the full text back from the
 * buffer the loop holds. It belongs to no layer, so no layer can shadow it or be shadowed by it:
 * a page's own tool named `recall` is `{server}_webmcp_recall`, another name.
 */
import type {ProviderTool} from '../providers/language-model.js';
import {ErrorCodes, type AutouiErrorCode} from '../errors.js';
import type {ResultBuffer} from './result-buffer.js';
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
  description: 'Get the full text of a shortened tool result, by the id given in its [recall(...)] hint.',
  input_schema: {type: 'object', properties: {id: {type: 'string'}}, required: ['id'], additionalProperties: false},
};

/** Answers one recall call from the run's buffer. */
export function answerRecall(buffer: ResultBuffer, args: Record<string, unknown>): ToolOutput & {code?: AutouiErrorCode} {
  const id = String(args.id ?? '');
  const full = buffer.get(id);
  if (full !== undefined) return {text: full};
  return {text: `No stored result has the id "${id}". Use an id from a recall hint, such as the one in [recall('…')].`, isError: true, code: ErrorCodes.TOOL_FAILED};
}
