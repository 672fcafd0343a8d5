/**
 * Decodes the Messages API event stream (message_start, content_block_start/delta/stop,
 * message_delta, message_stop, ping, error) into neutral parts. Text goes out as it arrives;
 * tool calls are held until the turn's stop reason is known, so a call cut off by `max_tokens`
 * is emitted with `inputError` instead of being executed, and a cut stream emits none. Meanwhile
 * each call's start and argument fragments go out as `tool-input-start` and `tool-input-delta`.
 */
import type {EventSourceMessage} from 'eventsource-parser';
import type {ModelStreamPart, Usage} from '../language-model.js';
import {AutouiError, ErrorCodes} from '../../errors.js';
import {parseToolInput, truncatedInput} from '../parse-tool-input.js';
import type {TurnDecoder} from '../turn-decoder.js';
import {mapAnthropicStopReason} from './map-anthropic-stop-reason.js';

type Block = {kind: 'text'} | {kind: 'tool'; id: string; name: string; json: string; initial?: Record<string, unknown>} | {kind: 'other'};

interface AnthropicUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

/** A decoder for one Anthropic turn. */
export class AnthropicDecoder implements TurnDecoder {
  done = false;
  #blocks = new Map<number, Block>();
  #usage: Usage = {inputTokens: 0, outputTokens: 0};
  #stopReason: string | null | undefined;
  #failed = false;

  event(message: EventSourceMessage): ModelStreamPart[] {
    let data: Record<string, any>;
    try {
      data = JSON.parse(message.data);
    } catch {
      return []; // not JSON: nothing we understand (comments and pings carry no content)
    }
    switch (message.event ?? data.type) {
      case 'message_start':
        this.#addUsage(data.message?.usage);
        return [];
      case 'content_block_start':
        return this.#start(data.index, data.content_block ?? {});
      case 'content_block_delta': {
        const block = this.#blocks.get(data.index);
        const delta = data.delta ?? {};
        if (delta.type === 'text_delta' && typeof delta.text === 'string' && delta.text) return [{type: 'text-delta', delta: delta.text}];
        if (delta.type === 'input_json_delta' && block?.kind === 'tool' && typeof delta.partial_json === 'string' && delta.partial_json) {
          block.json += delta.partial_json;
          return [{type: 'tool-input-delta', id: block.id, delta: delta.partial_json}];
        }
        return [];
      }
      case 'message_delta':
        this.#stopReason = data.delta?.stop_reason ?? this.#stopReason;
        this.#addUsage(data.usage);
        return [];
      case 'message_stop':
        this.done = true;
        return [];
      case 'error': {
        this.done = true;
        this.#failed = true;
        const type = data.error?.type ?? 'error';
        const text = data.error?.message ?? 'unknown error';
        return [{type: 'error', error: new AutouiError(ErrorCodes.PROVIDER_STREAM, `Anthropic API stream error (${type}): ${text}`, {details: {type}})}];
      }
      default:
        return []; // ping, content_block_stop, and event types added later
    }
  }

  end(): ModelStreamPart[] {
    if (this.#failed) return [];
    if (!this.done && this.#stopReason === undefined) {
      return [{type: 'error', error: new AutouiError(ErrorCodes.PROVIDER_STREAM, 'The Anthropic API stream was cut before the turn ended; its unfinished tool calls were dropped.')}];
    }
    const indexes = [...this.#blocks.keys()].sort((a, b) => a - b);
    const lastIndex = indexes.at(-1);
    const parts: ModelStreamPart[] = [];
    for (const index of indexes) {
      const block = this.#blocks.get(index)!;
      if (block.kind !== 'tool') continue;
      // The block open when max_tokens struck is the last one; its JSON may even parse, but is partial.
      const parsed =
        this.#stopReason === 'max_tokens' && index === lastIndex
          ? truncatedInput(block.json)
          : block.json === '' && block.initial ? {input: block.initial} : parseToolInput(block.json);
      parts.push({type: 'tool-call', id: block.id, name: block.name, ...parsed});
    }
    parts.push({type: 'finish', reason: mapAnthropicStopReason(this.#stopReason), usage: this.#usage, raw: this.#stopReason ?? undefined});
    return parts;
  }

  json(body: any): ModelStreamPart[] {
    this.#addUsage(body?.usage);
    this.#stopReason = body?.stop_reason ?? 'end_turn';
    this.done = true;
    const out: ModelStreamPart[] = [];
    (Array.isArray(body?.content) ? body.content : []).forEach((block: any, index: number) => {
      // A whole answer has no streamed calls: only its text and, in end(), its tool calls.
      out.push(...this.#start(index, block).filter((part) => part.type !== 'tool-input-start'));
      const current = this.#blocks.get(index);
      if (current?.kind === 'tool') current.json = JSON.stringify(block.input ?? {});
    });
    return [...out, ...this.end()];
  }

  #start(index: number, block: Record<string, any>): ModelStreamPart[] {
    if (block.type === 'text') {
      this.#blocks.set(index, {kind: 'text'});
      return typeof block.text === 'string' && block.text ? [{type: 'text-delta', delta: block.text}] : [];
    }
    if (block.type === 'tool_use') {
      const initial = block.input && typeof block.input === 'object' && Object.keys(block.input).length ? block.input : undefined;
      const tool = {kind: 'tool' as const, id: String(block.id), name: String(block.name), json: '', initial};
      this.#blocks.set(index, tool);
      return [{type: 'tool-input-start', id: tool.id, name: tool.name}];
    }
    this.#blocks.set(index, {kind: 'other'}); // thinking, server tools: not ours to run
    return [];
  }

  #addUsage(usage: AnthropicUsage | undefined): void {
    if (!usage) return;
    // message_delta's counts are cumulative: the latest value wins.
    if (typeof usage.input_tokens === 'number') this.#usage.inputTokens = usage.input_tokens;
    if (typeof usage.output_tokens === 'number') this.#usage.outputTokens = usage.output_tokens;
    if (typeof usage.cache_read_input_tokens === 'number') this.#usage.cacheReadTokens = usage.cache_read_input_tokens;
    if (typeof usage.cache_creation_input_tokens === 'number') this.#usage.cacheWriteTokens = usage.cache_creation_input_tokens;
  }
}
