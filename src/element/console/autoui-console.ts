import {LitElement, adoptStyles, css, html, type PropertyValues} from 'lit';
import {property} from 'lit/decorators.js';
import type {ServerStatus} from '../../session/server-set.js';
import type {RunRecord} from '../../session/session-events.js';
import {STRINGS} from '../common/strings.js';
import {tokens} from '../../styles/tokens.js';
import {toolCallLabel} from '../common/tool-call-label.js';
import type {SpanRecord} from '../../telemetry/span-record.js';
import type {TraceWaterfall} from './trace-waterfall.js';
import {TRACE_EMPTY_STRINGS} from './trace-empty-strings.js';

/** Longest result text shown per call; the full text is in the `autoui-tool-call` event. */
const RESULT_PREVIEW = 600;

/**
 * The `debug` console of `<autoui-agent>`: each server's status and tool count, each tool call
 * (its name as the transcript's pill and the event's `label` give it, arguments, result, time)
 * and token usage per question, and the last question's trace as a waterfall (with `telemetry`).
 * Everything is rendered as text.
 * The argument and result blocks scroll when long, so they take keyboard focus.
 *
 * @csspart console - The console's root.
 *
 * @tagname autoui-console
 */
export class AutouiConsole extends LitElement {
  static override styles = css`
    ${tokens}
    :host { display: block; font-size: 0.85em; }
    section { border: 1px dashed var(--_color-border); border-radius: var(--_radius); padding: var(--_space-s); }
    h2 { font-size: 1em; margin: 0 0 0.25rem; }
    h3 { font-size: 0.95em; margin: 0.5rem 0 0.25rem; }
    ul { margin: 0; padding-inline-start: 1.1rem; }
    pre { margin: 0.15rem 0; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 8rem; overflow: auto;
      background: var(--_color-surface-variant); padding: 0.25rem; border-radius: 0.25rem; }
    .error { color: var(--_color-danger); }
    .trace-empty { color: var(--_color-muted); margin: 0.25rem 0; }
    details { margin: 0.15rem 0; }
  `;

  @property({attribute: false}) servers: readonly ServerStatus[] = [];
  @property({attribute: false}) runs: readonly RunRecord[] = [];
  /** The last question's spans (those exported with `telemetry`), drawn as a waterfall; none without telemetry. */
  @property({attribute: false}) spans: readonly SpanRecord[] = [];
  /** The language of its texts. */
  @property({attribute: false}) language: 'fr' | 'en' = 'fr';

  /** The waterfall, once its chunk has loaded (at the first trace). */
  #waterfall?: TraceWaterfall;
  /** Its loading, once started (undefined again after a failure, so a later trace retries). */
  #loadingWaterfall?: Promise<void>;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('spans') && this.spans.length > 0 && !this.#waterfall) this.#loadWaterfall();
  }

  #loadWaterfall(): void {
    this.#loadingWaterfall ??= import('./trace-waterfall.js').then(
      ({TraceWaterfall}) => {
        // Its styles come with its chunk: added to this root's own.
        if (this.shadowRoot) adoptStyles(this.shadowRoot, [...(this.constructor as typeof AutouiConsole).elementStyles, TraceWaterfall.styles]);
        this.#waterfall = new TraceWaterfall(this);
        this.requestUpdate();
      },
      (error: unknown) => {
        this.#loadingWaterfall = undefined;
        console.warn('autoui-agent: the trace waterfall could not be loaded.', error);
      },
    );
  }

  /** The trace's heading, then its waterfall, or how to turn telemetry on while there is none. */
  #trace() {
    const t = TRACE_EMPTY_STRINGS[this.language];
    return html`<h3 id="trace-title">${t.trace}</h3>
      ${this.spans.length === 0 ? html`<p class="trace-empty">${t.empty}</p>` : (this.#waterfall?.render(this.spans, this.language, 'trace-title') ?? '')}`;
  }

  override render() {
    const s = STRINGS[this.language];
    return html`<section part="console" aria-label=${s.console}>
      <h2>${s.console}</h2>
      <h3>${s.servers}</h3>
      ${this.servers.length === 0
        ? html`<p>${s.noServers}</p>`
        : html`<ul>
            ${this.servers.map(
              (srv) => html`<li class=${srv.state === 'error' ? 'error' : ''} data-server=${srv.name}>
                ${srv.name} (${srv.url}): ${s[srv.state === 'error' ? 'failed' : srv.state === 'sign-in' ? 'signInNeeded' : srv.state]}${srv.state === 'ready' ? `, ${srv.toolCount} ${s.tools}` : ''}${srv.protocol ? ` · MCP ${srv.protocol}` : ''}${srv.error ? ` — ${srv.error}` : ''}
              </li>`,
            )}
          </ul>`}
      ${this.#trace()}
      ${this.runs.map(
        (run, i) => html`<h3>${s.run} ${i + 1}: ${run.question}</h3>
          ${run.usage
            ? html`<p class="usage">${s.tokens}: ${run.usage.inputTokens} ${s.input}, ${run.usage.outputTokens} ${s.output}${run.usage.cacheReadTokens ? `, ${run.usage.cacheReadTokens} ${s.cached}` : ''}${run.stopReason ? ` · ${run.stopReason}` : ''}</p>`
            : ''}
          ${run.calls.map(
            (call) => html`<details class=${call.error ? 'error' : ''} data-call=${call.id}>
              <summary>${toolCallLabel(call)} · ${call.elapsed} ms${call.error ? ' · ✗' : ''}</summary>
              <pre tabindex="0">${JSON.stringify(call.args, null, 2)}</pre>
              <pre tabindex="0">${call.result.length > RESULT_PREVIEW ? `${call.result.slice(0, RESULT_PREVIEW)}…` : call.result}</pre>
            </details>`,
          )}`,
      )}
    </section>`;
  }
}
