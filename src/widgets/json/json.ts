import {css, html, type TemplateResult} from 'lit';
import {state} from 'lit/decorators.js';
import {AutouiWidgetElement} from '../widget-element.js';
import {widgetStyles} from '../common/widget-styles.js';
import {widgetText} from '../common/widget-texts.js';
import type {JsonParams} from './json.contract.js';
import {FIRST_VALUE_PART, firstPart, MORE_STEP, showMoreButton} from '../common/long-text.js';

export type {JsonParams};

/** Children shown per object or array before a "N more" line; keeps huge payloads responsive. */
const PAGE = 200;

/**
 * A collapsible JSON viewer built on `<details>`: keyboard and screen-reader friendly without any
 * script of its own. Closed branches are not rendered at all, so a large document stays fast, and
 * a very long string shows its first 2,000 characters and a "show more".
 *
 * @tagname autoui-json
 * @summary A collapsible JSON viewer.
 * @csspart body - The widget's root.
 * @csspart title - The title.
 * @csspart tree - The tree.
 * @csspart more - The "show more" button of a long string.
 * @cssproperty --autoui-json-key-color - Colour of keys.
 * @cssproperty --autoui-json-string-color - Colour of strings.
 */
export class AutouiJsonWidget extends AutouiWidgetElement<JsonParams> {
  static override styles = css`
    ${widgetStyles}
    :host {
      --_key: var(--autoui-json-key-color, var(--_color-accent));
      --_string: var(--autoui-json-string-color, var(--_color-success));
    }
    .tree { font-family: var(--_mono); font-size: 0.8125rem; line-height: 1.5; overflow: auto; max-height: 520px; }
    details { padding-inline-start: 1.1em; }
    details > summary { margin-inline-start: -1.1em; cursor: pointer; }
    .leaf { padding-inline-start: 1.1em; }
    .key { color: var(--_key); }
    .string { color: var(--_string); white-space: pre-wrap; }
    .meta { color: var(--_color-muted); }
  `;

  /** Paths (JSON Pointers) the person opened or closed, overriding the initial depth. */
  @state() private toggled = new Map<string, boolean>();

  #isOpen(path: string, depth: number): boolean {
    return this.toggled.get(path) ?? depth < (this.params.expanded ?? 1);
  }

  #onToggle(path: string, event: Event) {
    const open = (event.currentTarget as HTMLDetailsElement).open;
    if (open !== this.toggled.get(path)) this.toggled = new Map(this.toggled).set(path, open);
  }

  /** Characters shown of each long string, by path, once the person asked for more. */
  @state() private shown = new Map<string, number>();

  #scalar(value: unknown, path: string): TemplateResult {
    if (typeof value === 'string') {
      const {text, remaining} = firstPart(value, this.shown.get(path) ?? FIRST_VALUE_PART);
      if (!remaining) return html`<span class="string">"${value}"</span>`;
      const more = () => (this.shown = new Map(this.shown).set(path, text.length + MORE_STEP));
      return html`<span class="string">"${text}…</span>${showMoreButton(this.environment.language, remaining, this.environment.locale, more)}`;
    }
    if (typeof value === 'number') return html`<span>${value}</span>`;
    return html`<span class="meta">${String(value)}</span>`;
  }

  #node(key: string | undefined, value: unknown, path: string, depth: number): TemplateResult {
    const label = key === undefined ? '' : html`<span class="key">${key}</span>: `;
    if (value === null || typeof value !== 'object') return html`<div class="leaf">${label}${this.#scalar(value, path)}</div>`;
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    const lang = this.environment.language;
    const count = `${Array.isArray(value) ? '[' : '{'} ${entries.length} ${widgetText(lang, Array.isArray(value) ? 'items' : 'keys')} ${Array.isArray(value) ? ']' : '}'}`;
    const open = this.#isOpen(path, depth);
    return html`<details ?open=${open} @toggle=${(e: Event) => this.#onToggle(path, e)}>
      <summary>${label}<span class="meta">${count}</span></summary>
      ${open ? entries.slice(0, PAGE).map(([k, v]) => this.#node(k, v, `${path}/${k}`, depth + 1)) : ''}
      ${open && entries.length > PAGE ? html`<div class="leaf meta">… ${entries.length - PAGE} ${widgetText(lang, 'more')}</div>` : ''}
    </details>`;
  }

  override render() {
    const {title, data} = this.params;
    return html`<div part="body">
      ${title ? html`<h3 part="title" class="title">${title}</h3>` : ''}
      <div part="tree" class="tree">${this.#node(undefined, data, '', 0)}</div>
    </div>`;
  }
}
