import {css, html} from 'lit';
import {AutouiWidgetElement} from '../widget-element.js';
import {widgetStyles} from '../common/widget-styles.js';
import {safeHref} from '../../policy/url-rules.js';
import type {TimelineParams} from './timeline.contract.js';

export type {TimelineParams};

const ISO_DATE = /^\d{4}-\d{2}(-\d{2})?([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Dated events as an ordered list along a line. ISO dates are formatted in the reader's
 * language; free-text dates ("Spring 2024") are shown as given. The line sits on the inline-start
 * side, so it moves to the right in RTL.
 *
 * @tagname autoui-timeline
 * @summary Dated events in order.
 * @csspart body - The widget's root.
 * @csspart title - The title.
 * @csspart list - The `ol`.
 * @csspart item - Each event.
 * @csspart date - Each date.
 * @cssproperty --autoui-timeline-line-color - Colour of the line and dots.
 */
export class AutouiTimelineWidget extends AutouiWidgetElement<TimelineParams> {
  static override styles = css`
    ${widgetStyles}
    :host { --_line: var(--autoui-timeline-line-color, var(--_color-accent)); }
    ol { list-style: none; margin: 0; padding: 0; border-inline-start: 2px solid var(--_line); }
    li { position: relative; padding-inline-start: var(--_space-m); padding-bottom: var(--_space-m); }
    li::before { content: ''; position: absolute; inset-inline-start: -6px; top: 0.35em; width: 10px; height: 10px; border-radius: 50%; background: var(--_line); }
    time { display: block; color: var(--_color-muted); font-size: 0.8125rem; }
    .event { font-weight: 600; }
    a { color: var(--_color-accent); }
    p { margin: 2px 0 0; }
  `;

  override render() {
    const {title, items} = this.params;
    return html`<div part="body">
      ${title ? html`<h3 part="title" class="title">${title}</h3>` : ''}
      <ol part="list">
        ${items.map((item) => {
          const iso = ISO_DATE.test(item.date);
          const href = safeHref(item.url);
          return html`<li part="item">
            ${iso ? html`<time part="date" datetime=${item.date}>${this.formatDate(item.date)}</time>` : html`<time part="date">${item.date}</time>`}
            <span class="event">${href ? html`<a href=${href} target="_blank" rel="noopener noreferrer">${item.title}</a>` : item.title}</span>
            ${item.description ? html`<p>${item.description}</p>` : ''}
          </li>`;
        })}
      </ol>
    </div>`;
  }
}
