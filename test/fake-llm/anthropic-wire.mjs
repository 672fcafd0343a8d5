/**
 * The Anthropic Messages API wire format, as documented: the SSE event sequence message_start,
 * ping, content_block_start / content_block_delta (text_delta, input_json_delta) /
 * content_block_stop per block, message_delta (stop_reason, usage), message_stop; the
 * non-streamed message; the error body and the in-stream `error` event.
 */
import {nextId} from './turn-content.mjs';

const STOP = {stop: 'end_turn', 'tool-calls': 'tool_use', length: 'max_tokens'};
const ERROR_TYPES = {400: 'invalid_request_error', 401: 'authentication_error', 403: 'permission_error', 404: 'not_found_error', 413: 'request_too_large', 429: 'rate_limit_error', 500: 'api_error', 529: 'overloaded_error'};

const sse = (event, data) => `event: ${event}\ndata: ${JSON.stringify({type: event, ...data})}\n\n`;

/**
 * The frames of a streamed answer.
 * @returns {{frames: string[], textEnd: number}} `textEnd`: frames up to the last text delta
 */
export function anthropicFrames(content, {model, scenarioId}) {
  const frames = [
    sse('message_start', {
      message: {id: `msg_fake_${nextId()}`, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null,
        usage: {input_tokens: content.usage.input, output_tokens: 1, cache_creation_input_tokens: content.usage.cacheWrite, cache_read_input_tokens: content.usage.cacheRead}},
    }),
    sse('ping', {}),
  ];
  let index = 0;
  let textEnd = frames.length;
  if (content.textPieces.length) {
    frames.push(sse('content_block_start', {index, content_block: {type: 'text', text: ''}}));
    for (const text of content.textPieces) frames.push(sse('content_block_delta', {index, delta: {type: 'text_delta', text}}));
    textEnd = frames.length;
    frames.push(sse('content_block_stop', {index}));
    index++;
  }
  for (const call of content.calls) {
    frames.push(sse('content_block_start', {index, content_block: {type: 'tool_use', id: call.id ?? `toolu_fake_${scenarioId}_${nextId()}`, name: call.name, input: {}}}));
    for (const partial_json of call.fragments) frames.push(sse('content_block_delta', {index, delta: {type: 'input_json_delta', partial_json}}));
    frames.push(sse('content_block_stop', {index}));
    index++;
  }
  frames.push(sse('message_delta', {delta: {stop_reason: STOP[content.finish] ?? content.finish, stop_sequence: null}, usage: {output_tokens: content.usage.output}}));
  frames.push(sse('message_stop', {}));
  return {frames, textEnd};
}

/** The non-streamed message. */
export function anthropicJson(content, {model, scenarioId}) {
  const blocks = [];
  if (content.text) blocks.push({type: 'text', text: content.text});
  for (const call of content.calls) {
    let input;
    try {
      input = JSON.parse(call.json);
    } catch {
      input = {};
    }
    blocks.push({type: 'tool_use', id: call.id ?? `toolu_fake_${scenarioId}_${nextId()}`, name: call.name, input});
  }
  return {
    id: `msg_fake_${nextId()}`, type: 'message', role: 'assistant', model, content: blocks,
    stop_reason: STOP[content.finish] ?? content.finish, stop_sequence: null,
    usage: {input_tokens: content.usage.input, output_tokens: content.usage.output, cache_creation_input_tokens: content.usage.cacheWrite, cache_read_input_tokens: content.usage.cacheRead},
  };
}

/** The error body of an HTTP error. */
export function anthropicErrorBody(status, message, type) {
  return {type: 'error', error: {type: type ?? ERROR_TYPES[status] ?? 'api_error', message}};
}

/** An `error` event sent inside a 200 stream. */
export function anthropicErrorFrame(message, type = 'overloaded_error') {
  return sse('error', {error: {type, message}});
}
