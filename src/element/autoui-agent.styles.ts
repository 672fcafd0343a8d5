import {css} from 'lit';

/**
 * Layout and default tokens of `<autoui-agent>`: light and dark by `prefers-color-scheme` unless
 * the page sets the tokens. Custom properties inherit through shadow roots, so widgets see them.
 */
export const agentStyles = css`
  :host {
    --_surface: var(--autoui-color-surface, #ffffff);
    --_on-surface: var(--autoui-color-on-surface, #1f2937);
    display: block;
    container-type: inline-size;
    color: var(--_on-surface);
    background: var(--_surface);
    font-family: var(--autoui-font-family, system-ui, sans-serif);
    border-radius: var(--autoui-radius, 0.5rem);
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_surface: var(--autoui-color-surface, #111827);
      --_on-surface: var(--autoui-color-on-surface, #e5e7eb);
    }
  }
  :host([hidden]) { display: none; }
  .frame {
    display: grid;
    gap: var(--autoui-space-m, 1rem);
    padding: var(--autoui-space-m, 1rem);
    grid-template-columns: minmax(16rem, 24rem) 1fr;
    grid-template-areas: 'conversation canvas';
  }
  .conversation { grid-area: conversation; display: flex; flex-direction: column; gap: var(--autoui-space-s, 0.5rem); min-width: 0; }
  .canvas { grid-area: canvas; min-width: 0; }
  @container (max-width: 48rem) {
    .frame { grid-template-columns: 1fr; grid-template-areas: 'conversation' 'canvas'; }
  }
`;
