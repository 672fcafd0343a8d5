/**
 * The behaviour every widget shares, written once so every widget is held to the same checks, and
 * run once per widget type:
 * `runWidgetBaseTests(statWidget, {parts: ['body', 'value']})` inside a widget's own test file.
 *
 * - its recipe has frontmatter naming the widget and an example call valid against the schema;
 * - the example renders: the element appears with visible content;
 * - an invalid example is rejected with a path in the error;
 * - hostile strings (`<img onerror>` in every string field, `javascript:` in every URL-like
 *   field) and a 1 MB label render as inert text: no image, no script, no `javascript:` link;
 * - axe finds no violation;
 * - the documented parts exist.
 */
import {expect} from '@open-wc/testing';
import {recipeExample, parseRecipe} from '../../../src/webmcp/recipe.js';
import type {WidgetDefinition} from '../../../src/widgets/widget-definition.js';
import type {WidgetEnvironment} from '../../../src/widgets/widget-context.js';
import {deepQueryAll, deepText} from './dom.js';
import {IMG_PAYLOAD, hostileParams, isUrlLike, setAt, stringLeaves} from './hostile.js';
import {renderWidget} from './render-widget.js';

/** Options of {@link runWidgetBaseTests}. */
export interface WidgetBaseTestOptions {
  /** Parts (the `@csspart` names of the class JSDoc) that must exist when the example renders. */
  parts?: string[];
  /** Params to use instead of the recipe's first example. */
  example?: Record<string, unknown>;
  /** An invalid params value and the error path it must produce (default: drop the first required property). */
  invalid?: {params: unknown; path: string};
  /** Environment of the render (e.g. `imageHosts` for images in the example). */
  environment?: Partial<WidgetEnvironment>;
  /** Waits for work a widget does after its first render (e.g. a chart drawing). */
  ready?: (element: HTMLElement) => Promise<void>;
  /**
   * Set when the widget draws its strings where DOM text cannot show them (a canvas, a map
   * popup): the hostile test then checks only that nothing ran, not that the text is visible.
   */
  hostileTextHidden?: boolean;
  /** axe rules to leave out, each with a reason in the calling test. */
  axeIgnoredRules?: string[];
}

const LABEL_BYTES = 1 << 20;

declare global {
  interface Window {
    __pwned?: unknown;
  }
}

/** Asserts nothing under `element` can run script or load an unexpected image. */
function expectInert(element: HTMLElement): void {
  const images = deepQueryAll<HTMLImageElement>(element, 'img');
  for (const img of images) expect(img.getAttribute('src') ?? '', 'an <img> came from data').to.match(/^https?:/i);
  expect(deepQueryAll(element, '[onerror], [onload], [onclick], script, iframe, object, embed'), 'active markup').to.have.length(0);
  for (const el of deepQueryAll(element, '[href], [src], [action], [formaction], [xlink\\:href]')) {
    for (const attr of ['href', 'src', 'action', 'formaction', 'xlink:href']) {
      expect(el.getAttribute(attr) ?? '', `${attr} of <${el.localName}>`).not.to.match(/^\s*(javascript|data|vbscript):/i);
    }
  }
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Registers the shared tests for `definition` (call inside a test file, at the top level or in a describe). */
export function runWidgetBaseTests<P>(definition: WidgetDefinition<P>, options: WidgetBaseTestOptions = {}): void {
  const example = () => {
    const params = options.example ?? recipeExample(definition.recipe)?.params;
    if (!params) throw new Error(`${definition.type}: its recipe has no widget_display example in a \`\`\`json fence`);
    return structuredClone(params);
  };
  const render = async (params: unknown) => {
    const rendered = await renderWidget(definition, params, options.environment);
    await options.ready?.(rendered.element);
    return rendered.element;
  };

  describe(`${definition.type} (shared widget behaviour)`, () => {
    afterEach(() => {
      delete window.__pwned;
    });

    it('has a recipe with frontmatter and a valid widget_display example', () => {
      const recipe = parseRecipe(definition.recipe);
      expect(recipe.widget, 'frontmatter `widget`').to.equal(definition.type);
      expect(recipe.description, 'frontmatter `description`').to.not.equal('');
      expect(recipe.when, 'frontmatter `when`').to.not.equal('');
      const call = recipeExample(definition.recipe);
      expect(call, 'example call').to.exist;
      expect(call!.name).to.equal(definition.type);
      const result = definition.validator.validate(call!.params);
      expect(result.valid, JSON.stringify(!result.valid && result.errors)).to.equal(true);
      expect(definition.description).to.be.a('string').and.not.equal('');
    });

    it('renders its example with visible content', async () => {
      const element = await render(example());
      expect(element.isConnected).to.equal(true);
      expect(element.shadowRoot, 'a shadow root').to.exist;
      const visible = deepText(element).trim().length > 0 || deepQueryAll(element, 'canvas, svg, img, button').length > 0;
      expect(visible, 'rendered something').to.equal(true);
      expect(element.getBoundingClientRect().height).to.be.greaterThan(0);
    });

    it('rejects an invalid example with a path in the error', () => {
      const required = (definition.schema.required as string[] | undefined) ?? [];
      let invalid = options.invalid;
      if (!invalid) {
        if (!required.length) throw new Error(`${definition.type}: no required property to drop; pass options.invalid`);
        const params = example();
        delete params[required[0]];
        invalid = {params, path: `/${required[0]}`};
      }
      const result = definition.validator.validate(invalid.params);
      expect(result.valid).to.equal(false);
      if (result.valid) return;
      expect(result.errors.map((e) => e.path)).to.include(invalid.path);
      for (const e of result.errors) expect(e.message).to.be.a('string').and.not.equal('');
    });

    it('renders hostile strings as inert text', async () => {
      const {params, replaced} = hostileParams(example(), definition.validator);
      expect(replaced.length, 'string fields that accept hostile text').to.be.greaterThan(0);
      const element = await render(params);
      await tick(50); // an <img onerror> would fire after its failed load
      expect(window.__pwned, 'script ran').to.equal(undefined);
      expectInert(element);
      if (!options.hostileTextHidden) expect(deepText(element)).to.contain(IMG_PAYLOAD.slice(0, 12));
    });

    it('renders a 1 MB label without breaking', async () => {
      const label = `${'L'.repeat(LABEL_BYTES)}${IMG_PAYLOAD}`;
      const base = example();
      // The first text field that accepts it; a schema that caps every length must refuse it cleanly.
      let accepted: Record<string, unknown> | undefined;
      for (const leaf of stringLeaves(base).filter((l) => !isUrlLike(l.path, l.value))) {
        const candidate = structuredClone(base);
        setAt(candidate, leaf.path, label);
        const result = definition.validator.validate(candidate);
        if (result.valid) {
          accepted = candidate;
          break;
        }
        expect(result.errors[0].path, 'refused with a path').to.be.a('string');
      }
      if (!accepted) return;
      const element = await render(accepted);
      expect(element.shadowRoot!.childNodes.length).to.be.greaterThan(0);
      await tick(50);
      expect(window.__pwned, 'script ran').to.equal(undefined);
      expectInert(element);
    });

    it('passes an axe check', async () => {
      const element = await render(example());
      await expect(element).to.be.accessible({ignoredRules: options.axeIgnoredRules ?? []});
    });

    it('exposes its documented parts', async () => {
      const element = await render(example());
      const names = new Set(
        Array.from(element.shadowRoot!.querySelectorAll('[part]')).flatMap((el) => el.getAttribute('part')!.split(/\s+/)),
      );
      expect(names.size, 'at least one part').to.be.greaterThan(0);
      for (const part of options.parts ?? []) expect([...names], `part "${part}"`).to.include(part);
    });
  });
}
