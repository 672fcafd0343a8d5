import {LitElement, css, html} from 'lit';
import {property} from 'lit/decorators.js';

/**
 * `<autoui-agent>`: gives a page an LLM tool-calling agent over its MCP servers.
 *
 * This is the foundation's stub: it holds the public attributes and renders the canvas area.
 * The composer, transcript, events and JS API arrive with the element issue.
 *
 * @summary An LLM agent that renders widgets from MCP data.
 * @csspart canvas - The area where widgets appear.
 * @cssproperty --autoui-font-family - Font of the element's own texts.
 */
export class AutouiAgent extends LitElement {
  static override styles = css`
    :host {
      display: block;
      font-family: var(--autoui-font-family, system-ui, sans-serif);
    }
  `;

  /** `anthropic` (Messages API) or `openai` (OpenAI-compatible chat completions). */
  @property({reflect: true}) provider: 'anthropic' | 'openai' = 'anthropic';

  /** Base URL of the provider API, or of a proxy speaking its wire format. */
  @property() endpoint?: string;

  /** Model id sent to the provider. */
  @property() model?: string;

  override render() {
    return html`<div part="canvas" class="canvas"><slot></slot></div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'autoui-agent': AutouiAgent;
  }
}
