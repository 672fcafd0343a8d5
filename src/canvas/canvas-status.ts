/**
 * The canvas's words about the questions: what will appear on it while it is empty, the step a
 * run is on, and the notice of a run that failed, with a button that asks the question again.
 * The status line and the notice come after the widgets and stick to the bottom of the view, so
 * no widget moves when they come and go; the live region that holds them is always there, so a
 * screen reader hears each change.
 */
import {css, html, nothing} from 'lit';
import type {RunStatus} from '../session/run-status.js';
import {failureText, stepText, type CanvasStatusTexts} from './canvas-status-texts.js';

/**
 * What an empty canvas says (nothing on a read-only canvas, where nobody asks). Its own direction:
 * on a right-to-left page in a language with no texts of ours, the English sentence would end with
 * its full stop on the wrong side.
 */
export const emptyCanvas = (t: CanvasStatusTexts) => html`<div class="empty"><p dir="auto">${t.empty}</p></div>`;

/** Detail of `autoui-run-retry`: the question to ask again. */
export interface RunRetryDetail {
  question: string;
}

/** Fires `autoui-run-retry` from `canvas`: the person asks the failed question again (the element asks it). */
const retry = (canvas: HTMLElement, question: string) =>
  canvas.dispatchEvent(new CustomEvent<RunRetryDetail>('autoui-run-retry', {detail: {question}, bubbles: true, composed: true}));

/** The status line or the failure notice of `status`, in its live region, on `canvas`. */
export function runStatusView(status: RunStatus, t: CanvasStatusTexts, canvas: HTMLElement) {
  let content: unknown = nothing;
  if (status.state === 'working') {
    content = html`<p class="working"><span class="pulse" aria-hidden="true"></span><span class="step" dir="auto">${stepText(t, status.step, status.asking > 0)}</span></p>`;
  } else if (status.state === 'failed') {
    // The message and the code are the model's or a server's: text only.
    content = html`<div class="run-failed">
      <p dir="auto">${failureText(t, status.code, status.message)} <small>${status.code}</small></p>
      <button type="button" @click=${() => retry(canvas, status.question)}>${t.retry}</button>
    </div>`;
  }
  return html`<div class="status" role="status" aria-live="polite">${content}</div>`;
}

/** Styles of the empty canvas, the status line and the failure notice, on the shared tokens. */
export const canvasStatusStyles = css`
  .empty { display: grid; place-items: center; min-block-size: 12rem; padding: var(--_space-m); box-sizing: border-box; border: 1px dashed var(--_color-border); border-radius: var(--_radius); color: var(--_color-muted); text-align: center; }
  .empty p { margin: 0; max-inline-size: 30ch; }
  .status { position: sticky; inset-block-end: var(--_space-s); z-index: 2; display: flex; justify-content: center; }
  .working, .run-failed { box-sizing: border-box; max-inline-size: 100%; margin: var(--_space-s) 0 0; padding: var(--_space-s) var(--_space-m); border: 1px solid var(--_color-border); border-radius: var(--_radius); background: var(--_color-surface); box-shadow: 0 2px 8px rgba(0, 0, 0, 0.12); }
  .working { display: flex; align-items: center; gap: var(--_space-s); padding-block: 0.25rem; border-radius: 999px; color: var(--_color-muted); font-size: 0.9em; }
  .step { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .pulse { flex: none; inline-size: 0.5rem; block-size: 0.5rem; border-radius: 50%; background: var(--_color-accent); animation: autoui-pulse 0.9s ease-in-out infinite alternate; }
  @keyframes autoui-pulse { from { opacity: 0.25; } }
  @media (prefers-reduced-motion: reduce) { .pulse { animation: none; } }
  .run-failed { display: flex; flex-wrap: wrap; align-items: center; gap: var(--_space-s) var(--_space-m); border-color: var(--_color-danger); }
  .run-failed p { margin: 0; flex: 1 1 12rem; overflow-wrap: anywhere; }
  .run-failed small { display: block; color: var(--_color-muted); font-family: ui-monospace, monospace; }
  .run-failed button { font: inherit; padding: 0.25rem 0.75rem; border: 0; border-radius: var(--_radius); background: var(--_color-accent); color: var(--_color-on-accent); cursor: pointer; }
  .run-failed button:focus-visible { outline: 2px solid var(--_color-accent); outline-offset: 2px; }
`;
