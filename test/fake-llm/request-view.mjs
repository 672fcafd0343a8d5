/**
 * A wire-neutral view of an incoming Anthropic or OpenAI request, for matching scenario turns:
 * which tools are offered, the latest tool results, the latest user text, the system prompt.
 */

/**
 * @typedef {{tools: string[], lastToolResults: string[], lastUser: string, system: string}} RequestView
 */

/**
 * @param {'anthropic'|'openai'} wire
 * @param {any} body the parsed request body
 * @returns {RequestView}
 */
export function requestView(wire, body) {
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  if (wire === 'anthropic') {
    const tools = (body.tools ?? []).map((t) => t.name);
    const system = typeof body.system === 'string' ? body.system : (body.system ?? []).map((b) => b.text ?? '').join('\n');
    let lastToolResults = [];
    let lastUser = '';
    for (const m of messages) {
      if (m.role !== 'user') continue;
      const blocks = typeof m.content === 'string' ? [{type: 'text', text: m.content}] : (m.content ?? []);
      const results = blocks.filter((b) => b.type === 'tool_result').map((b) => blockText(b.content));
      if (results.length) lastToolResults = results;
      const texts = blocks.filter((b) => b.type === 'text').map((b) => b.text);
      if (texts.length) lastUser = texts.join('\n');
    }
    return {tools, lastToolResults, lastUser, system};
  }
  const tools = (body.tools ?? []).map((t) => t.function?.name);
  let lastToolResults = [];
  let lastUser = '';
  let inToolRun = false;
  for (const m of messages) {
    if (m.role === 'tool') {
      if (!inToolRun) lastToolResults = [];
      lastToolResults.push(blockText(m.content));
      inToolRun = true;
      continue;
    }
    inToolRun = false;
    if (m.role === 'user') lastUser = blockText(m.content);
  }
  const system = messages.filter((m) => m.role === 'system').map((m) => blockText(m.content)).join('\n');
  return {tools, lastToolResults, lastUser, system};
}

function blockText(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((c) => c.text ?? '').join('\n');
  return '';
}

/**
 * True when `match` holds for `view`. Keys: `toolOffered` / `toolNotOffered` (a name or a list;
 * a name matches exactly or as the suffix after `_`, so `widget_display` matches
 * `autoui_webmcp_widget_display`), `lastToolResultIncludes`, `lastUserIncludes`, `systemIncludes`.
 * @param {Record<string, any>|undefined} match
 * @param {RequestView} view
 */
export function matches(match, view) {
  if (!match) return true;
  const offered = (name) => view.tools.some((t) => t === name || t.endsWith(`_${name}`));
  const list = (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
  if (!list(match.toolOffered).every(offered)) return false;
  if (list(match.toolNotOffered).some(offered)) return false;
  if (match.lastToolResultIncludes !== undefined && !view.lastToolResults.some((r) => r.includes(match.lastToolResultIncludes))) return false;
  if (match.lastUserIncludes !== undefined && !view.lastUser.includes(match.lastUserIncludes)) return false;
  if (match.systemIncludes !== undefined && !view.system.includes(match.systemIncludes)) return false;
  return true;
}
