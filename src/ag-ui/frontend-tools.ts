/**
 * The page's in-page tools offered to an AG-UI agent as its frontend tools: every tool of the
 * run's WebMCP layers (`widget_display`, `canvas`, the recipes, a page's own tools), with its JSON
 * Schema. A call the agent makes to one runs through the loop's own dispatcher: the same
 * validation, URL rules, page veto and approval, and the same error results the agent can act on.
 * Each tool is offered under its own name (`widget_display`) when no other layer's tool has it,
 * else under its prefixed name (`designkit_webmcp_widget_display`), so names stay unique.
 */
import type {Tool} from '@ag-ui/core';
import type {ApprovalGate} from '../agent/approval.js';
import {Dispatcher, type ToolCall} from '../agent/dispatcher.js';
import {ResultBuffer} from '../agent/result-buffer.js';
import {RunWidgets, type WidgetRecord} from '../agent/run-widgets.js';
import {runStepOf, type RunStep} from '../agent/run-step.js';
import {ToolCatalog, type CatalogEntry} from '../agent/tool-catalog.js';
import type {ToolLayer} from '../agent/types.js';
import type {WidgetSink} from '../agent/widget-sink.js';

/** Options of {@link FrontendTools}. */
export interface FrontendToolsOptions {
  signal: AbortSignal;
  /** The canvas the tools show widgets on. */
  widgets?: WidgetSink;
  approval?: ApprovalGate;
  toolTimeoutMs?: number;
}

/** What one frontend call gave: the record for `onToolCall`, and the text the agent reads. */
export interface FrontendCallOutcome {
  call: ToolCall;
  /** The result as sent back to the agent (capped like the loop's). */
  text: string;
  isError: boolean;
}

/** The frontend tools of one question. */
export class FrontendTools {
  /** The tools as AG-UI sends them. */
  readonly tools: Tool[];
  readonly #catalog: ToolCatalog;
  readonly #entries = new Map<string, CatalogEntry>();
  readonly #shown: RunWidgets;
  readonly #dispatcher: Dispatcher;
  #calls = 0;

  constructor(layers: readonly ToolLayer[], options: FrontendToolsOptions) {
    this.#catalog = new ToolCatalog(layers.filter((layer) => layer.protocol === 'webmcp'));
    const counts = new Map<string, number>();
    for (const entry of this.#catalog.entries) counts.set(entry.tool.name, (counts.get(entry.tool.name) ?? 0) + 1);
    for (const entry of this.#catalog.entries) this.#entries.set(counts.get(entry.tool.name) === 1 ? entry.tool.name : entry.name, entry);
    this.tools = [...this.#entries].map(([name, entry]) => {
      const offered = this.#catalog.providerTool(entry);
      return {name, description: offered.description, parameters: offered.input_schema};
    });
    this.#shown = new RunWidgets(options.widgets, options.signal);
    this.#dispatcher = new Dispatcher({
      catalog: this.#catalog,
      buffer: new ResultBuffer(),
      signal: options.signal,
      toolTimeoutMs: options.toolTimeoutMs,
      widgets: () => this.#shown.forCall(),
      approval: options.approval,
    });
  }

  /** Widgets the tools showed during the question, in order. */
  get widgets(): WidgetRecord[] {
    return this.#shown.shown;
  }

  /** True when `name` is one of the tools offered (the agent's call is the page's to run). */
  has(name: string): boolean {
    return this.#entries.has(name);
  }

  /** The step of a call to `name`, as the loop tells it. */
  stepOf(name: string, args?: Record<string, unknown>): RunStep {
    const entry = this.#entries.get(name);
    return runStepOf(this.#catalog, entry?.name ?? name, args);
  }

  /**
   * Runs the agent's call `id` of tool `name` with `argsText` (its streamed JSON). Arguments that
   * are not a JSON object give an error result, as any refusal does; never throws.
   */
  async run(id: string, name: string, argsText: string): Promise<FrontendCallOutcome> {
    const entry = this.#entries.get(name);
    let input: Record<string, unknown> = {};
    let inputError: string | undefined;
    try {
      const parsed: unknown = argsText.trim() ? JSON.parse(argsText) : {};
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) input = parsed as Record<string, unknown>;
      else inputError = 'they are not a JSON object';
    } catch {
      inputError = 'they are not valid JSON';
    }
    // Routed by the catalog's name; arguments refused before routing are told under the agent's.
    const call = {type: 'tool-call' as const, id, name: entry && !inputError ? entry.name : name, input, ...(inputError ? {inputError} : {})};
    const outcome = await this.#dispatcher.dispatch(call, ++this.#calls);
    this.#shown.readFrom(outcome.call.sources);
    // The record names the tool as the agent called it.
    const record: ToolCall = {...outcome.call, name};
    return {call: record, text: outcome.part.output, isError: outcome.part.isError === true};
  }
}
