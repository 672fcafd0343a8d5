import {css, html} from 'lit';
import {AutouiWidgetElement} from '../widget-element.js';
import {widgetStyles} from '../common/widget-styles.js';
import type {AlertParams} from './alert.contract.js';

export type {AlertParams};

const ICONS = {info: 'ℹ', success: '✓', warning: '⚠', error: '✕'} as const;

/**
 * A notice. Warnings and errors use `role="alert"` so screen readers announce them; information
 * and success use `role="status"`, which waits its turn.
 *
 * @tagname autoui-alert
 * @summary An information, success, warning or error message.
 * @csspart body - The box.
 * @csspart icon - The icon.
 * @csspart title - The title.
 * @csspart message - The message.
 * @cssproperty --autoui-color-success - Success colour.
 * @cssproperty --autoui-color-warning - Warning colour.
 * @cssproperty --autoui-color-danger - Error colour.
 */
export class AutouiAlertWidget extends AutouiWidgetElement<AlertParams> {
  static override styles = css`
    ${widgetStyles}
    :host {
      --_tone: var(--_color-accent);
    }
    .box {
      display: flex;
      gap: var(--_space-m);
      padding: var(--_space-m);
      border-radius: var(--_radius);
      border: 1px solid var(--_tone);
      border-inline-start-width: 4px;
    }
    .success { --_tone: var(--_color-success); }
    .warning { --_tone: var(--_color-warning); }
    .error { --_tone: var(--_color-danger); }
    .icon { color: var(--_tone); font-weight: 700; }
    .title { margin: 0 0 var(--_space-s); font-size: 1rem; }
    .message { white-space: pre-wrap; }
  `;

  override render() {
    const {message, title, variant = 'info'} = this.params;
    const urgent = variant === 'warning' || variant === 'error';
    return html`<div part="body" class="box ${variant}" role=${urgent ? 'alert' : 'status'}>
      <span part="icon" class="icon" aria-hidden="true">${ICONS[variant]}</span>
      <div>
        ${title ? html`<h3 part="title" class="title">${title}</h3>` : ''}
        <div part="message" class="message">${message}</div>
      </div>
    </div>`;
  }
}
