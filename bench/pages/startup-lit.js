/** The start-up baseline (benchmark 5): one trivial Lit element, as small as Lit gets. */
import {LitElement, html} from 'lit';

class BenchHello extends LitElement {
  render() {
    return html`<p>Hello</p>`;
  }
}
customElements.define('bench-hello', BenchHello);
