/**
 * What a view is shown as when it cannot be framed: the call's text result, under a line that
 * says why (no sandbox, one on the page's origin, one that never answered, or a failure), and the
 * notice the transcript gets.
 */
import {html, type TemplateResult} from 'lit';
import type {UiLanguage} from '../../policy/language.js';
import {textTable} from '../../policy/text-table.js';
import type {McpAppViewParams} from '../../schema/mcp-app-view.js';
import {textOf} from './view-bridge.js';
import {SANDBOX_READY_MS} from './view-sandbox.js';

/** Why a view is shown as text: no sandbox, one on the page's origin, one that never answered, or a failure. */
export type Fallback = 'noSandbox' | 'sameOrigin' | 'noAnswer' | 'failed';

const TEXTS = textTable(
  {
    noSandbox: 'This app is not shown: the page has no sandbox for MCP Apps (sandbox-url). Its text result:',
    sameOrigin: 'This app is not shown: its sandbox (sandbox-url) is on the page\u2019s own origin, where it could reach the page. Its text result:',
    noAnswer: 'This app is not shown: its sandbox page did not answer. Its text result:',
    failed: 'This app could not be shown:',
    waiting: 'Waiting for the result\u2026',
  },
  {
    noSandbox: 'Cette application n\u2019est pas affichée : la page n\u2019a pas de bac à sable pour les MCP Apps (sandbox-url). Son résultat en texte :',
    sameOrigin: 'Cette application n\u2019est pas affichée : son bac à sable (sandbox-url) est sur l\u2019origine même de la page, qu\u2019elle pourrait atteindre. Son résultat en texte :',
    noAnswer: 'Cette application n\u2019est pas affichée : sa page de bac à sable n\u2019a pas répondu. Son résultat en texte :',
    failed: 'Cette application n\u2019a pas pu être affichée :',
    waiting: 'En attente du résultat\u2026',
  },
);

/** The text parts of a `CallToolResult`, for the fallback. */
function resultText(result: Record<string, unknown> | undefined): string {
  return (textOf(result?.content) || textOf(undefined, result?.structuredContent)).slice(0, 20_000);
}

/** The view of `params` as text, and why (`failure`: what went wrong, when it `failed`). */
export function renderFallback(why: Fallback, failure: string, params: McpAppViewParams, language: UiLanguage): TemplateResult {
  const t = TEXTS[language];
  const text = resultText(params.result);
  return html`<div class="fallback" part="fallback" role="note">
    <p>${why === 'failed' ? `${t.failed} ${failure}` : t[why]}</p>
    <pre>${text || (params.cancelled ?? t.waiting)}</pre>
  </div>`;
}

/** The transcript's notice (`APP_SANDBOX`) of why the view of `tool` is shown as text. */
export function fallbackNotice(why: Fallback, tool: string, failure: string): string {
  const messages: Record<Fallback, string> = {
    noSandbox: `The MCP App view of ${tool} is shown as text: the page set no sandbox-url for MCP Apps.`,
    sameOrigin: `The MCP App view of ${tool} is shown as text: its sandbox-url is on the page's own origin, which would let the view reach the page.`,
    noAnswer: `The MCP App view of ${tool} is shown as text: the sandbox page at its sandbox-url did not answer within ${SANDBOX_READY_MS / 1000} s.`,
    failed: failure,
  };
  return messages[why];
}
