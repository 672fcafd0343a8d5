/**
 * Decodes OpenAI-compatible chat completion chunks into neutral parts. Tool calls are assembled
 * from `tool_calls[].function.arguments` fragments keyed by `index` (several per turn) and held
 * until the finish reason is known: a call cut by `length` is emitted with `inputError`, and a
 * stream that ends without a finish reason or `[DONE]` emits none. After a `[DONE]` with no finish
 * reason, a call whose arguments are empty is emitted with `inputError` (they may never have come). Meanwhile each call's start
 * and argument fragments go out as `tool-input-start` and `tool-input-delta`.
 */
import type {EventSourceMessage} from 'eventsource-parser';
import type {ModelStreamPart, Usage} from '../language-model.js';
import {AutouiError, ErrorCodes} from '../../errors.js';
import {parseToolInput, truncatedInput} from '../parse-tool-input.js';
import type {TurnDecoder} from '../turn-decoder.js';
import {mapOpenAIFinishReason} from './map-openai-finish-reason.js';

interface PendingCall {
  id?: string;
  name: string;
  args: string;
  /** True once `tool-input-start` went out (the name is known). */
  started?: boolean;
}

let generated = 0;

/** A decoder for one OpenAI-compatible turn. */
export class OpenAIDecoder implements TurnDecoder {
  done = false;
  #calls = new Map<number, PendingCall>();
  #finishReason: string | null | undefined;
  #usage: Usage | undefined;
  #failed = false;

  event(message: EventSourceMessage): ModelStreamPart[] {
    if (message.data.trim() === '[DONE]') {
      this.done = true;
      return [];
    }
    let chunk: Record<string, any>;
    try {
      chunk = JSON.parse(message.data);
    } catch {
      return [];
    }
    if (message.event === 'error' || chunk.error) return this.#fail(chunk.error ?? chunk);
    if (chunk.usage) this.#readUsage(chunk.usage);
    const choice = chunk.choices?.[0];
    if (!choice) return [];
    const out: ModelStreamPart[] = [];
    const delta = choice.delta ?? {};
    if (typeof delta.content === 'string' && delta.content) out.push({type: 'text-delta', delta: delta.content});
    (Array.isArray(delta.tool_calls) ? delta.tool_calls : []).forEach((fragment: any, position: number) => out.push(...this.#addFragment(fragment, position)));
    if (choice.finish_reason) this.#finishReason = choice.finish_reason;
    return out;
  }

  end(): ModelStreamPart[] {
    if (this.#failed) return [];
    if (!this.done && this.#finishReason === undefined) {
      return [{type: 'error', error: new AutouiError(ErrorCodes.PROVIDER_STREAM, 'The chat completions stream was cut before the turn ended; its unfinished tool calls were dropped.')}];
    }
    const indexes = [...this.#calls.keys()].sort((a, b) => a - b);
    const parts: ModelStreamPart[] = indexes.map((index) => {
      const call = this.#calls.get(index)!;
      const parsed =
        this.#finishReason === 'length' && index === indexes.at(-1)
          ? truncatedInput(call.args)
          : this.#finishReason === undefined && call.args.trim() === ''
            ? // [DONE] came before any finish reason: empty arguments may be arguments that never
              // arrived, not a call without parameters, so the call is not run on a guess.
              {input: {}, inputError: 'the stream ended before the arguments of this call arrived'}
            : parseToolInput(call.args);
      return {type: 'tool-call', id: (call.id ??= `call_autoui_${++generated}`), name: call.name, ...parsed};
    });
    parts.push({type: 'finish', reason: mapOpenAIFinishReason(this.#finishReason, indexes.length > 0), ...(this.#usage ? {usage: this.#usage} : {}), raw: this.#finishReason ?? undefined});
    return parts;
  }

  json(body: any): ModelStreamPart[] {
    if (body?.error) return this.#fail(body.error);
    if (body?.usage) this.#readUsage(body.usage);
    const choice = body?.choices?.[0] ?? {};
    const message = choice.message ?? {};
    const out: ModelStreamPart[] = typeof message.content === 'string' && message.content ? [{type: 'text-delta', delta: message.content}] : [];
    (Array.isArray(message.tool_calls) ? message.tool_calls : []).forEach((call: any, position: number) => this.#addFragment({...call, index: position}, position));
    this.#finishReason = choice.finish_reason ?? 'stop';
    this.done = true;
    return [...out, ...this.end()];
  }

  /** Adds one fragment; returns the call's start (once its name is known) and its new argument text. */
  #addFragment(fragment: any, position: number): ModelStreamPart[] {
    // Some local servers omit `index` and send each call whole: fall back to its position.
    const index = typeof fragment.index === 'number' ? fragment.index : position;
    let call = this.#calls.get(index);
    if (!call) this.#calls.set(index, (call = {name: '', args: ''}));
    // The first id counts: the streamed parts already carry it.
    if (fragment.id && !call.id) call.id = String(fragment.id);
    const fn = fragment.function ?? {};
    if (fn.name && !call.name) call.name = fn.name;
    // Some servers send the arguments as an object rather than a JSON string.
    const added = typeof fn.arguments === 'string' ? fn.arguments : fn.arguments && typeof fn.arguments === 'object' ? JSON.stringify(fn.arguments) : '';
    call.args += added;
    if (!call.name) return [];
    const out: ModelStreamPart[] = [];
    const id = (call.id ??= `call_autoui_${++generated}`);
    if (!call.started) {
      call.started = true;
      out.push({type: 'tool-input-start', id, name: call.name});
      // Arguments that came before the name go out with the start.
      if (call.args) out.push({type: 'tool-input-delta', id, delta: call.args});
    } else if (added) {
      out.push({type: 'tool-input-delta', id, delta: added});
    }
    return out;
  }

  #readUsage(usage: any): void {
    this.#usage = {
      inputTokens: usage.prompt_tokens ?? 0,
      outputTokens: usage.completion_tokens ?? 0,
      ...(usage.prompt_tokens_details?.cached_tokens ? {cacheReadTokens: usage.prompt_tokens_details.cached_tokens} : {}),
    };
  }

  #fail(error: any): ModelStreamPart[] {
    this.done = true;
    this.#failed = true;
    const type = typeof error?.type === 'string' ? error.type : typeof error?.code === 'string' ? error.code : 'error';
    const text = typeof error === 'string' ? error : (error?.message ?? 'unknown error');
    return [{type: 'error', error: new AutouiError(ErrorCodes.PROVIDER_STREAM, `Chat completions stream error (${type}): ${text}`, {details: {type}})}];
  }
}
