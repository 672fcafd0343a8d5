/**
 * Styles of the sign-in card (sign-in-card.ts): the approval card's look, with the hosts a person
 * signs in at set apart and a failure in the danger colour. They come with the cards' chunk
 * (`prompt-cards.ts`), and the transcript adopts them before it draws the first card.
 */
import {css} from 'lit';

/** Styles of the card, adopted by the transcript with the cards' view (it reads the `--_*` tokens). */
export const signInStyles = css`
  .sign-in { margin-top: var(--_space-s); border: 1px solid var(--_color-warning); border-radius: var(--_radius); padding: var(--_space-s) var(--_space-m);
    background: var(--_color-surface); color: var(--_color-on-surface); white-space: normal; }
  /* Inside the border: the scrolling log would clip a ring drawn outside it. */
  .sign-in:focus-visible { outline: 2px solid var(--_color-accent); outline-offset: -2px; }
  .sign-in h3 { font-size: 1em; margin: 0 0 0.25rem; }
  .sign-in .where { margin: 0 0 0.4rem; color: var(--_color-muted); font-size: 0.9em; }
  .sign-in .host { font-weight: 600; color: var(--_color-on-surface); }
  .sign-in .explain, .sign-in .waiting { margin: 0 0 0.5rem; }
  .sign-in .failed { margin: 0 0 0.5rem; color: var(--_color-danger); overflow-wrap: anywhere; }
  .sign-in .actions { display: flex; flex-wrap: wrap; gap: var(--_space-s); }
  .sign-in button { font: inherit; padding: 0.35rem 0.8rem; border-radius: var(--_radius); cursor: pointer;
    border: 1px solid var(--_color-border); background: var(--_color-surface); color: var(--_color-on-surface); }
  .sign-in button.primary { background: var(--_color-accent); color: var(--_color-on-accent); border-color: transparent; }
  .sign-in button:focus-visible { outline: 2px solid var(--_color-accent); outline-offset: 2px; }
`;

/** Styles of a sign-in's or a server question's line in the log (prompt-lines.ts), like an answered approval's. */
export const promptLineStyles = css`
  .prompt-line { font-size: 0.9em; color: var(--_color-muted); }
  .prompt-line.failed, .prompt-line.stopped { color: var(--_color-danger); }
`;
