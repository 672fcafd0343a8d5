/**
 * What a scenario turn says, independent of the wire: text pieces, tool calls with their JSON
 * argument fragments, the finish reason and the usage to report.
 */

let counter = 0;

/** A short unique suffix for message and tool call ids. */
export const nextId = () => `${Date.now().toString(36)}${(++counter).toString(36)}`;

/**
 * @param {any} turn a scenario turn
 * @param {any} body the request body (to estimate input tokens)
 */
export function turnContent(turn, body) {
  const text = typeof turn.text === 'string' ? turn.text : '';
  const calls = (turn.toolCalls ?? []).map((c, i) => {
    // rawInput lets a scenario send arguments that are not valid JSON, as a confused model does.
    const json = typeof c.rawInput === 'string' ? c.rawInput : JSON.stringify(c.input ?? {});
    // fragmentSize: characters per argument fragment (12 by default; a real model sends a token, 3 to 4).
    return {id: c.id, name: c.name, json, fragments: split(json, Math.max(1, turn.fragmentSize ?? 12)), index: i};
  });
  const finish = turn.finish ?? (calls.length ? 'tool-calls' : 'stop');
  const output = Math.max(1, Math.ceil((text.length + calls.reduce((n, c) => n + c.json.length, 0)) / 4));
  const usage = {
    input: turn.usage?.input ?? Math.ceil(JSON.stringify(body ?? {}).length / 4),
    output: turn.usage?.output ?? output,
    cacheRead: turn.usage?.cacheRead ?? 0,
    cacheWrite: turn.usage?.cacheWrite ?? 0,
  };
  return {text, textPieces: text ? text.match(/\S+\s*|\s+/g).reduce(groupWords, []) : [], calls, finish, usage};
}

// Three words per delta: enough pieces to see streaming, few enough to keep streams short.
function groupWords(pieces, word, i) {
  if (i % 3 === 0) pieces.push(word);
  else pieces[pieces.length - 1] += word;
  return pieces;
}

function split(s, size) {
  const out = [];
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  return out;
}
