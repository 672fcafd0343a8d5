/**
 * The debug console's picture of the last question's trace (a chunk of its own, loaded when the
 * console first has a trace to draw): one row per span in tree order, each
 * a bar on a shared time axis, coloured by what the span did (red when it failed), with its name
 * and duration beside it; under it, the attributes of the row in focus or under the pointer.
 *
 * The rows are an ARIA tree (one tab stop; arrows, Home and End move between rows, Left goes to
 * the parent, Right to the first child), each named "name, 120 ms, starts at 30 ms". Every span
 * name and attribute value is rendered as text, never as markup: spans carry what servers and
 * models sent.
 */
import {html, nothing, type ReactiveControllerHost, type TemplateResult} from 'lit';
import {styleMap} from 'lit/directives/style-map.js';
import type {SpanAttributeValue, SpanRecord} from '../../telemetry/span-record.js';
import {waterfallRows, type SpanCategory, type Waterfall, type WaterfallRow} from './waterfall-rows.js';
import {WATERFALL_STRINGS, durationText} from './waterfall-strings.js';
import {traceWaterfallStyles} from './trace-waterfall.styles.js';

/** The categories in the legend's order (the order work happens in a question). */
const LEGEND: readonly SpanCategory[] = ['agent', 'chat', 'tool', 'mcp', 'wait', 'other'];
/** Longest attribute value shown: a question's text (with `telemetry-content`) can be long. */
const VALUE_PREVIEW = 600;
/** Past this point of the axis (in %), a bar's duration is written before it, not after: it would leave the track. */
const LABEL_FLIP_PERCENT = 70;

/** What the waterfall needs of the element that shows it: a Lit element. */
export type WaterfallHost = ReactiveControllerHost & {readonly renderRoot: HTMLElement | DocumentFragment};

/** An attribute's value as one line of text. */
function valueText(value: SpanAttributeValue): string {
  const text = Array.isArray(value) ? value.map(String).join(', ') : String(value);
  return text.length > VALUE_PREVIEW ? `${text.slice(0, VALUE_PREVIEW)}…` : text;
}

/**
 * The waterfall's state (which row has the focus, which one the pointer is on) and its view, for
 * the element that shows it: it asks that element to render again when its state changes.
 * See the module comment.
 */
export class TraceWaterfall {
  readonly #host: WaterfallHost;
  /** The spans last laid out, and their layout: a render with the same spans lays nothing out again. */
  #spans: readonly SpanRecord[] = [];
  #layout: Waterfall = waterfallRows([]);
  /** The row that takes the tab stop and whose details show. */
  #active = 0;
  /** The row under the pointer, whose details show while it is there. */
  #hovered: number | undefined;

  constructor(host: WaterfallHost) {
    this.#host = host;
  }

  /** The waterfall's styles, for the element that shows it to adopt (they come with this chunk). */
  static readonly styles = traceWaterfallStyles;

  /** The view of `spans` (those of one trace) in `language`; `titleId` names the heading above it, in the same root. */
  render(spans: readonly SpanRecord[], language: 'fr' | 'en', titleId: string): TemplateResult {
    const s = WATERFALL_STRINGS[language];
    if (spans !== this.#spans) {
      // Another question's trace: its rows are new, so the focus starts again at its root.
      this.#spans = spans;
      this.#layout = waterfallRows(spans);
      this.#active = 0;
      this.#hovered = undefined;
    }
    const {rows, ticks} = this.#layout;
    const time = (ms: number) => durationText(ms, language);
    return html`<div class="waterfall">
      <ul class="legend" aria-label=${s.legend}>
        ${LEGEND.filter((c) => rows.some((r) => r.category === c)).map((c) => html`<li><span class="swatch ${c}"></span>${s.categories[c]}</li>`)}
        ${rows.some((r) => r.span.status === 'error') ? html`<li><span class="swatch failed"></span>${s.failed}</li>` : nothing}
      </ul>
      <div class="axis" aria-hidden="true">
        <span></span>
        <span class="ticks">${ticks.map((t) => html`<span class="tick" style=${styleMap({'inset-inline-start': `${t.percent}%`})}>${time(t.ms)}</span>`)}</span>
      </div>
      <div class="rows">
        <div class="gridlines" aria-hidden="true">${ticks.map((t) => html`<span style=${styleMap({'inset-inline-start': `${t.percent}%`})}></span>`)}</div>
        <div role="tree" aria-labelledby=${titleId} @keydown=${this.#onKeydown}>
          ${rows.map((row, i) => this.#row(row, i, language))}
        </div>
      </div>
      ${rows.length > 0 ? this.#details(rows[this.#hovered ?? this.#active] ?? rows[0], language) : nothing}
    </div>`;
  }

  #row(row: WaterfallRow, index: number, language: 'fr' | 'en'): TemplateResult {
    const s = WATERFALL_STRINGS[language];
    const failed = row.span.status === 'error';
    const duration = durationText(row.durationMs, language);
    const end = row.leftPercent + row.widthPercent;
    const flip = end > LABEL_FLIP_PERCENT && row.leftPercent > 100 - LABEL_FLIP_PERCENT;
    return html`<div
      role="treeitem"
      class="row ${row.category}${failed ? ' failed' : ''}"
      data-row=${index}
      data-span=${row.span.spanId}
      aria-level=${row.depth + 1}
      aria-selected=${index === this.#active ? 'true' : 'false'}
      aria-label=${s.row(row.span.name, duration, durationText(row.offsetMs, language), failed)}
      tabindex=${index === this.#active ? 0 : -1}
      @focus=${() => this.#activate(index, false)}
      @click=${() => this.#activate(index, true)}
      @pointerenter=${() => this.#hover(index)}
      @pointerleave=${() => this.#hover(undefined)}
    >
      <span class="name" style=${styleMap({'padding-inline-start': `${row.depth * 0.9}em`})} title=${row.span.name}>${failed ? '✗ ' : ''}${row.span.name}</span>
      <span class="track">
        <span class="bar" style=${styleMap({'inset-inline-start': `${row.leftPercent}%`, width: `${row.widthPercent}%`})}></span>
        <span class="duration ${flip ? 'before' : 'after'}" style=${styleMap(flip ? {'inset-inline-end': `${100 - row.leftPercent}%`} : {'inset-inline-start': `${end}%`})}>${duration}</span>
      </span>
    </div>`;
  }

  #details(row: WaterfallRow, language: 'fr' | 'en'): TemplateResult {
    const s = WATERFALL_STRINGS[language];
    const {span} = row;
    const entries = Object.entries(span.attributes);
    // One box that scrolls when the attributes are many, so it takes the keyboard focus too.
    return html`<div class="span-details" role="group" aria-labelledby="span-details-title" tabindex="0">
      <h4 id="span-details-title">${s.details}: ${span.name}</h4>
      <dl>
        <dt>${s.kind}</dt><dd>${s.categories[row.category]} (${span.kind})</dd>
        <dt>${s.start}</dt><dd>${durationText(row.offsetMs, language)}</dd>
        <dt>${s.duration}</dt><dd>${durationText(row.durationMs, language)}</dd>
        ${span.status === 'unset' ? nothing : html`<dt>${s.status}</dt><dd class=${span.status === 'error' ? 'error' : ''}>${span.status}</dd>`}
        ${entries.map(([key, value]) => html`<dt class="attribute">${key}</dt><dd class="attribute">${valueText(value)}</dd>`)}
      </dl>
      ${entries.length === 0 ? html`<p>${s.noAttributes}</p>` : nothing}
    </div>`;
  }

  /** Makes `index` the row with the tab stop (and its details shown); `focus` moves the focus there too. */
  #activate(index: number, focus: boolean): void {
    if (index !== this.#active) {
      this.#active = index;
      this.#host.requestUpdate();
    }
    if (focus) void this.#focusRow(index);
  }

  #hover(index: number | undefined): void {
    this.#hovered = index;
    this.#host.requestUpdate();
  }

  async #focusRow(index: number): Promise<void> {
    await this.#host.updateComplete;
    this.#host.renderRoot.querySelector<HTMLElement>(`[data-row="${index}"]`)?.focus();
  }

  readonly #onKeydown = (event: KeyboardEvent): void => {
    const {rows} = this.#layout;
    const current = this.#active;
    // Right to left, the arrows swap: the child is to the left.
    const rtl = (event.currentTarget as HTMLElement).matches(':dir(rtl)');
    const key = rtl && event.key === 'ArrowLeft' ? 'ArrowRight' : rtl && event.key === 'ArrowRight' ? 'ArrowLeft' : event.key;
    const target = (() => {
      switch (key) {
        case 'ArrowDown':
          return Math.min(rows.length - 1, current + 1);
        case 'ArrowUp':
          return Math.max(0, current - 1);
        case 'Home':
          return 0;
        case 'End':
          return rows.length - 1;
        case 'ArrowLeft':
          return rows[current]?.parent ?? current;
        case 'ArrowRight':
          // Rows are in tree order: a first child comes right after its parent.
          return rows[current + 1]?.parent === current ? current + 1 : current;
        default:
          return undefined;
      }
    })();
    if (target === undefined) return;
    event.preventDefault();
    this.#activate(target, true);
  };
}
