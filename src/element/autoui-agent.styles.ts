import {css} from 'lit';
import {tokens} from '../styles/tokens.js';

/**
 * Layout of `<autoui-agent>`, on the shared tokens (light and dark by `prefers-color-scheme`
 * unless the page sets `--autoui-*`). Custom properties inherit through shadow roots, so the
 * page's tokens reach the composer, transcript, console, canvas and widgets.
 */
export const agentStyles = css`
  ${tokens}
  :host {
    display: block;
    container-type: inline-size;
    color: var(--_color-on-surface);
    background: var(--_color-surface);
    font-family: var(--_font-family);
    border-radius: var(--_radius);
  }
  :host([hidden]) { display: none; }
  .frame {
    display: grid;
    gap: var(--_space-m);
    padding: var(--_space-m);
    grid-template-columns: minmax(16rem, 24rem) 1fr;
    grid-template-areas: 'conversation canvas';
  }
  .conversation { grid-area: conversation; display: flex; flex-direction: column; gap: var(--_space-s); min-width: 0; }
  .canvas { grid-area: canvas; min-width: 0; }
  @container (max-width: 48rem) {
    .frame { grid-template-columns: 1fr; grid-template-areas: 'conversation' 'canvas'; }
  }
`;
