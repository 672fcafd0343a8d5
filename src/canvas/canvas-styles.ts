/**
 * Styles of `<autoui-canvas>`: the flow grid and the item frame, on the shared tokens (the page's
 * `--autoui-*` win; where it sets none, light or dark defaults follow `prefers-color-scheme`).
 * The frames' grid hands the resolved colours on under their public names, so a page's own widget, which
 * reads `--autoui-color-*` with light fallbacks of its own, gets the dark ones in dark mode too
 * (the page's values pass through unchanged: they are what was resolved).
 */
import {css} from 'lit';
import {tokens} from '../styles/tokens.js';

/** The canvas's styles. */
export const canvasStyles = css`
  ${tokens}
  :host {
    --_gap: var(--_space-m);
    --_min: var(--autoui-canvas-min-column, 280px);
    display: block;
    position: relative;
    font-family: var(--_font-family);
  }
  .canvas {
    position: relative;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, var(--_min)), 1fr));
    gap: var(--_gap);
    align-items: start;
    /* Declared once here rather than on each frame: a hundred frames resolved the same twelve
       properties a hundred times, and every widget inherits them just the same. */
    --autoui-color-surface: var(--_color-surface);
    --autoui-color-on-surface: var(--_color-on-surface);
    --autoui-color-muted: var(--_color-muted);
    --autoui-color-accent: var(--_color-accent);
    --autoui-color-on-accent: var(--_color-on-accent);
    --autoui-color-accent-soft: var(--_color-accent-soft);
    --autoui-color-border: var(--_color-border);
    --autoui-color-subtle: var(--_color-subtle);
    --autoui-color-surface-variant: var(--_color-surface-variant);
    --autoui-color-success: var(--_color-success);
    --autoui-color-warning: var(--_color-warning);
    --autoui-color-danger: var(--_color-danger);
  }
  .item {
    position: relative;
    box-sizing: border-box;
    min-width: 0;
    overflow: auto;
    background: var(--_color-surface);
    color: var(--_color-on-surface);
    border: 1px solid var(--_color-border);
    border-radius: var(--_radius);
    padding: var(--_gap);
    padding-top: calc(var(--_gap) + 18px);
  }
  /* On a canvas of many frames (MANY_FRAMES), off-screen ones are neither laid out nor painted,
     yet stay in the accessibility tree and in find-in-page; each keeps the size it last had,
     240px before. Not on a few: the containment this implies moves text by a fraction of a pixel,
     and a dashboard that fits on a screen has nothing to skip. */
  .canvas.many > .item {
    content-visibility: auto;
    contain-intrinsic-size: auto 240px;
  }
  /* A frame whose controls are not drawn yet (frame-controls.ts) shows them as CSS draws them, in
     an empty .controls box: the move and close glyphs where their buttons go (hidden from screen
     readers: the alt text after "/" is empty) and the grip in the corner, so a still canvas looks
     as it always has. */
  .pending > .controls::before,
  .pending > .controls::after {
    box-sizing: border-box;
    display: flex;
    align-items: center;
    justify-content: center;
    min-width: 24px;
    min-height: 24px;
    padding: 1px 6px;
    border: 1px solid transparent;
    line-height: 1;
    color: var(--_color-muted);
  }
  .pending > .controls::before {
    content: '✥' / '';
  }
  .pending > .controls::after {
    content: '✕' / '';
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
  /* A draft: the model is still writing it. A dashed frame, and a bar that breathes (still for
     people who prefer less motion). */
  .item.draft {
    border-style: dashed;
  }
  .item.draft::before {
    content: '';
    position: absolute;
    inset-block-start: 0;
    inset-inline: 0;
    height: 3px;
    background: var(--_color-accent);
    opacity: 0.6;
    animation: autoui-draft 1.2s ease-in-out infinite alternate;
  }
  @keyframes autoui-draft {
    from {
      opacity: 0.15;
    }
    to {
      opacity: 0.7;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .item.draft::before {
      animation: none;
    }
  }
  .item:focus-visible {
    outline: 2px solid var(--_color-accent);
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
    color: var(--_color-muted);
    background: transparent;
    border: 1px solid transparent;
    border-radius: 4px;
    min-width: 24px;
    min-height: 24px;
    cursor: pointer;
  }
  .controls button:hover,
  .controls button:focus-visible {
    border-color: var(--_color-border);
    color: var(--_color-on-surface);
  }
  .handle {
    cursor: move;
    touch-action: none;
  }
  .item.pending::after {
    content: '';
  }
  .grip,
  .item.pending::after {
    position: absolute;
    inset-block-end: 0;
    inset-inline-end: 0;
    box-sizing: border-box;
    width: 14px;
    height: 14px;
    cursor: nwse-resize;
    touch-action: none;
    /* The corner triangle drawn by two borders, not a gradient: a gradient is an image to paint
       on every frame shown (7 ms of image painting on a canvas of 100 in a trace), borders are not. */
    border-style: solid;
    border-width: 0 0 14px 14px;
    border-color: transparent transparent var(--_color-border) transparent;
  }
  .loading {
    color: var(--_color-muted);
  }
  .failed {
    color: var(--_color-danger);
  }
  .source {
    margin: var(--_space-s) 0 0;
    font-size: 0.8em;
    color: var(--_color-muted);
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;
