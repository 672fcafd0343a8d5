import {css} from 'lit';

/**
 * Styles of `<autoui-table>`, on top of the shared widget styles (tokens `--_color-*`, `--_radius`,
 * `--_space-*`); its knobs fall back to the global tokens. The row height must match `ROW_HEIGHT`
 * in table.ts.
 */
export const tableStyles = css`
  :host {
    --_border: var(--autoui-table-border-color, var(--_color-border));
    --_header-bg: var(--autoui-table-header-background, var(--_color-surface-variant));
    --_stripe-bg: var(--autoui-table-stripe-background, var(--_color-subtle));
    --_max-height: var(--autoui-table-max-height, 24rem);
  }
  .header {
    display: flex;
    align-items: center;
    gap: var(--_space-m);
    margin-block-end: var(--_space-s);
  }
  .title {
    font-weight: 600;
    flex: 1;
    margin: 0;
    font-size: 1rem;
    overflow-wrap: anywhere;
  }
  .count {
    color: var(--_color-muted);
    font-size: 0.875rem;
  }
  button {
    font: inherit;
    color: inherit;
  }
  .export {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_color-surface);
    padding: 2px var(--_space-s);
    cursor: pointer;
    white-space: nowrap;
  }
  .viewport {
    max-height: var(--_max-height);
    overflow: auto;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_color-surface);
    font-size: 0.875rem;
    font-variant-numeric: tabular-nums;
  }
  .viewport:focus-visible,
  .sort:focus-visible,
  .export:focus-visible {
    outline: 2px solid var(--_color-accent);
    outline-offset: 1px;
  }
  .head {
    position: sticky;
    top: 0;
    z-index: 1;
    background: var(--_header-bg);
  }
  .row {
    display: grid;
    grid-template-columns: var(--_columns);
    height: 36px;
    box-sizing: border-box;
    border-block-end: 1px solid var(--_border);
    min-width: min-content;
  }
  .body {
    position: relative;
  }
  .body .row {
    position: absolute;
    inset-inline: 0;
  }
  .body .row.odd {
    background: var(--_stripe-bg);
  }
  .cell {
    padding: 0 var(--_space-s);
    display: flex;
    align-items: center;
    overflow: hidden;
    min-width: 0;
  }
  .cell > span,
  .cell > a {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .cell.end {
    justify-content: flex-end;
  }
  .sort {
    all: unset;
    cursor: pointer;
    display: flex;
    align-items: center;
    gap: 4px;
    width: 100%;
    height: 100%;
    font-weight: 600;
    overflow: hidden;
  }
  .sort > span:first-child {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .end .sort {
    justify-content: flex-end;
  }
  .arrow {
    opacity: 0.7;
    flex: none;
  }
  a {
    color: var(--_color-accent);
  }
  .empty {
    padding: var(--_space-m);
    color: var(--_color-muted);
  }
`;
