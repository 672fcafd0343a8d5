/**
 * Styles of the approval card (approval-card.ts) and of an answered approval's line. They come
 * with the card's view, in the engine chunk, and the transcript adopts them before it draws the
 * view's first card or line, so a card is styled at once.
 */
import {css} from 'lit';

/** Styles of the card and its line, adopted by the transcript with the view. */
export const approvalStyles = css`
  .approval { margin-top: var(--_space-s); border: 1px solid var(--_color-warning); border-radius: var(--_radius); padding: var(--_space-s) var(--_space-m);
    background: var(--_color-surface); color: var(--_color-on-surface); white-space: normal; }
  /* Inside the border: the scrolling log would clip a ring drawn outside it. */
  .approval:focus-visible { outline: 2px solid var(--_color-accent); outline-offset: -2px; }
  .approval h3 { font-size: 1em; margin: 0 0 0.25rem; }
  .approval .where, .approval .from { margin: 0 0 0.4rem; color: var(--_color-muted); font-size: 0.9em; }
  .approval .from { font-style: italic; }
  .approval dl { margin: 0 0 0.5rem; display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 0.75rem; font-size: 0.9em; }
  .approval dt { font-weight: 600; }
  .approval dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font-family: ui-monospace, monospace; }
  .approval summary { cursor: pointer; }
  .approval .full { max-height: 12rem; overflow: auto; }
  .approval .none { margin: 0 0 0.5rem; font-size: 0.9em; color: var(--_color-muted); }
  .approval .actions { display: flex; flex-wrap: wrap; gap: var(--_space-s); }
  .approval button { font: inherit; padding: 0.35rem 0.8rem; border-radius: var(--_radius); cursor: pointer;
    border: 1px solid var(--_color-border); background: var(--_color-surface); color: var(--_color-on-surface); }
  .approval button.allow { background: var(--_color-accent); color: var(--_color-on-accent); border-color: transparent; }
  .approval button:focus-visible { outline: 2px solid var(--_color-accent); outline-offset: 2px; }
  .approval-line { font-size: 0.9em; color: var(--_color-muted); }
  .approval-line.denied, .approval-line.stopped { color: var(--_color-danger); }
`;
