/**
 * The OpenAI chat completions wire format: `chat.completion.chunk` objects as `data:` lines,
 * tool calls as `tool_calls[].function.arguments` fragments keyed by `index`, a final chunk with
 * `finish_reason`, a usage chunk when `stream_options.include_usage` is set, then `data: [DONE]`;
 * the non-streamed completion; the error body and an in-stream error chunk.
 */
import {nextId} from './turn-content.mjs';

const FINISH = {stop: 'stop', 'tool-calls': 'tool_calls', length: 'length'};
const data = (obj) => `data: ${JSON.stringify(obj)}\n\n`;

/**
 * The frames of a streamed answer.
 * @returns {{frames: string[], textEnd: number}}
 */
export function openaiFrames(content, {model, scenarioId, includeUsage}) {
  const id = `chatcmpl-fake-${nextId()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta, finish_reason = null) => data({id, object: 'chat.completion.chunk', created, model, choices: [{index: 0, delta, finish_reason}]});
  const frames = [chunk({role: 'assistant', content: ''})];
  for (const piece of content.textPieces) frames.push(chunk({content: piece}));
  const textEnd = frames.length;
  for (const call of content.calls) {
    const callId = call.id ?? `call_fake_${scenarioId}_${nextId()}`;
    frames.push(chunk({tool_calls: [{index: call.index, id: callId, type: 'function', function: {name: call.name, arguments: ''}}]}));
    for (const args of call.fragments) frames.push(chunk({tool_calls: [{index: call.index, function: {arguments: args}}]}));
  }
  frames.push(chunk({}, FINISH[content.finish] ?? content.finish));
  if (includeUsage) frames.push(data({id, object: 'chat.completion.chunk', created, model, choices: [], usage: usage(content)}));
  frames.push('data: [DONE]\n\n');
  return {frames, textEnd};
}

/** The non-streamed completion. */
export function openaiJson(content, {model, scenarioId}) {
  const tool_calls = content.calls.map((c) => ({id: c.id ?? `call_fake_${scenarioId}_${nextId()}`, type: 'function', function: {name: c.name, arguments: c.json}}));
  return {
    id: `chatcmpl-fake-${nextId()}`, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model,
    choices: [{index: 0, message: {role: 'assistant', content: content.text || null, ...(tool_calls.length ? {tool_calls} : {})}, finish_reason: FINISH[content.finish] ?? content.finish}],
    usage: usage(content),
  };
}

function usage(content) {
  return {
    prompt_tokens: content.usage.input, completion_tokens: content.usage.output, total_tokens: content.usage.input + content.usage.output,
    prompt_tokens_details: {cached_tokens: content.usage.cacheRead},
  };
}

/** The error body of an HTTP error. */
export function openaiErrorBody(status, message, type) {
  return {error: {message, type: type ?? (status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error'), param: null, code: null}};
}

/** An error chunk sent inside a 200 stream (what OpenAI-compatible servers do mid-stream). */
export function openaiErrorFrame(message, type = 'server_error') {
  return data({error: {message, type, param: null, code: null}});
}
