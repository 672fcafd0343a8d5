import {css} from 'lit';

/** Styles of `<autoui-map>`, on top of the shared widget styles and Leaflet's own stylesheet. */
export const mapStyles = css`
  :host {
    --_height: var(--autoui-map-height, 320px);
  }
  .frame {
    position: relative;
  }
  .map {
    height: var(--_height);
    border: 1px solid var(--_color-border);
    border-radius: var(--_radius);
    /* Leaflet's panes stack up to z-index 1000; keep them under the canvas's own controls. */
    isolation: isolate;
  }
  /* Drawn over the tiles, which are light in both schemes: fixed light colours, not the tokens. */
  .attribution {
    position: absolute;
    inset-block-end: 1px;
    inset-inline-end: 1px;
    z-index: 1;
    max-width: 70%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    padding: 0 4px;
    font-size: 0.75rem;
    color: #1f2937;
    background: rgb(255 255 255 / 0.85);
    border-start-start-radius: 4px;
  }
  .attribution a {
    color: #1d4ed8;
  }
  .legend {
    margin: var(--_space-s) 0 0;
    font-size: 0.8125rem;
  }
  .legend figcaption {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .legend ul {
    display: flex;
    flex-wrap: wrap;
    gap: 2px var(--_space-s);
    list-style: none;
    margin: 2px 0 0;
    padding: 0;
  }
  .legend li {
    display: flex;
    align-items: center;
    gap: 4px;
    font-variant-numeric: tabular-nums;
  }
  .swatch {
    display: inline-block;
    width: 14px;
    height: 14px;
    border-radius: 3px;
    border: 1px solid rgb(0 0 0 / 0.2);
  }
  .error {
    margin: var(--_space-s) 0 0;
    color: var(--_color-danger);
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
`;
