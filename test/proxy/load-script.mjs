/**
 * The scripted conversation of the proxy load test: every visitor asks numbered questions, each
 * question carries a marker naming its visitor and number, and the fake LLM has one turn per
 * question, matched by that marker, whose text names the same visitor and number and whose usage
 * is known. So an answer that went to the wrong visitor, or came back altered, shows in its text,
 * and the tokens the upstream reported can be added up from the script.
 */

/** The `max_tokens` of every question: the outputs below stay under it, as a real model's do. */
export const MAX_TOKENS = 60;

/** The visitor's name, which is also its visitor token's subject. */
export const visitorName = (visitor) => `visitor-${String(visitor).padStart(3, '0')}`;

/** What question `turn` of `visitor` says, and how the fake LLM recognises it. */
export const marker = (visitor, turn) => `[${visitorName(visitor)} question ${turn}]`;

/** The marker in a request body, or undefined. */
export function markerOf(body) {
  const text = body?.messages?.[0]?.content;
  return typeof text === 'string' ? /\[visitor-\d+ question \d+\]/.exec(text)?.[0] : undefined;
}

/** The Anthropic request body of question `turn` of `visitor`. */
export function questionBody(visitor, turn) {
  return {model: 'claude-test', max_tokens: MAX_TOKENS, stream: true, messages: [{role: 'user', content: `${marker(visitor, turn)} What is new today?`}]};
}

/** The answer the fake LLM streams to that question. */
export function answerText(visitor, turn) {
  return `This is answer ${turn} for ${visitorName(visitor)}, streamed in pieces through the shared key proxy.`;
}

/**
 * The usage the fake LLM reports for that answer: input within the question's bytes and output
 * within `max_tokens`, so the proxy's reservation (bytes + max_tokens) bounds it, as it does a
 * real model's. Varied, so the largest request differs from the others.
 */
export function usage(visitor, turn) {
  return {input: 50 + ((visitor * 7 + turn * 13) % 40), output: 15 + ((visitor * 11 + turn * 5) % 40)};
}

/** Tokens (input + output) of that answer. */
export const tokens = (visitor, turn) => usage(visitor, turn).input + usage(visitor, turn).output;

/**
 * The fake LLM's turns for `visitors` visitors asking `questions` questions each.
 * @param {{chunkDelayMs: number}} pace time between frames, so answers last long enough to overlap
 */
export function scriptedTurns(visitors, questions, {chunkDelayMs}) {
  const turns = [];
  for (let v = 0; v < visitors; v++) {
    for (let t = 0; t < questions; t++) {
      turns.push({match: {lastUserIncludes: marker(v, t)}, text: answerText(v, t), usage: usage(v, t), chunkDelayMs});
    }
  }
  return turns;
}
