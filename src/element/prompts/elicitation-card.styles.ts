/**
 * Styles of the elicitation card (elicitation-card.ts): the approval card's look (a bordered card,
 * accent primary button, focus rings inside the scrolling log), plus form fields whose errors
 * show in the danger colour and a URL card whose host stands out. They come with the cards' chunk
 * (`prompt-cards.ts`), and the transcript adopts them before it draws the first card.
 */
import {css} from 'lit';

/** Styles of the card, adopted by the transcript with the cards' view (it reads the `--_*` tokens). */
export const elicitationStyles = css`
  .elicitation { margin-top: var(--_space-s); border: 1px solid var(--_color-warning); border-radius: var(--_radius); padding: var(--_space-s) var(--_space-m);
    background: var(--_color-surface); color: var(--_color-on-surface); white-space: normal; }
  /* Inside the border: the scrolling log would clip a ring drawn outside it. */
  .elicitation:focus-visible { outline: 2px solid var(--_color-accent); outline-offset: -2px; }
  .elicitation h3 { font-size: 1em; margin: 0 0 0.25rem; }
  .elicitation .message { margin: 0 0 0.5rem; white-space: pre-wrap; overflow-wrap: anywhere; }
  .elicitation .message.long { max-height: 12rem; overflow: auto; }
  .elicitation .refused { margin: 0 0 0.5rem; color: var(--_color-danger); }
  .elicitation .fields { display: flex; flex-direction: column; gap: 0.6rem; margin-bottom: 0.5rem; }
  .elicitation .field { display: flex; flex-direction: column; gap: 0.2rem; margin: 0; padding: 0; border: 0; min-width: 0; }
  .elicitation fieldset.field { gap: 0.3rem; }
  .elicitation legend, .elicitation .field > label { font-weight: 600; padding: 0; }
  .elicitation .check { display: flex; align-items: center; gap: 0.4rem; flex-wrap: wrap; }
  .elicitation .field.check { flex-direction: row; }
  .elicitation .field.check > .help, .elicitation .field.check > .error { flex-basis: 100%; }
  .elicitation .required { font-weight: 400; color: var(--_color-muted); font-size: 0.9em; }
  .elicitation .help { margin: 0; color: var(--_color-muted); font-size: 0.9em; white-space: pre-wrap; overflow-wrap: anywhere; }
  .elicitation .error { margin: 0; color: var(--_color-danger); font-size: 0.9em; }
  .elicitation .summary { margin: 0 0 0.5rem; color: var(--_color-danger); }
  /* Empty, it takes no room but stays in the accessibility tree: a live region must exist before it speaks. */
  .elicitation .summary:empty { margin: 0; }
  .elicitation input:not([type='checkbox']), .elicitation select { font: inherit; padding: 0.3rem 0.5rem; border-radius: var(--_radius); max-width: 100%;
    border: 1px solid var(--_color-border); background: var(--_color-surface); color: var(--_color-on-surface); }
  .elicitation input[type='checkbox'] { accent-color: var(--_color-accent); margin: 0; }
  .elicitation [aria-invalid='true'] { border-color: var(--_color-danger); outline: 1px solid var(--_color-danger); }
  .elicitation input:focus-visible, .elicitation select:focus-visible, .elicitation .message:focus-visible { outline: 2px solid var(--_color-accent); outline-offset: 1px; }
  .elicitation .site, .elicitation .full, .elicitation .hint, .elicitation .waiting { margin: 0 0 0.4rem; }
  .elicitation .label { color: var(--_color-muted); font-size: 0.9em; }
  .elicitation .host { font-size: 1.15em; }
  .elicitation .href { font-family: ui-monospace, monospace; font-size: 0.9em; overflow-wrap: anywhere; }
  .elicitation .hint { color: var(--_color-muted); font-size: 0.9em; }
  .elicitation .actions { display: flex; flex-wrap: wrap; gap: var(--_space-s); }
  .elicitation button { font: inherit; padding: 0.35rem 0.8rem; border-radius: var(--_radius); cursor: pointer;
    border: 1px solid var(--_color-border); background: var(--_color-surface); color: var(--_color-on-surface); }
  .elicitation button.primary { background: var(--_color-accent); color: var(--_color-on-accent); border-color: transparent; }
  .elicitation button:focus-visible { outline: 2px solid var(--_color-accent); outline-offset: 2px; }
`;
