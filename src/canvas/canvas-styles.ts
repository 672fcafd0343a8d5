/**
 * Styles of `<autoui-canvas>`: the flow grid, the item frame and the theme tokens. The page's
 * `--autoui-*` tokens win; where it sets none, light or dark defaults follow
 * `prefers-color-scheme`. Each item re-publishes the resolved tokens so widgets, which read
 * `--autoui-*` with light literals as a last resort, get the dark ones in dark mode too.
 */
import {css} from 'lit';

/** The canvas's styles. */
export const canvasStyles = css`
  :host {
    --_surface: var(--autoui-color-surface, #ffffff);
    --_on-surface: var(--autoui-color-on-surface, #1f2937);
    --_muted: var(--autoui-color-muted, #4b5563);
    --_accent: var(--autoui-color-accent, #1d4ed8);
    --_border: var(--autoui-color-border, #d1d5db);
    --_subtle: var(--autoui-color-subtle, rgba(127, 127, 127, 0.12));
    --_success: var(--autoui-color-success, #15803d);
    --_warning: var(--autoui-color-warning, #a16207);
    --_danger: var(--autoui-color-danger, #b91c1c);
    --_radius: var(--autoui-radius, 8px);
    --_gap: var(--autoui-space-m, 12px);
    --_min: var(--autoui-canvas-min-column, 280px);
    display: block;
    position: relative;
    font-family: var(--autoui-font-family, system-ui, sans-serif);
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_surface: var(--autoui-color-surface, #111827);
      --_on-surface: var(--autoui-color-on-surface, #f3f4f6);
      --_muted: var(--autoui-color-muted, #9ca3af);
      --_accent: var(--autoui-color-accent, #93c5fd);
      --_border: var(--autoui-color-border, #374151);
      --_success: var(--autoui-color-success, #4ade80);
      --_warning: var(--autoui-color-warning, #facc15);
      --_danger: var(--autoui-color-danger, #f87171);
    }
  }
  .canvas {
    position: relative;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, var(--_min)), 1fr));
    gap: var(--_gap);
    align-items: start;
  }
  .item {
    --autoui-color-surface: var(--_surface);
    --autoui-color-on-surface: var(--_on-surface);
    --autoui-color-muted: var(--_muted);
    --autoui-color-accent: var(--_accent);
    --autoui-color-border: var(--_border);
    --autoui-color-subtle: var(--_subtle);
    --autoui-color-success: var(--_success);
    --autoui-color-warning: var(--_warning);
    --autoui-color-danger: var(--_danger);
    position: relative;
    box-sizing: border-box;
    min-width: 0;
    overflow: auto;
    background: var(--_surface);
    color: var(--_on-surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_gap);
    padding-top: calc(var(--_gap) + 18px);
  }
  .item.wide {
    grid-column: 1 / -1;
  }
  .item.placed {
    position: absolute;
    z-index: 1;
    width: var(--_min);
    box-shadow: 0 4px 16px rgba(0, 0, 0, 0.15);
  }
  .item:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .controls {
    position: absolute;
    inset-block-start: 4px;
    inset-inline-end: 4px;
    display: flex;
    gap: 2px;
  }
  .controls button {
    font: inherit;
    line-height: 1;
    color: var(--_muted);
    background: transparent;
    border: 1px solid transparent;
    border-radius: 4px;
    min-width: 24px;
    min-height: 24px;
    cursor: pointer;
  }
  .controls button:hover,
  .controls button:focus-visible {
    border-color: var(--_border);
    color: var(--_on-surface);
  }
  .handle {
    cursor: move;
    touch-action: none;
  }
  .grip {
    position: absolute;
    inset-block-end: 0;
    inset-inline-end: 0;
    width: 14px;
    height: 14px;
    cursor: nwse-resize;
    touch-action: none;
    background: linear-gradient(135deg, transparent 50%, var(--_border) 50%);
  }
  .loading {
    color: var(--_muted);
  }
  .failed {
    color: var(--autoui-color-danger, #b91c1c);
  }
`;
