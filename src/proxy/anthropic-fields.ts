/**
 * The Anthropic Messages body the proxy forwards, rebuilt from an allow-list: the fields the
 * element and the official SDKs send for a chat with client tools, and nothing the proxy cannot
 * count. A server tool (web search, code execution, MCP connectors), a block the provider fetches
 * from a URL or a file id, or another service tier would spend tokens or money no reservation
 * bounds, so each is refused with a 400 that names it; fields off the list are dropped.
 */
import {array, BodyRefusal, cacheControl, dropped, isObject, object, pick, refuse, refuseFields, string} from './body-fields.js';

/** Top-level fields forwarded on the Anthropic route (`max_tokens` and `stream` are set by the caller). */
export const ANTHROPIC_FIELDS = ['model', 'messages', 'system', 'max_tokens', 'stream', 'tools', 'tool_choice', 'temperature', 'top_p', 'top_k', 'stop_sequences'] as const;

/** Fields refused: each multiplies what a request costs beyond what its reservation counts. */
const REFUSED = {
  mcp_servers: 'the provider would call MCP servers whose results it bills as input tokens the proxy never sees.',
  container: 'code execution is billed by the hour and produces tokens the proxy cannot bound.',
  service_tier: 'the service tier changes the price; the proxy uses the default tier.',
  context_management: 'a beta feature the proxy does not forward.',
};

/** The rebuilt body and its images (each reserves a fixed count of tokens: its bytes do not bound them). */
export interface ForwardedBody {
  body: Record<string, unknown>;
  images: number;
  /** Top-level fields the page sent that were not forwarded. */
  dropped: string[];
}

/** Rebuilds an Anthropic Messages body, or throws a {@link BodyRefusal}. */
export function anthropicBody(source: Record<string, unknown>): ForwardedBody {
  refuseFields(source, REFUSED);
  const counter = {images: 0};
  const body = pick(source, ['model', 'max_tokens', 'stream', 'temperature', 'top_p', 'top_k', 'stop_sequences']);
  body.messages = array(source.messages, 'messages').map((m, i) => message(object(m, `messages.${i}`), `messages.${i}`, counter));
  if (source.system !== undefined) {
    body.system = typeof source.system === 'string' ? source.system : array(source.system, 'system').map((b, i) => textBlock(object(b, `system.${i}`), `system.${i}`));
  }
  if (source.tools !== undefined) body.tools = array(source.tools, 'tools').map((t, i) => tool(object(t, `tools.${i}`), `tools.${i}`));
  if (source.tool_choice !== undefined) {
    const choice = object(source.tool_choice, 'tool_choice');
    body.tool_choice = pick(choice, ['type', 'name', 'disable_parallel_tool_use']);
  }
  return {body, images: counter.images, dropped: dropped(source, ANTHROPIC_FIELDS)};
}

function message(m: Record<string, unknown>, where: string, counter: {images: number}): Record<string, unknown> {
  const role = m.role === 'user' || m.role === 'assistant' ? m.role : refuse(`${where}.role must be "user" or "assistant".`);
  if (typeof m.content === 'string') return {role, content: m.content};
  return {role, content: array(m.content, `${where}.content`).map((b, i) => block(object(b, `${where}.content.${i}`), `${where}.content.${i}`, counter))};
}

function textBlock(b: Record<string, unknown>, where: string): Record<string, unknown> {
  if (b.type !== 'text') refuse(`${where} must be a text block.`);
  return {type: 'text', text: string(b.text, `${where}.text`), ...cacheControl(b.cache_control)};
}

function block(b: Record<string, unknown>, where: string, counter: {images: number}): Record<string, unknown> {
  switch (b.type) {
    case 'text':
      return textBlock(b, where);
    case 'image':
      counter.images++;
      return {type: 'image', source: base64Source(b.source, `${where}.source`), ...cacheControl(b.cache_control)};
    case 'document': {
      // A plain-text document is counted by its bytes; a PDF's pages or a fetched URL are not.
      const source = object(b.source, `${where}.source`);
      if (source.type !== 'text') refuse(`The proxy forwards only plain-text documents (${where}.source.type "text"): a PDF, a URL or a file id costs tokens its bytes do not bound.`);
      return {type: 'document', source: {type: 'text', media_type: 'text/plain', data: string(source.data, `${where}.source.data`)}, ...pick(b, ['title', 'context']), ...cacheControl(b.cache_control)};
    }
    case 'tool_use':
      return {type: 'tool_use', id: string(b.id, `${where}.id`), name: string(b.name, `${where}.name`), input: object(b.input, `${where}.input`), ...cacheControl(b.cache_control)};
    case 'tool_result': {
      const content =
        b.content === undefined || typeof b.content === 'string'
          ? b.content
          : array(b.content, `${where}.content`).map((c, i) => {
              const inner = object(c, `${where}.content.${i}`);
              return inner.type === 'image' ? block(inner, `${where}.content.${i}`, counter) : textBlock(inner, `${where}.content.${i}`);
            });
      return {type: 'tool_result', tool_use_id: string(b.tool_use_id, `${where}.tool_use_id`), ...(content === undefined ? {} : {content}), ...(typeof b.is_error === 'boolean' ? {is_error: b.is_error} : {}), ...cacheControl(b.cache_control)};
    }
    default:
      return refuse(`The proxy does not forward ${where} of type ${JSON.stringify(String(b.type).slice(0, 40))}: only text, image, plain-text document, tool_use and tool_result blocks.`);
  }
}

/** An image's source: inline base64 only (a URL or a file id would be fetched by the provider). */
function base64Source(value: unknown, where: string): Record<string, unknown> {
  const source = object(value, where);
  if (source.type !== 'base64') refuse(`The proxy forwards only inline base64 images (${where}.type "base64"), not images the provider fetches from a URL or a file.`);
  return {type: 'base64', media_type: string(source.media_type, `${where}.media_type`), data: string(source.data, `${where}.data`)};
}

/** A client tool: the page runs it. Server tools (any other `type`) run, and bill, at the provider. */
function tool(t: Record<string, unknown>, where: string): Record<string, unknown> {
  if (t.type !== undefined && t.type !== 'custom') {
    refuse(`The proxy does not forward the server tool ${JSON.stringify(String(t.type).slice(0, 60))} (${where}): it runs at the provider and bills searches, fetches or execution time the proxy cannot count.`);
  }
  return {name: string(t.name, `${where}.name`), ...pick(t, ['description']), input_schema: isObject(t.input_schema) ? t.input_schema : refuse(`${where}.input_schema must be an object.`), ...cacheControl(t.cache_control)};
}

export {BodyRefusal};
