/**
 * The one sheet of design tokens every element of the package includes first in its `static
 * styles`: the agent's frame, composer, transcript, console, the canvas and every widget.
 *
 * Why one sheet: when each element carried its own literal fallbacks, they drifted apart (two
 * accents, two dark text colours) and light fallbacks showed up in dark mode, with light text on
 * a light bubble. Here every default is written once, for light and for dark
 * (`prefers-color-scheme`), and chosen so that every text the package draws meets WCAG AA on the
 * backgrounds it is drawn on (test/element/contrast.test.ts checks it in both schemes).
 *
 * How it works: a page themes the element with the public `--autoui-*` custom properties on
 * `<autoui-agent>`; they inherit through every shadow root. This sheet never declares a public
 * name (a `:host` rule of a nested element that did would hide the page's value from everything
 * below it): it resolves each one into a private `--_color-*` / `--_*` name on `:host`, the page's
 * value if set, else the default of the current scheme. Styles read only the private names.
 *
 * `--autoui-color-on-accent` is the text on both filled buttons: the accent one (Send) and the
 * danger one (Stop).
 */
import {css} from 'lit';

/** The tokens: private resolved names on `:host`, light defaults, then dark ones. */
export const tokens = css`
  :host {
    --_color-surface: var(--autoui-color-surface, #ffffff);
    --_color-on-surface: var(--autoui-color-on-surface, #1f2937);
    --_color-muted: var(--autoui-color-muted, #4b5563);
    --_color-accent: var(--autoui-color-accent, #1d4ed8);
    --_color-on-accent: var(--autoui-color-on-accent, #ffffff);
    --_color-accent-soft: var(--autoui-color-accent-soft, #dbeafe);
    --_color-border: var(--autoui-color-border, #d1d5db);
    --_color-subtle: var(--autoui-color-subtle, rgba(127, 127, 127, 0.12));
    --_color-surface-variant: var(--autoui-color-surface-variant, #f3f4f6);
    --_color-success: var(--autoui-color-success, #047857);
    --_color-warning: var(--autoui-color-warning, #92400e);
    --_color-danger: var(--autoui-color-danger, #b91c1c);
    --_radius: var(--autoui-radius, 0.5rem);
    --_space-s: var(--autoui-space-s, 0.5rem);
    --_space-m: var(--autoui-space-m, 0.75rem);
    --_font-family: var(--autoui-font-family, system-ui, sans-serif);
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_color-surface: var(--autoui-color-surface, #111827);
      --_color-on-surface: var(--autoui-color-on-surface, #f3f4f6);
      --_color-muted: var(--autoui-color-muted, #9ca3af);
      --_color-accent: var(--autoui-color-accent, #93c5fd);
      --_color-on-accent: var(--autoui-color-on-accent, #111827);
      --_color-accent-soft: var(--autoui-color-accent-soft, #1e3a8a);
      --_color-border: var(--autoui-color-border, #374151);
      --_color-subtle: var(--autoui-color-subtle, rgba(127, 127, 127, 0.12));
      --_color-surface-variant: var(--autoui-color-surface-variant, #1f2937);
      --_color-success: var(--autoui-color-success, #4ade80);
      --_color-warning: var(--autoui-color-warning, #facc15);
      --_color-danger: var(--autoui-color-danger, #f87171);
    }
  }
`;
