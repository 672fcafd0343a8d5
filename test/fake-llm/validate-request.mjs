/**
 * The checks the real APIs make that a client most often gets wrong, so the fake answers 400
 * where the real service would: Anthropic needs `max_tokens`, alternating roles starting with
 * `user`, non-empty text blocks, and a `tool_result` for every `tool_use` in the next message;
 * OpenAI needs a `tool` message for every `tool_calls` id.
 */

/**
 * @param {'anthropic'|'openai'} wire
 * @param {any} body
 * @returns {string|undefined} the problem, or undefined when the request is well formed
 */
export function validateRequest(wire, body) {
  if (!body || typeof body !== 'object') return 'the body must be a JSON object';
  if (typeof body.model !== 'string' || !body.model) return 'model: field required';
  if (!Array.isArray(body.messages) || body.messages.length === 0) return 'messages: at least one message is required';
  return wire === 'anthropic' ? validateAnthropic(body) : validateOpenAI(body);
}

function validateAnthropic(body) {
  if (typeof body.max_tokens !== 'number') return 'max_tokens: field required';
  let expected = 'user';
  for (const [i, m] of body.messages.entries()) {
    if (m.role !== expected) return `messages.${i}.role: roles must alternate between "user" and "assistant", starting with "user"`;
    expected = expected === 'user' ? 'assistant' : 'user';
    const blocks = typeof m.content === 'string' ? [{type: 'text', text: m.content}] : m.content;
    if (!Array.isArray(blocks) || blocks.length === 0) return `messages.${i}: content must not be empty`;
    if (blocks.some((b) => b.type === 'text' && !b.text)) return `messages.${i}: text content blocks must be non-empty`;
    const uses = blocks.filter((b) => b.type === 'tool_use').map((b) => b.id);
    if (uses.length) {
      const next = body.messages[i + 1];
      const answered = new Set((Array.isArray(next?.content) ? next.content : []).filter((b) => b.type === 'tool_result').map((b) => b.tool_use_id));
      const missing = uses.filter((id) => !answered.has(id));
      if (next && missing.length) return `messages.${i + 1}: tool_use ids were found without tool_result blocks immediately after: ${missing.join(', ')}`;
    }
  }
  return undefined;
}

function validateOpenAI(body) {
  for (const [i, m] of body.messages.entries()) {
    if (m.role !== 'assistant' || !Array.isArray(m.tool_calls)) continue;
    const following = [];
    for (let j = i + 1; j < body.messages.length && body.messages[j].role === 'tool'; j++) following.push(body.messages[j].tool_call_id);
    const missing = m.tool_calls.map((c) => c.id).filter((id) => !following.includes(id));
    if (i + 1 < body.messages.length && missing.length) {
      return `messages.${i}: an assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'; missing: ${missing.join(', ')}`;
    }
  }
  return undefined;
}
