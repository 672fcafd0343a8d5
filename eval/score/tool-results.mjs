/**
 * Which tool calls of a run brought data. Recipes, tool lists and the widget tools are left out:
 * a recipe's example figures or a widget call echoing its own params are not data a figure may
 * come from.
 */

/** Real tool names (and canonical names) that describe how to answer, not what the data is. */
const GUIDANCE = new Set(['search_recipes', 'list_recipes', 'get_recipe', 'find_skills', 'browse_skills', 'read_skill', 'list_tools', 'search_tools']);

/**
 * True when `call` answered with data from a server.
 * @param {import('../types.mjs').RecordedCall} call
 */
export function isDataCall(call) {
  if (call.error || call.name.startsWith('autoui_')) return false;
  // Both the server's own name (find_skills) and the canonical one the model used (get_recipe).
  const canonical = call.name.replace(/^[^_]+_[^_]+_/, '');
  return !GUIDANCE.has(call.tool ?? canonical) && !GUIDANCE.has(canonical);
}

/**
 * True when `call` showed or changed a widget (`widget_display`, `canvas`).
 * @param {import('../types.mjs').RecordedCall} call
 */
export function isWidgetCall(call) {
  return /^autoui_webmcp_(widget_display|canvas)$/.test(call.name);
}
