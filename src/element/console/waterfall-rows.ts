/**
 * A trace's spans laid out for the debug console's waterfall: each span as a row, in tree order
 * (a parent, then its children by start time, each indented one level deeper), placed on one time
 * axis that runs from the trace's first start to its last end. DOM-free: the view only draws it.
 */
import type {SpanRecord} from '../../telemetry/span-record.js';

/**
 * What a span did, as the waterfall colours it: the agent's question, a model turn, a tool call,
 * an MCP request, a wait (for a person's approval, sign-in or answer, for the servers), or other work.
 */
export type SpanCategory = 'agent' | 'chat' | 'tool' | 'mcp' | 'wait' | 'other';

/** One span, placed. */
export interface WaterfallRow {
  span: SpanRecord;
  /** 0 for a root span, one more for each ancestor. */
  depth: number;
  /** Index of the parent's row, absent for a root. */
  parent?: number;
  category: SpanCategory;
  /** Milliseconds from the trace's start to the span's. */
  offsetMs: number;
  durationMs: number;
  /** Where the bar starts and how wide it is, in % of the trace's duration (0 to 100). */
  leftPercent: number;
  widthPercent: number;
}

/** One mark of the time axis. */
export interface AxisTick {
  ms: number;
  /** Where it stands, in % of the trace's duration. */
  percent: number;
}

/** The waterfall of one trace. */
export interface Waterfall {
  rows: WaterfallRow[];
  /** From the first start to the last end, in milliseconds. */
  totalMs: number;
  ticks: AxisTick[];
}

/**
 * The kind of a span, read first from the attributes the GenAI and MCP conventions give it
 * (`gen_ai.operation.name`, `mcp.method.name`), then from its name: the names are what a person
 * or a backend sees, so a span without the attributes is still coloured as it reads.
 */
export function spanCategory(span: SpanRecord): SpanCategory {
  const operation = span.attributes['gen_ai.operation.name'];
  const name = span.name.toLowerCase();
  if (operation === 'invoke_agent' || operation === 'create_agent' || name.startsWith('invoke_agent')) return 'agent';
  if (operation === 'execute_tool' || name.startsWith('execute_tool')) return 'tool';
  if (operation === 'chat' || operation === 'text_completion' || operation === 'generate_content' || name.startsWith('chat')) return 'chat';
  if (span.attributes['mcp.method.name'] !== undefined || /^[a-z]+\/[a-z/_]+( |$)/.test(name)) return 'mcp';
  // Waits: for a person (approval cards, `await_approval …`; sign-in; a server's questions), for the servers (`await_servers`).
  if (/wait|approv|sign[-_ ]?in|elicit|consent/.test(name)) return 'wait';
  return 'other';
}

/**
 * Axis marks at a round step (1, 2 or 5 times a power of ten milliseconds) so that about `count`
 * intervals cover `totalMs`, from 0; none past the end.
 */
export function axisTicks(totalMs: number, count = 5): AxisTick[] {
  if (!(totalMs > 0)) return [{ms: 0, percent: 0}];
  const rough = totalMs / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  // The finest round step that makes at most count + 1 intervals (5.2 s: every second, not every 2 s).
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => totalMs / s <= count + 1) ?? 10 * power;
  const ticks: AxisTick[] = [];
  // Rounded to the step's precision, so 0.1 + 0.2 shows as 0.3.
  for (let i = 0; i * step <= totalMs + step * 1e-9; i++) ticks.push({ms: Number((i * step).toPrecision(12)), percent: (i * step * 100) / totalMs});
  return ticks;
}

/** Lays `spans` out (see the module comment). Spans whose parent is not among them are roots. */
export function waterfallRows(spans: readonly SpanRecord[]): Waterfall {
  if (spans.length === 0) return {rows: [], totalMs: 0, ticks: []};
  const start = Math.min(...spans.map((s) => s.startTime));
  // A span still has a length of 0 or more even if its clock stepped back.
  const end = Math.max(...spans.map((s) => Math.max(s.endTime, s.startTime)));
  const totalMs = end - start;
  const ids = new Set(spans.map((s) => s.spanId));
  const children = new Map<string | undefined, SpanRecord[]>();
  for (const span of spans) {
    const parent = span.parentSpanId !== undefined && ids.has(span.parentSpanId) && span.parentSpanId !== span.spanId ? span.parentSpanId : undefined;
    children.set(parent, [...(children.get(parent) ?? []), span]);
  }
  const byStart = (a: SpanRecord, b: SpanRecord) => a.startTime - b.startTime || a.endTime - b.endTime || (a.spanId < b.spanId ? -1 : 1);
  const rows: WaterfallRow[] = [];
  // Each span is placed once: a cycle of parents (a broken exporter) cannot loop.
  const placed = new Set<SpanRecord>();
  const place = (span: SpanRecord, depth: number, parent: number | undefined) => {
    if (placed.has(span)) return;
    placed.add(span);
    const offsetMs = span.startTime - start;
    const durationMs = Math.max(0, span.endTime - span.startTime);
    const index = rows.length;
    rows.push({
      span,
      depth,
      ...(parent === undefined ? {} : {parent}),
      category: spanCategory(span),
      offsetMs,
      durationMs,
      leftPercent: totalMs > 0 ? (offsetMs * 100) / totalMs : 0,
      widthPercent: totalMs > 0 ? (durationMs * 100) / totalMs : 100,
    });
    for (const child of [...(children.get(span.spanId) ?? [])].sort(byStart)) place(child, depth + 1, index);
  };
  for (const root of [...(children.get(undefined) ?? [])].sort(byStart)) place(root, 0, undefined);
  // Spans only reachable through a cycle: shown as roots rather than lost.
  for (const span of [...spans].sort(byStart)) place(span, 0, undefined);
  return {rows, totalMs, ticks: axisTicks(totalMs)};
}
