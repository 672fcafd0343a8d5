/**
 * Every text the element shows is readable in both colour schemes: in light and in dark
 * `prefers-color-scheme`, with no token set by the page, each visible text node of every shadow
 * root (transcript, composer in its Send and Stop states, debug console, canvas frame, every widget
 * type with the variants that change colours) meets WCAG AA contrast against the background it is
 * drawn on (4.5:1, or 3:1 for large text: 24px, or 18.66px bold).
 *
 * The background is found the way the eye sees it: up the composed tree (across shadow roots and
 * slots), compositing translucent backgrounds until an opaque one, then the page. Text that is not
 * drawn (display none, visibility hidden, visually hidden by a 1px clip, zero size, inside a
 * `<canvas>` or Leaflet's tiles) and text of disabled controls (which WCAG exempts) are skipped;
 * Chart.js's canvas texts are checked through the colour the chart was given, which must be the
 * element's own text colour. And in both schemes, tokens a page sets on the element still win.
 */
import {expect, waitUntil} from '@open-wc/testing';
import {emulateMedia} from '@web/test-runner-commands';
import {createDefaultRegistry} from '../../src/widgets/catalog.js';
import {recipeExample} from '../../src/webmcp/recipe.js';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {EventLog, createScenario, mountAgent, settle, ui} from './harness.js';

type Rgba = {r: number; g: number; b: number; a: number};

const display = (name: string, params: Record<string, unknown>) => ({name: 'autoui_webmcp_widget_display', input: {name, params}});

/** Every widget type from its recipe, plus the params that change a widget's colours. */
function everyWidget() {
  const examples = createDefaultRegistry()
    .list()
    .map((d) => recipeExample(d.recipe)!)
    .map((e) => display(e.name, e.params));
  const trends = ['up', 'down', 'stable'] as const;
  const variants = [
    ...(['info', 'success', 'warning', 'error'] as const).map((variant) =>
      display('alert', {variant, title: `An ${variant} alert`, message: `The ${variant} message.`}),
    ),
    ...(['default', 'success', 'warning', 'danger', 'info'] as const).map((variant, i) =>
      display('stat-card', {label: `A ${variant} card`, value: 42 + i, unit: '%', trend: trends[i % 3], delta: `${trends[i % 3]} 3 pts`, caption: 'Source, 2024', variant}),
    ),
    display('stat-card', {label: 'No variant', value: 7, trend: 'stable', delta: 'flat'}),
    display('tags', {
      title: 'Every chip',
      items: (['default', 'accent', 'success', 'warning', 'danger'] as const).map((variant, i) => ({label: variant, count: i + 1, variant})),
    }),
    display('markdown', {content: '> A quote with `inline code`.\n\n```\na code block\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |'}),
    // Images from a host the page did not allow: shown behind a click, on the element's colours.
    display('cards', {items: [{title: 'With an image', image: {src: 'https://images.example.org/a.jpg', alt: 'A picture'}, tags: ['tag']}]}),
    display('profile', {name: 'With an avatar', avatar: 'https://images.example.org/b.jpg'}),
  ];
  return [...examples, ...variants];
}

// --- colours -------------------------------------------------------------------------------

const probe = document.createElement('canvas').getContext('2d', {willReadFrequently: true})!;

/** A computed colour as 0-255 channels and 0-1 alpha; anything not rgb()/color(srgb) goes through a canvas. */
function parseColor(value: string): Rgba {
  if (value === 'transparent') return {r: 0, g: 0, b: 0, a: 0};
  const rgb = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(value);
  if (rgb) return {r: +rgb[1], g: +rgb[2], b: +rgb[3], a: alpha(rgb[4])};
  const srgb = /^color\(srgb\s+([\d.e-]+)\s+([\d.e-]+)\s+([\d.e-]+)(?:\s*\/\s*([\d.]+%?))?\s*\)$/.exec(value);
  if (srgb) return {r: +srgb[1] * 255, g: +srgb[2] * 255, b: +srgb[3] * 255, a: alpha(srgb[4])};
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = value;
  probe.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
  return {r, g, b, a: a / 255};
}
const alpha = (a?: string) => (a === undefined ? 1 : a.endsWith('%') ? parseFloat(a) / 100 : +a);

/** `top` drawn over the opaque `bottom`. */
const over = (top: Rgba, bottom: Rgba): Rgba => ({
  r: top.r * top.a + bottom.r * (1 - top.a),
  g: top.g * top.a + bottom.g * (1 - top.a),
  b: top.b * top.a + bottom.b * (1 - top.a),
  a: 1,
});

const luminance = ({r, g, b}: Rgba) => {
  const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

/** WCAG 2 contrast ratio of two opaque colours. */
function contrast(a: Rgba, b: Rgba): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const hex = ({r, g, b}: Rgba) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const show = (c: Rgba) => (c.a < 1 ? `${hex(c)}@${+c.a.toFixed(2)}` : hex(c));

// --- the composed tree ---------------------------------------------------------------------

/** The element an element is drawn inside: its slot if it is slotted, its parent, or its shadow host. */
function composedParent(el: Element): Element | null {
  return el.assignedSlot ?? el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);
}

function* composedAncestors(el: Element): Generator<Element> {
  for (let node: Element | null = el; node; node = composedParent(node)) yield node;
}

/** Every node under `root` (itself excluded), shadow roots included, recursively. */
function* composedDescendants(root: Node): Generator<Node> {
  const shadow = root instanceof Element ? root.shadowRoot : null;
  if (shadow) yield* composedDescendants(shadow);
  for (const child of root.childNodes) {
    yield child;
    yield* composedDescendants(child);
  }
}

/** Every text node under `root`. */
function* textNodes(root: Node): Generator<Text> {
  for (const node of composedDescendants(root)) if (node.nodeType === Node.TEXT_NODE) yield node as Text;
}

/** Every form control under `root` that shows typed text or a placeholder. */
function* textControls(root: Node): Generator<HTMLTextAreaElement | HTMLInputElement> {
  for (const node of composedDescendants(root)) if (node instanceof HTMLTextAreaElement || node instanceof HTMLInputElement) yield node;
}

const NOT_DRAWN = new Set(['style', 'script', 'template', 'noscript', 'title', 'desc', 'canvas']);

/** Why a text is not checked, or undefined when it is drawn and must be readable. */
function skipReason(text: Node, el: Element): string | undefined {
  if (!(text.textContent ?? '').trim()) return 'blank';
  const range = document.createRange();
  range.selectNodeContents(text);
  const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
  if (rects.length === 0 || rects.every((r) => r.width * r.height <= 1)) return 'zero size';
  if (getComputedStyle(el).visibility !== 'visible') return 'hidden';
  for (const node of composedAncestors(el)) {
    if (NOT_DRAWN.has(node.localName)) return `inside <${node.localName}>`;
    if (node.classList.contains('leaflet-tile-pane')) return 'map tiles';
    if (node.matches(':disabled')) return 'disabled control';
    const style = getComputedStyle(node);
    const box = node.getBoundingClientRect();
    if (style.clipPath === 'inset(50%)' || /^rect\(0px,? 0px,? 0px,? 0px\)$/.test(style.clip)) return 'visually hidden';
    if (style.overflow !== 'visible' && box.width <= 1 && box.height <= 1) return 'visually hidden';
    if (+style.opacity === 0) return 'transparent';
  }
  return undefined;
}

/** The opaque colour behind `el`, and how much the opacity of its ancestors fades what it draws. */
function backdrop(el: Element): {background: Rgba; fade: number} {
  const layers: Rgba[] = [];
  let fade = 1;
  for (const node of composedAncestors(el)) {
    const style = getComputedStyle(node);
    const background = parseColor(style.backgroundColor);
    if (background.a > 0) layers.push(background);
    if (background.a >= 1) break;
    fade *= +style.opacity;
  }
  if (!layers.length || layers.at(-1)!.a < 1) layers.push(pageBackground());
  return {background: layers.reduceRight((below, layer) => over(layer, below)), fade};
}

function pageBackground(): Rgba {
  for (const el of [document.body, document.documentElement]) {
    const background = parseColor(getComputedStyle(el).backgroundColor);
    if (background.a >= 1) return background;
  }
  return {r: 255, g: 255, b: 255, a: 1};
}

/** True for large text in WCAG's sense: 24px, or 18.66px and bold. */
function isLarge(style: CSSStyleDeclaration): boolean {
  const size = parseFloat(style.fontSize);
  return size >= 24 || (size >= 18.66 && parseInt(style.fontWeight, 10) >= 700);
}

/** A short path to an element: its shadow hosts, then itself with its classes. */
function describeElement(el: Element): string {
  const name = (e: Element) => `${e.localName}${[...e.classList].map((c) => `.${c}`).join('')}`;
  const hosts: string[] = [];
  for (let root = el.getRootNode(); root instanceof ShadowRoot; root = root.host.getRootNode()) hosts.unshift(root.host.localName);
  return [...hosts, name(el)].join(' › ');
}

/** The element whose shadow root holds `el` (the transcript, a widget, ...). */
const hostOf = (el: Element) => ((el.getRootNode() as ShadowRoot).host?.localName ?? 'page');

/** What {@link offenders} checked: the elements whose texts it read, and the texts below their contrast. */
interface Findings {
  checkedIn: Set<string>;
  found: string[];
}

/** Every drawn text under `root` against its background; one line per text below its required contrast. */
function offenders(root: Element): Findings {
  const found: string[] = [];
  const checkedIn = new Set<string>();
  const check = (el: Element, text: string, color: string, what = '') => {
    checkedIn.add(hostOf(el));
    const style = getComputedStyle(el);
    const {background, fade} = backdrop(el);
    const fg = parseColor(color);
    const drawn = over({...fg, a: fg.a * fade}, background);
    const ratio = contrast(drawn, background);
    const needed = isLarge(style) ? 3 : 4.5;
    if (ratio < needed) {
      const shown = text.trim().replace(/\s+/g, ' ').slice(0, 40);
      found.push(`${describeElement(el)}${what} "${shown}": ${show({...fg, a: fg.a * fade})} on ${show(background)} = ${ratio.toFixed(2)} (needs ${needed})`);
    }
  };
  for (const text of textNodes(root)) {
    const el = text.parentElement ?? (text.getRootNode() as ShadowRoot).host;
    if (!el || skipReason(text, el)) continue;
    check(el, text.textContent!, getComputedStyle(el).color);
  }
  for (const control of textControls(root)) {
    if (control.type === 'hidden' || control.getClientRects().length === 0) continue;
    if (control.value) check(control, control.value, getComputedStyle(control).color);
    else if (control.placeholder) check(control, control.placeholder, getComputedStyle(control, '::placeholder').color, '::placeholder');
  }
  // Chart.js draws its texts (title, ticks, legend) in the canvas, in the colour it was given.
  for (const node of composedDescendants(root)) {
    if (!(node instanceof HTMLElement) || node.localName !== 'autoui-chart') continue;
    const chart = (node as HTMLElement & {chart?: {options: {color?: unknown}}}).chart;
    const canvas = node.shadowRoot!.querySelector('canvas')!;
    const color = String(chart?.options.color);
    if (parseColor(color).a === 0 || hex(parseColor(color)) !== hex(parseColor(getComputedStyle(node).color))) {
      found.push(`${describeElement(canvas)} chart.js text colour ${color} is not the element's text colour ${getComputedStyle(node).color}`);
    }
    check(canvas, 'chart.js texts', color);
  }
  return {checkedIn, found: [...new Set(found)]};
}

// --- the scene -----------------------------------------------------------------------------

/** An agent showing everything that has its own colours: see the file's comment. */
async function everythingShown(): Promise<AutouiAgent> {
  const scenario = await createScenario([
    {
      match: {lastUserIncludes: 'everything'},
      text: 'Here is everything.',
      // The first call has no `value`: a failed call, shown as a red pill.
      toolCalls: [display('stat', {label: 'No value'}), ...everyWidget()],
    },
    {match: {lastToolResultIncludes: '"widget"'}, text: 'All shown.'},
    {match: {lastUserIncludes: 'hang'}, text: 'Looking into it', fault: {stall: true}},
  ]);
  // A server that is down: an error notice, and an error line in the console.
  const agent = await mountAgent(scenario, {attributes: {lang: 'en', debug: true}, servers: [{name: 'down', url: 'http://127.0.0.1:9/mcp'}]});
  const log = new EventLog(agent);
  await log.next('autoui-server-error');
  await agent.ask('Show everything');
  await settle(agent);
  return agent;
}

/** Opens every line of consecutive tool calls, so their pills are checked too (the line's button is, open or closed). */
async function openToolGroups(agent: AutouiAgent) {
  for (const toggle of ui(agent).root.querySelector('autoui-transcript')!.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="tool-group-toggle"]')) toggle.click();
  await settle(agent);
}

/** Opens every `<details>` of the console, so the arguments and results it holds are checked too. */
function openConsole(agent: AutouiAgent) {
  for (const details of ui(agent).console()?.querySelectorAll('details') ?? []) details.open = true;
}

for (const scheme of ['light', 'dark'] as const) {
  describe(`<autoui-agent> contrast, prefers-color-scheme: ${scheme}`, () => {
    before(async () => {
      await emulateMedia({colorScheme: scheme});
      document.body.style.background = scheme === 'dark' ? '#000' : '#fff';
    });
    after(async () => {
      await emulateMedia({colorScheme: 'light'});
      document.body.style.background = '';
    });

    it('every text meets WCAG AA: conversation, pills, notices, composer (Send and Stop), console and every widget', async function () {
      this.timeout(40_000);
      expect(matchMedia(`(prefers-color-scheme: ${scheme})`).matches, 'the scheme is emulated').to.be.true;
      const agent = await everythingShown();
      const view = ui(agent);
      expect(view.questions()).to.have.length(1);
      expect(view.answers().length).to.be.at.least(1);
      expect(view.pills().filter((p) => p.includes('✗')), 'a failed call, in view in its closed group').to.have.length(1);
      await openToolGroups(agent);
      expect(view.pills().filter((p) => p.includes('✓')).length, 'successful calls').to.be.at.least(1);
      expect(view.widgets().every((w) => w.element), 'every widget rendered').to.be.true;
      await Promise.all(view.widgets().map((w) => (w.element as HTMLElement & {updateComplete: Promise<unknown>}).updateComplete));
      expect(new Set(view.widgets().map((w) => w.element!.localName)).size, 'every widget type').to.equal(createDefaultRegistry().list().length);
      openConsole(agent);

      // The Stop state: a run that hangs, with an empty text box (its placeholder shows).
      const running = new EventLog(agent);
      const run = agent.ask('Please hang');
      await running.next('autoui-text');
      await settle(agent);
      expect(view.stopButton(), 'the composer shows Stop').to.exist;
      const whileRunning = offenders(agent);

      // The Send state, enabled: a stopped run (an info notice) and a question being typed.
      agent.abort();
      expect((await run).stopReason).to.equal('aborted');
      await settle(agent);
      const box = view.textarea()!;
      box.value = 'A new question';
      box.dispatchEvent(new Event('input'));
      await settle(agent);
      await waitUntil(() => view.sendButton() && !view.sendButton()!.disabled, 'Send is enabled');
      expect(view.notices()).to.include('Stopped.');
      expect(view.root.querySelector('autoui-transcript')!.shadowRoot!.querySelector('.notice.error'), 'an error notice').to.exist;
      openConsole(agent);
      const afterStop = offenders(agent);

      const checkedIn = new Set([...whileRunning.checkedIn, ...afterStop.checkedIn]);
      const expected = ['autoui-transcript', 'autoui-composer', 'autoui-console', 'autoui-canvas', ...createDefaultRegistry().list().map((d) => d.tagName)];
      expect([...new Set([...whileRunning.found, ...afterStop.found])], `texts below WCAG AA in ${scheme}`).to.deep.equal([]);
      expect(expected.filter((tag) => !checkedIn.has(tag)), 'elements whose texts were not found').to.deep.equal([]);
      // axe as a second opinion, every rule on: this crowded scene (several widgets of one type,
      // opened console details that scroll) is also where duplicate labels and unfocusable scroll
      // boxes would show.
      await expect(agent).to.be.accessible();
    });

    it('the page’s --autoui-* tokens on the element win over both schemes’ defaults, down to the widgets', async () => {
      const scenario = await createScenario([
        {toolCalls: [display('stat', {label: 'Themed', value: 1}), display('alert', {variant: 'success', message: 'Themed'})]},
        {text: 'Done.'},
      ]);
      const agent = await mountAgent(scenario, {attributes: {lang: 'en'}});
      const page = {surface: 'rgb(250, 240, 230)', 'on-surface': 'rgb(10, 20, 30)', accent: 'rgb(120, 0, 60)', border: 'rgb(1, 2, 3)', success: 'rgb(0, 90, 0)'};
      for (const [name, value] of Object.entries(page)) agent.style.setProperty(`--autoui-color-${name}`, value);
      await agent.ask('Show it');
      await settle(agent);
      const [stat, alert] = ui(agent).widgets();
      const style = (el: Element | null | undefined) => getComputedStyle(el!);
      expect(style(agent).backgroundColor, 'agent surface').to.equal(page.surface);
      expect(style(stat.frame).backgroundColor, 'canvas item surface').to.equal(page.surface);
      expect(style(stat.frame).borderTopColor, 'canvas item border').to.equal(page.border);
      expect(style(stat.element).color, 'widget text').to.equal(page['on-surface']);
      expect(style(stat.element!.shadowRoot!.querySelector('.value')).color, 'stat value').to.equal(page.accent);
      expect(style(alert.element!.shadowRoot!.querySelector('.icon')).color, 'alert tone').to.equal(page.success);
      expect(style(ui(agent).sendButton()).backgroundColor, 'Send').to.equal(page.accent);
      expect(style(ui(agent).textarea()).color, 'text box').to.equal(page['on-surface']);
    });
  });
}
