/**
 * Tool calls in the transcript: one call is a pill; consecutive calls are one line, "Used 4 tools
 * ›", that opens to their pills. An answer that took five `widget_display` calls then reads as an
 * answer, not as a wall of pills. A failed call stays in view while the line is closed: its error
 * is what a person must see. Rendered inside the transcript's shadow root, with its styles.
 */
import {css, html, nothing} from 'lit';
import type {ToolCall} from '../../agent/dispatcher.js';
import type {TranscriptEntry} from '../../session/transcript.js';
import type {Strings} from '../common/strings.js';
import {toolCallLabel} from '../common/tool-call-label.js';

/** A transcript entry, or a run of at least two consecutive tool calls. */
export type GroupedEntry = Exclude<TranscriptEntry, {kind: 'tool'}> | {kind: 'tool'; call: ToolCall} | {kind: 'tools'; calls: readonly ToolCall[]};

/** The entries with each run of two or more consecutive tool calls made one `tools` item; a lone call stays as it is. */
export function groupToolCalls(entries: readonly TranscriptEntry[]): GroupedEntry[] {
  const grouped: GroupedEntry[] = [];
  let run: ToolCall[] = [];
  const close = () => {
    if (run.length === 1) grouped.push({kind: 'tool', call: run[0]});
    else if (run.length > 1) grouped.push({kind: 'tools', calls: run});
    run = [];
  };
  for (const entry of entries) {
    if (entry.kind === 'tool') {
      run.push(entry.call);
      continue;
    }
    close();
    grouped.push(entry);
  }
  close();
  return grouped;
}

/** One call: ✓ or ✗, its name (as the console and the event's `label` give it: common/tool-call-label.ts) and its time; a failure's message on hover. */
export function toolPill(call: ToolCall) {
  // dir=auto: on a right-to-left page the pill's Latin words and "12 ms" keep their order.
  return html`<span part="tool-pill" class="pill ${call.error ? 'error' : ''}" dir="auto" title=${call.error ?? ''}
    >${call.error ? '✗' : '✓'} ${toolCallLabel(call)} <span aria-hidden="true">·</span> ${call.elapsed} ms</span
  >`;
}

/**
 * A run of calls: a disclosure button (a native button, so Tab, Enter and Space reach it and
 * `aria-expanded` tells its state), then the pills: all of them when open, the failed ones only
 * when closed.
 */
export function toolGroup(calls: readonly ToolCall[], open: boolean, toggle: () => void, s: Strings) {
  const shown = open ? calls : calls.filter((call) => call.error);
  return html`<li part="tool-group" class="tool-group"
    ><button part="tool-group-toggle" class="group-toggle" type="button" aria-expanded=${open ? 'true' : 'false'} @click=${toggle}
      >${s.usedTools.replace('{count}', String(calls.length))}<span class="chevron" aria-hidden="true">›</span></button
    >${shown.length ? html`<ul class="group-calls">${shown.map((call) => html`<li>${toolPill(call)}</li>`)}</ul>` : nothing}</li
  >`;
}

/**
 * Styles of the pills and groups, added to the transcript's. The transcript's lines keep a
 * message's own line breaks (pre-wrap); a group's lines are markup, not text. On a right-to-left
 * page the chevron is already mirrored (› is a mirrored character): open, it turns the other way
 * to point down.
 */
export const toolGroupStyles = css`
  .tool-group, .tool-group li { white-space: normal; }
  .group-toggle { font: inherit; background: none; cursor: pointer; }
  .pill, .group-toggle { display: inline-flex; gap: 0.4em; align-items: center; font-size: 0.8em; padding: 0.1rem 0.55rem;
    border-radius: 999px; border: 1px solid var(--_color-border); color: var(--_color-muted); width: fit-content; }
  .pill.error { border-color: var(--_color-danger); color: var(--_color-danger); }
  .group-toggle:focus-visible { outline: 2px solid var(--_color-accent); outline-offset: 2px; }
  .chevron { display: inline-block; }
  [aria-expanded='true'] .chevron { transform: rotate(90deg); }
  [aria-expanded='true'] .chevron:dir(rtl) { transform: rotate(-90deg); }
  .group-calls { list-style: none; margin: 0.25rem 0 0; padding-inline-start: 0.75rem; display: flex; flex-direction: column; gap: 0.2rem; }
`;
