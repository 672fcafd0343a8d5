/**
 * Makes the Leaflet modules the map widget uses safe on a page that requires Trusted Types
 * (`require-trusted-types-for 'script'`). Leaflet 1.9 writes three constant strings with
 * `innerHTML`: a feature test when its `Browser` module loads (which then throws, and the map chunk
 * fails to load), the zoom buttons' glyphs and the popup's close cross. Each becomes the same DOM
 * built with `createElement` and `textContent`, so nothing reaches an HTML sink.
 *
 * A Rollup/Vite plugin (web-test-runner takes it through `fromRollup`). Each replacement must match
 * exactly once: a Leaflet that changed fails the build instead of shipping unpatched.
 */
const PATCHES = {
  'core/Browser.js': [["div.innerHTML = '<svg/>';", 'div.appendChild(svgCreate(\'svg\'));']],
  'control/Control.Zoom.js': [
    [`zoomInText: '<span aria-hidden="true">+</span>',`, "zoomInText: '+',"],
    [`zoomOutText: '<span aria-hidden="true">&#x2212;</span>',`, "zoomOutText: '\\u2212',"],
    ['link.innerHTML = html;', "var glyph = DomUtil.create('span', '', link); glyph.setAttribute('aria-hidden', 'true'); glyph.textContent = html;"],
  ],
  'layer/Popup.js': [
    [`closeButton.innerHTML = '<span aria-hidden="true">&#215;</span>';`, "var cross = DomUtil.create('span', '', closeButton); cross.setAttribute('aria-hidden', 'true'); cross.textContent = '\\u00d7';"],
  ],
};

/** The plugin. */
export function leafletTrustedTypes() {
  return {
    name: 'leaflet-trusted-types',
    transform(code, id) {
      const file = Object.keys(PATCHES).find((f) => id.split('?')[0].replaceAll('\\', '/').endsWith(`/leaflet/src/${f}`));
      if (!file) return null;
      let out = code;
      for (const [from, to] of PATCHES[file]) {
        const count = out.split(from).length - 1;
        if (count !== 1) throw new Error(`leaflet-trusted-types: expected one "${from}" in leaflet/src/${file}, found ${count}; Leaflet changed, update the patch`);
        out = out.replace(from, to);
      }
      return {code: out, map: null};
    },
  };
}
