import {LitElement, css, type CSSResultGroup, type PropertyValues} from 'lit';
import {property} from 'lit/decorators.js';
import {consume} from '@lit/context';
import {tokens} from '../styles/tokens.js';
import {hasLongWord} from '../styles/long-words.js';
import {dateFormat, numberFormat} from './common/intl-cache.js';
import {defaultWidgetEnvironment, widgetEnvironmentContext, type WidgetEnvironment} from './widget-context.js';

/**
 * Base class of every widget element: validated `params` set as a property (never parsed from
 * attributes), and the agent's environment (language, direction, allowed image hosts) from
 * context, with `Intl` helpers in that language. Its `styles` carry the shared tokens: a widget
 * that extends them reads the resolved `--_color-*`, `--_radius`, `--_space-s|m` and
 * `--_font-family` names, light or dark, with the page's `--autoui-*` values winning.
 *
 * @cssproperty --autoui-color-surface - Widget background.
 * @cssproperty --autoui-color-on-surface - Widget text colour.
 * @cssproperty --autoui-color-accent - Accent colour.
 * @cssproperty --autoui-radius - Corner radius.
 * @cssproperty --autoui-space-m - Inner spacing.
 */
export class AutouiWidgetElement<P = Record<string, unknown>> extends LitElement {
  static override styles: CSSResultGroup = css`
    ${tokens}
    :host {
      display: block;
      box-sizing: border-box;
      color: var(--_color-on-surface);
      font-family: var(--_font-family);
    }
    /* Params with a very long unbroken word: see styles/long-words.ts. */
    :host([long-words]) {
      font-kerning: none;
    }
  `;

  /** The widget's params, already validated against its schema. */
  @property({attribute: false}) params!: P;

  /**
   * True while the widget is a draft: the model is still writing its call, and `params` (partial,
   * valid so far) grow as it does, rows and points appended. A widget may skip what costs and
   * helps nobody until it is finished (animations, the screen-reader table). The same element
   * then gets the final params with `draft` false.
   */
  @property({type: Boolean, reflect: true}) draft = false;

  /** Language, direction and allowed image hosts of the agent element. */
  @consume({context: widgetEnvironmentContext, subscribe: true})
  @property({attribute: false})
  environment: WidgetEnvironment = defaultWidgetEnvironment;

  protected override update(changed: PropertyValues): void {
    if (changed.has('params')) this.toggleAttribute('long-words', hasLongWord(this.wrappingText()));
    super.update(changed);
  }

  /**
   * The part of `params` this widget lays out as wrapping text, searched for a very long word
   * (see styles/long-words.ts): all of them, unless a widget knows better. A widget that shows
   * most of its params on single lines (the table's cells: no line breaks, so no shaping again at
   * each) returns less, and saves a walk over every value (50,000 strings in a 10,000-row table).
   */
  protected wrappingText(): unknown {
    return this.params;
  }

  /** Formats a number in the element's language. */
  protected formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
    return numberFormat(this.environment.locale, options).format(value);
  }

  /** Formats a date (Date, ISO string or epoch ms) in the element's language; unparsable input is returned as given. */
  protected formatDate(value: string | number | Date, options: Intl.DateTimeFormatOptions = {dateStyle: 'medium'}): string {
    const date = value instanceof Date ? value : new Date(value);
    return Number.isNaN(date.getTime()) ? String(value) : dateFormat(this.environment.locale, options).format(date);
  }
}
