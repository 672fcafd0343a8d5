import {css} from 'lit';
import {tokens} from '../styles/tokens.js';

/**
 * Layout of `<autoui-agent>`, on the shared tokens (light and dark by `prefers-color-scheme`
 * unless the page sets `--autoui-*`). Custom properties inherit through shadow roots, so the
 * page's tokens reach the composer, transcript, console, canvas and widgets.
 *
 * Three areas: the conversation (transcript, starter questions, console), the canvas, and the
 * composer with its files, which always spans the element's width. `side` puts the conversation
 * in a column beside the canvas; `stacked` puts it above the canvas, in one column. `auto` chooses
 * by the element's own width (a container query, not the viewport: the same page may hold a narrow
 * sidebar agent and a wide dashboard one).
 *
 * Height: with none given, the element is as tall as its content and the page scrolls. Given one
 * (or a parent's, through flex or grid), the frame fills it and each area scrolls on its own, the
 * transcript's log shrinking first, so no two scrollbars nest. Space beyond the content goes to
 * the canvas (its row is the flexible one), so the composer stays at the bottom.
 */
export const agentStyles = css`
  ${tokens}
  :host {
    display: flex;
    flex-direction: column;
    container-type: inline-size;
    color: var(--_color-on-surface);
    background: var(--_color-surface);
    font-family: var(--_font-family);
    border-radius: var(--_radius);
  }
  :host([hidden]) { display: none; }
  .frame {
    flex: 1 1 auto;
    min-height: 0;
    position: relative;
    display: grid;
    gap: var(--_space-m);
    padding: var(--_space-m);
    grid-template: 'conversation canvas' minmax(0, 1fr) 'ask ask' auto / minmax(16rem, 24rem) minmax(0, 1fr);
  }
  .stacked { grid-template: 'conversation' auto 'canvas' minmax(0, 1fr) 'ask' auto / minmax(0, 1fr); }
  @container (max-width: 48rem) {
    .auto { grid-template: 'conversation' auto 'canvas' minmax(0, 1fr) 'ask' auto / minmax(0, 1fr); }
  }
  .conversation { grid-area: conversation; display: flex; flex-direction: column; gap: var(--_space-s); min-width: 0; min-height: 0; overflow: auto; }
  .conversation autoui-transcript { flex: 0 1 auto; min-height: 0; display: flex; flex-direction: column; }
  .canvas { grid-area: canvas; min-width: 0; min-height: 0; overflow: auto; }
  .ask { grid-area: ask; display: flex; flex-direction: column; gap: var(--_space-s); min-width: 0; }
`;

/** The frame's class for a `layout` value: `side`, `stacked`, or `auto` for any other. */
export const layoutClass = (layout: string): string => (layout === 'side' || layout === 'stacked' ? layout : 'auto');
