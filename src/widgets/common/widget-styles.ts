/**
 * Styles every light widget shares. Widgets read only private `--_*` names: the shared tokens'
 * (`--_color-*`, `--_radius`, `--_space-s|m`, from the base element's styles) and their own
 * knobs, each knob falling back to a global token, so a page themes every widget with a handful
 * of `--autoui-*` properties and can still tune one widget type.
 */
import {css} from 'lit';
import {AutouiWidgetElement} from '../widget-element.js';

/**
 * The base element's styles (with the shared tokens), the monospace font and the small
 * typographic scale shared by the light widgets. One `CSSResult` (not an array) because the base
 * class types `styles` as a single result.
 */
export const widgetStyles = css`
  ${AutouiWidgetElement.styles}
  :host {
    --_mono: var(--autoui-font-mono, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
    display: block;
    color: var(--_color-on-surface);
    overflow-wrap: anywhere;
  }
  .title {
    margin: 0 0 var(--_space-s);
    font-size: 1rem;
    font-weight: 600;
  }
  .muted {
    color: var(--_color-muted);
  }
  /* The "show more" of a long text (long-text.ts). */
  .more {
    display: block;
    margin-block-start: var(--_space-s);
    font: inherit;
    font-size: 0.8125rem;
    color: var(--_color-accent);
    background: transparent;
    border: 1px solid var(--_color-border);
    border-radius: 4px;
    padding: 2px 8px;
    cursor: pointer;
  }
  ul,
  ol {
    margin: 0;
    padding-inline-start: 1.25em;
  }
`;
