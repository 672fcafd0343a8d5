/**
 * The host context a view is given (MCP Apps `HostContext`): our design tokens mapped to the
 * spec's standard CSS variables, the theme they make (light or dark, read from the surface colour
 * the page set, else the system's scheme), the locale, the time zone, the display modes and the
 * container's size (a fixed width, a height the view chooses up to a bound).
 */

/** The display modes this host offers. */
export type DisplayMode = 'inline' | 'fullscreen';

/**
 * The host context as we send it: the part of the spec's `HostContext` we fill. Written here
 * rather than taken from the MCP Apps SDK's types, which the package's published types must not
 * name (the SDK is bundled, not a dependency an app installs).
 */
export interface ViewHostContext {
  toolInfo: {tool: {name: string; inputSchema: {type: 'object'}}};
  theme: 'light' | 'dark';
  styles: {variables: Record<string, string>};
  displayMode: DisplayMode;
  availableDisplayModes: DisplayMode[];
  containerDimensions: {width: number; height: number} | {width: number; maxHeight: number};
  locale: string;
  timeZone: string;
  platform: 'web';
  userAgent: string;
  deviceCapabilities: {touch: boolean; hover: boolean};
}

/** Our resolved tokens (`--_*`, see styles/tokens.ts) by the spec's variable names. */
const VARIABLES: Record<string, string> = {
  '--color-background-primary': '--_color-surface',
  '--color-background-secondary': '--_color-surface-variant',
  '--color-background-info': '--_color-accent-soft',
  '--color-text-primary': '--_color-on-surface',
  '--color-text-secondary': '--_color-muted',
  '--color-text-info': '--_color-accent',
  '--color-text-danger': '--_color-danger',
  '--color-text-success': '--_color-success',
  '--color-text-warning': '--_color-warning',
  '--color-text-inverse': '--_color-on-accent',
  '--color-background-inverse': '--_color-accent',
  '--color-border-primary': '--_color-border',
  '--color-ring-primary': '--_color-accent',
  '--font-sans': '--_font-family',
  '--border-radius-md': '--_radius',
};

/** The height a view may grow to, told to it as `maxHeight`. */
export const MAX_VIEW_HEIGHT = 4000;

/** Relative luminance of a CSS colour written as `#rgb`, `#rrggbb` or `rgb(...)`; undefined for anything else. */
export function luminance(color: string): number | undefined {
  const value = color.trim().toLowerCase();
  let rgb: number[] | undefined;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1];
  if (hex) rgb = (hex.length === 3 ? [...hex].map((c) => c + c) : [hex.slice(0, 2), hex.slice(2, 4), hex.slice(4, 6)]).map((h) => parseInt(h, 16));
  const fn = /^rgba?\(([^)]+)\)$/.exec(value)?.[1];
  if (fn) rgb = fn.split(/[\s,/]+/).slice(0, 3).map(Number);
  if (!rgb || rgb.some((n) => !Number.isFinite(n))) return undefined;
  const [r, g, b] = rgb.map((n) => {
    const c = n / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** What the context says besides the element's styles. */
export interface HostContextInput {
  tool: string;
  locale: string;
  mode: DisplayMode;
  /** The widget's width, CSS pixels. */
  width: number;
}

/** The context of the view inside `element` (a widget element, whose styles resolve the tokens). */
export function hostContextOf(element: Element, input: HostContextInput): ViewHostContext {
  const style = getComputedStyle(element);
  const variables: Record<string, string> = {};
  for (const [name, token] of Object.entries(VARIABLES)) {
    const value = style.getPropertyValue(token).trim();
    if (value) variables[name] = value;
  }
  const surface = luminance(variables['--color-background-primary'] ?? '');
  const dark = surface !== undefined ? surface < 0.4 : matchMedia('(prefers-color-scheme: dark)').matches;
  const fullscreen = input.mode === 'fullscreen';
  return {
    toolInfo: {tool: {name: input.tool, inputSchema: {type: 'object'}}},
    theme: dark ? 'dark' : 'light',
    styles: {variables},
    displayMode: input.mode,
    availableDisplayModes: ['inline', 'fullscreen'],
    containerDimensions: fullscreen ? {width: innerWidth, height: innerHeight} : {width: Math.max(0, input.width), maxHeight: MAX_VIEW_HEIGHT},
    locale: input.locale,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    platform: 'web',
    userAgent: 'autoui-agent',
    deviceCapabilities: {touch: matchMedia('(pointer: coarse)').matches, hover: matchMedia('(hover: hover)').matches},
  };
}
