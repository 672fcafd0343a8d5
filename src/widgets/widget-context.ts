/**
 * What widgets need from their `<autoui-agent>`, carried down through the canvas by
 * `@lit/context` so no widget reads globals or walks up the DOM: the environment, and the MCP App
 * host the views ask things of. The element makes one environment object per real change
 * (language, direction, image hosts), never one per render: a new object re-renders every widget,
 * and text streams in hundreds of renders.
 */
import {createContext} from '@lit/context';
import type {UiLanguage} from '../policy/language.js';
import type {McpAppHost} from '../schema/mcp-app-view.js';

export type {McpAppHost} from '../schema/mcp-app-view.js';

/** Environment shared by every widget of one agent element. */
export interface WidgetEnvironment {
  /** What `Intl` formats numbers and dates in (BCP 47, `policy/language.ts`). */
  locale: string;
  /** The language of the texts widgets write themselves (buttons, labels). */
  language: UiLanguage;
  /** Text direction of the element. */
  dir: 'ltr' | 'rtl';
  /**
   * Hosts images may be loaded from (the page's `image-hosts`, else its MCP servers' hosts: an
   * image URL in data must not call an unknown server); others are shown behind a click.
   */
  imageHosts: readonly string[];
}

/** Default environment when no agent element provides one (a widget used on its own). */
export const defaultWidgetEnvironment: WidgetEnvironment = {locale: 'en', language: 'en', dir: 'ltr', imageHosts: []};

/** The context key widgets consume. */
export const widgetEnvironmentContext = createContext<WidgetEnvironment>(Symbol('autoui-widget-environment'));

/** The context key through which the agent lends its MCP App host (the session's side of views: servers, approvals, questions) to its views. */
export const mcpAppHostContext = createContext<McpAppHost | undefined>(Symbol('autoui-mcp-app-host'));
