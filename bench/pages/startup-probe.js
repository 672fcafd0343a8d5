// Start-up probe (benchmark 5): when the element named by ?tag= is defined and has rendered, store
// the time since navigation start in window.__startup.
const tag = new URL(import.meta.url).searchParams.get('tag');
await customElements.whenDefined(tag);
await document.querySelector(tag).updateComplete;
window.__startup = performance.now();
