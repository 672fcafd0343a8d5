/**
 * Styles every light widget shares. Widgets read only the private `--_*` names defined here,
 * each falling back to a global `--autoui-*` token and then to a literal (conventions.md G), so a
 * page themes every widget with a handful of tokens and can still tune one widget type.
 */
import {css} from 'lit';
import {AutouiWidgetElement} from '../widget-element.js';

/**
 * The base element's styles, private tokens and the small typographic scale shared by the light
 * widgets. One `CSSResult` (not an array) because the base class types `styles` as a single result.
 */
export const widgetStyles = css`
  ${AutouiWidgetElement.styles}
  :host {
    --_fg: var(--autoui-color-on-surface, #1f2937);
    --_muted: var(--autoui-color-muted, #4b5563);
    --_accent: var(--autoui-color-accent, #1d4ed8);
    --_border: var(--autoui-color-border, #d1d5db);
    --_subtle: var(--autoui-color-subtle, rgba(127, 127, 127, 0.12));
    --_radius: var(--autoui-radius, 8px);
    --_space-s: var(--autoui-space-s, 6px);
    --_space-m: var(--autoui-space-m, 12px);
    --_mono: var(--autoui-font-mono, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
    display: block;
    color: var(--_fg);
    overflow-wrap: anywhere;
  }
  .title {
    margin: 0 0 var(--_space-s);
    font-size: 1rem;
    font-weight: 600;
  }
  .muted {
    color: var(--_muted);
  }
  ul,
  ol {
    margin: 0;
    padding-inline-start: 1.25em;
  }
`;
