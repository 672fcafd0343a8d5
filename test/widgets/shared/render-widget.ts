/**
 * Renders one widget element the way the canvas does, without the canvas: the definition's
 * element is loaded, given its params, and connected under a node that provides the widget
 * environment through `@lit/context`.
 */
import {fixture, html} from '@open-wc/testing';
import {ContextProvider} from '@lit/context';
import {defaultWidgetEnvironment, widgetEnvironmentContext, type WidgetEnvironment} from '../../../src/widgets/widget-context.js';
import type {WidgetDefinition} from '../../../src/widgets/widget-definition.js';
import {settled} from './dom.js';

/** A rendered widget and the provider around it (change `provider.setValue` to switch language). */
export interface RenderedWidget<E extends HTMLElement = HTMLElement> {
  element: E & {params: unknown};
  host: HTMLElement;
  provider: ContextProvider<typeof widgetEnvironmentContext>;
}

/** Loads, creates and renders `definition`'s element with `params` in `environment`. */
export async function renderWidget<E extends HTMLElement = HTMLElement, P = unknown>(
  definition: WidgetDefinition<P>,
  params: unknown,
  environment: Partial<WidgetEnvironment> = {},
): Promise<RenderedWidget<E>> {
  await definition.load();
  const host = await fixture<HTMLDivElement>(html`<div style="width: 640px"></div>`);
  const env = {...defaultWidgetEnvironment, ...environment};
  if (env.dir === 'rtl') host.dir = 'rtl';
  const provider = new ContextProvider(host, {context: widgetEnvironmentContext, initialValue: env});
  const element = document.createElement(definition.tagName) as E & {params: unknown};
  element.params = params;
  host.append(element);
  await settled(element);
  return {element, host, provider};
}
