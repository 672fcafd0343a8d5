/**
 * What widgets need from their `<autoui-agent>`, carried down through the canvas by
 * `@lit/context` so no widget reads globals or walks up the DOM (design.md section 3).
 */
import {createContext} from '@lit/context';

/** Environment shared by every widget of one agent element. */
export interface WidgetEnvironment {
  /** BCP 47 language of the element (`fr`, `en`, ...): used for `Intl` formatting and texts. */
  lang: string;
  /** Text direction of the element. */
  dir: 'ltr' | 'rtl';
  /** Hosts images may be loaded from (design.md section 8); others are shown behind a click. */
  imageHosts: readonly string[];
}

/** Default environment when no agent element provides one (a widget used on its own). */
export const defaultWidgetEnvironment: WidgetEnvironment = {lang: 'en', dir: 'ltr', imageHosts: []};

/** The context key widgets consume. */
export const widgetEnvironmentContext = createContext<WidgetEnvironment>(Symbol('autoui-widget-environment'));
