/**
 * The element's views that its first render does without: the transcript (empty until a question,
 * a restore or a server's notice), the canvas with its styles, gestures and frames (empty until
 * the engine has loaded: it draws widgets through the engine's registry), with what the element
 * hands the canvas, and the starter questions shown before the first question. One lazy chunk,
 * loaded with the engine, at the transcript's first entry, or once the page is idle, so the first
 * load holds only Lit, the element's shell and the composer.
 */
import {defineCanvasElements} from '../canvas/autoui-canvas.js';
import {defineElement} from '../define-element.js';
import type {AgentSession} from '../session/agent-session.js';
import {AppHostMemo} from './canvas-binding/app-host.js';
import {AutouiTranscript} from './parts/autoui-transcript.js';
import {canvasEventHandlers, type CanvasEventHandlers} from './canvas-binding/canvas-events.js';
import {CanvasRunStatus} from './canvas-binding/canvas-run-status.js';
import {WidgetEnvironmentMemo} from './canvas-binding/widget-environment.js';

export {starterQuestionsView} from './starters/starter-questions-view.js';
export {fileNoticeText} from './files/file-notice-text.js';

/** Defines `<autoui-transcript>` and `<autoui-canvas>`: the element's tags of them upgrade in place, keeping the properties it set. */
export function defineViews(): void {
  defineCanvasElements();
  defineElement('autoui-transcript', AutouiTranscript);
}

/** What one element hands its canvas: the MCP App host, the widgets' environment, the run status, and its listeners. */
export interface CanvasView {
  appHost: AppHostMemo;
  environment: WidgetEnvironmentMemo;
  status: CanvasRunStatus;
  events: CanvasEventHandlers;
}

/** The canvas's bindings of one element and its session. */
export function canvasView(host: HTMLElement, session: AgentSession): CanvasView {
  return {appHost: new AppHostMemo(session), environment: new WidgetEnvironmentMemo(), status: new CanvasRunStatus(session), events: canvasEventHandlers(host, session)};
}
