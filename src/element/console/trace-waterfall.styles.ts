/**
 * The waterfall's styles, adopted by the console. Names take the first 35% of the width and the
 * time axis the rest, in every row, so the bars of all rows share one axis; in a narrow console
 * each name stands above its bar. Each kind of span has
 * its colour (at least 3:1 against the console's surface in both schemes, as WCAG asks of shapes
 * that carry meaning); a failed span is the danger colour, and its name starts with ✗, so colour
 * is never the only sign.
 */
import {css} from 'lit';

/** The waterfall's styles. */
export const traceWaterfallStyles = css`
  .waterfall {
    container-type: inline-size;
    --_wf-label: 35%;
    --_wf-agent: #1d4ed8;
    --_wf-chat: #7c3aed;
    --_wf-tool: #0f766e;
    --_wf-mcp: #b45309;
    --_wf-wait: #6b7280;
    --_wf-other: #475569;
    --_wf-failed: var(--_color-danger);
  }
  @media (prefers-color-scheme: dark) {
    .waterfall {
      --_wf-agent: #60a5fa;
      --_wf-chat: #a78bfa;
      --_wf-tool: #2dd4bf;
      --_wf-mcp: #fbbf24;
      --_wf-wait: #9ca3af;
      --_wf-other: #94a3b8;
    }
  }
  .legend { display: flex; flex-wrap: wrap; gap: 0.25rem 0.9rem; list-style: none; padding: 0; margin: 0 0 0.35rem; }
  .legend li { display: flex; align-items: center; gap: 0.3rem; }
  .swatch { display: inline-block; width: 0.9em; height: 0.6em; border-radius: 2px; background: var(--_wf-bar); }
  .agent { --_wf-bar: var(--_wf-agent); }
  .chat { --_wf-bar: var(--_wf-chat); }
  .tool { --_wf-bar: var(--_wf-tool); }
  .mcp { --_wf-bar: var(--_wf-mcp); }
  /* A wait is striped: time that passed while nothing ran. */
  .wait { --_wf-bar: repeating-linear-gradient(135deg, var(--_wf-wait) 0 3px, transparent 3px 6px); }
  .other { --_wf-bar: var(--_wf-other); }
  .failed { --_wf-bar: var(--_wf-failed); }
  .wait .bar, .swatch.wait { outline: 1px solid var(--_wf-wait); outline-offset: -1px; }
  .failed .name { color: var(--_color-danger); }

  .axis, .row { display: grid; grid-template-columns: var(--_wf-label) 1fr; }
  .axis { height: 1.3em; color: var(--_color-muted); font-size: 0.85em; }
  .ticks, .track { position: relative; margin-inline-end: 3.5em; }
  .tick { position: absolute; white-space: nowrap; transform: translateX(-50%); }
  .tick:dir(rtl) { transform: translateX(50%); }
  .tick:first-child { transform: none; }
  .rows { position: relative; }
  /* The tick lines, under the bars, over the track column only. */
  .gridlines { position: absolute; inset-block: 0; inset-inline-start: var(--_wf-label); inset-inline-end: 3.5em; pointer-events: none; }
  .gridlines span { position: absolute; inset-block: 0; border-inline-start: 1px dotted var(--_color-border); }

  .row { align-items: center; min-height: 1.5em; border-radius: 0.2rem; cursor: default; }
  .row:hover, .row[aria-selected='true'] { background: var(--_color-subtle); }
  .row:focus-visible { outline: 2px solid var(--_color-accent); outline-offset: -2px; }
  .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; padding-inline-end: 0.4rem; }
  .track { height: 1.5em; }
  .bar { position: absolute; inset-block: 0.3em; min-width: 2px; border-radius: 2px; background: var(--_wf-bar); }
  .duration { position: absolute; inset-block: 0; display: flex; align-items: center; white-space: nowrap; font-variant-numeric: tabular-nums; }
  .duration.after { padding-inline-start: 0.3em; }
  .duration.before { padding-inline-end: 0.3em; }

  /* Narrow (a console beside the canvas): each name on its own line above its bar, so names are read whole. */
  @container (max-width: 34rem) {
    .axis, .row { grid-template-columns: 1fr; }
    .axis > :first-child { display: none; }
    .gridlines { display: none; }
    .name { white-space: normal; overflow-wrap: anywhere; }
    .track { height: 1.1em; }
    .bar { inset-block: 0.1em; }
  }

  .span-details { margin-top: 0.4rem; max-height: 14rem; overflow: auto; background: var(--_color-surface-variant);
    padding: 0.25rem 0.4rem; border-radius: 0.25rem; }
  .span-details:focus-visible { outline: 2px solid var(--_color-accent); }
  h4 { font-size: 0.95em; margin: 0 0 0.25rem; overflow-wrap: anywhere; }
  dl { display: grid; grid-template-columns: fit-content(50%) 1fr; gap: 0.1rem 0.6rem; margin: 0; }
  dt { overflow-wrap: anywhere; }
  .span-details p { margin: 0.25rem 0 0; }
  dt { color: var(--_color-muted); }
  dt.attribute { font-family: ui-monospace, monospace; }
  dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
`;
