import {css} from 'lit';

/** The styles of `<autoui-mcp-app>`: the sandbox frame, inline or in full screen, and the text fallback. */
export const mcpAppStyles = css`
  :host {
    display: block;
  }
  .frame {
    display: block;
    width: 100%;
    border: 0;
    background: transparent;
    transition: height 120ms ease-out;
  }
  :host([bordered]) .frame {
    border: 1px solid var(--_color-border);
    border-radius: var(--_radius);
  }
  .wrap.fullscreen {
    position: fixed;
    inset: 0;
    z-index: 2147483000;
    background: var(--_color-surface);
    display: flex;
    flex-direction: column;
  }
  .wrap.fullscreen .frame {
    flex: 1;
    height: auto !important;
  }
  .exit {
    align-self: flex-end;
    margin: var(--_space-s);
    font: inherit;
  }
  .fallback p {
    margin: 0 0 var(--_space-s);
    color: var(--_color-muted);
  }
  .fallback pre {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font: inherit;
  }
`;
