/**
 * The baselines of the rendering benchmark (4), bundled by bench/run.mjs with esbuild: chart.js
 * alone, Leaflet alone, a plain `<table>` (`?impl=bare`: the rows a viewport shows, as our
 * windowed table does; `?impl=full`: all rows), and plain DOM with the same content as the 100
 * mixed widgets. Each does the same work as our widget, the way a page using the library would.
 */
import Chart from 'chart.js/auto';
import * as L from 'leaflet/dist/leaflet-src.esm.js';
import leafletCss from 'leaflet/dist/leaflet.css';
import {install, leafletDone} from './render-harness.js';

const full = new URL(location.href).searchParams.get('impl') === 'full';
/** Rows a 24rem viewport shows below its header (our table's default height). */
const VISIBLE_ROWS = 11;
/**
 * The number format, made on first use, inside the timed part: our widgets make theirs when they
 * first render (the element's language is known only then), and a first Intl format costs
 * milliseconds (its locale data), so made at load here it would be left out of one side only.
 */
let format;
const numbers = {format: (n) => (format ??= new Intl.NumberFormat('en')).format(n)};

const el = (tag, text, parent) => {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = String(text);
  parent?.append(node);
  return node;
};

function table({title, columns, rows}, container) {
  el('h3', title, container);
  const viewport = el('div', undefined, container);
  viewport.style.cssText = 'max-height: 24rem; overflow: auto';
  const t = el('table', undefined, viewport);
  const head = el('tr', undefined, el('thead', undefined, t));
  for (const c of columns) el('th', c.label, head);
  const body = el('tbody', undefined, t);
  for (const row of full ? rows : rows.slice(0, VISIBLE_ROWS)) {
    const tr = el('tr', undefined, body);
    for (const c of columns) el('td', c.type === 'number' ? numbers.format(row[c.key]) : row[c.key], tr);
  }
  return () => true;
}

function chart(params, container) {
  const box = el('div', undefined, container);
  box.style.cssText = 'position: relative; height: 280px';
  const canvas = el('canvas', undefined, box);
  new Chart(canvas, {
    type: 'line',
    data: {labels: params.labels, datasets: params.datasets.map((d) => ({label: d.label, data: d.data}))},
    options: {responsive: true, maintainAspectRatio: false, animation: false, plugins: {legend: {display: false}}},
  });
  return () => true;
}

function map(params, container) {
  const box = el('div', undefined, container);
  box.style.height = '320px';
  const m = L.map(box, {attributionControl: false});
  L.tileLayer(params.tileUrl, {maxZoom: 19}).addTo(m);
  const group = L.featureGroup(params.markers.map((p) => L.circleMarker([p.lat, p.lng], {radius: 8, color: '#ffffff', weight: 2, fillColor: '#2563eb', fillOpacity: 0.9}).bindPopup(p.popup)));
  group.addTo(m);
  m.fitBounds(group.getBounds(), {padding: [24, 24], maxZoom: 16, animate: false});
  return () => leafletDone(container, params.markers.length);
}

/** One light widget's content as plain DOM. */
function plain(type, p, container) {
  const section = el('section', undefined, container);
  if (p.title) el('h3', p.title, section);
  switch (type) {
    case 'stat':
    case 'stat-card':
      el('div', p.label, section);
      el('strong', `${numbers.format(p.value)}${p.unit ? ` ${p.unit}` : ''}`, section);
      if (p.delta) el('span', `${p.trend === 'up' ? '▲' : '▼'} ${p.delta}`, section);
      if (p.caption) el('p', p.caption, section);
      break;
    case 'kv': {
      const dl = el('dl', undefined, section);
      for (const {key, value} of p.items) {
        el('dt', key, dl);
        el('dd', typeof value === 'number' ? numbers.format(value) : value, dl);
      }
      break;
    }
    case 'list': {
      const ul = el('ul', undefined, section);
      for (const item of p.items) {
        const li = el('li', typeof item === 'string' ? item : item.text, ul);
        if (item.secondary) el('small', item.secondary, li);
      }
      break;
    }
    case 'tags':
      for (const item of p.items) el('span', typeof item === 'string' ? item : `${item.label} ${item.count}`, section);
      break;
    default: {
      const box = el('div', p.message, section);
      box.setAttribute('role', 'status');
    }
  }
}

const style = document.createElement('style');
style.textContent = `${leafletCss} section{display:inline-block;vertical-align:top;width:300px;margin:8px;padding:12px;border:1px solid #ddd;border-radius:8px} td,th{padding:8px;border-bottom:1px solid #ddd}`;
document.head.append(style);

install({
  async prepare() {},
  render(work, container) {
    const [type, params] = work[0];
    if (type === 'table') return table(params, container);
    if (type === 'chart') return chart(params, container);
    if (type === 'map') return map(params, container);
    for (const [t, p] of work) plain(t, p, container);
    return () => true;
  },
});
