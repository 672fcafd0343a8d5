/**
 * The visual properties the `canvas` tool's `style` action may set on a widget: a short allow-list,
 * since the model chooses the values, with those values checked: colours, an opacity, a font size and a padding. No `url()`, no `var()`, no
 * `expression()`, nothing that could load a resource or break out of the declaration.
 */

/** Allowed properties, in CSS (kebab-case) spelling. */
export const STYLE_PROPERTIES = ['background', 'color', 'border-color', 'opacity', 'font-size', 'padding'] as const;

const COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|(rgb|rgba|hsl|hsla)\(\s*[0-9.,%\s/-]{1,60}\))$/i;
const LENGTH = /^(0|\d{1,3}(\.\d{1,3})?(px|rem|em|%))$/;

const CHECKS: Record<(typeof STYLE_PROPERTIES)[number], (v: string) => boolean> = {
  background: (v) => COLOR.test(v),
  color: (v) => COLOR.test(v),
  'border-color': (v) => COLOR.test(v),
  opacity: (v) => /^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(v),
  'font-size': (v) => LENGTH.test(v) && parseFloat(v) <= 96,
  padding: (v) => v.split(/\s+/).length <= 4 && v.split(/\s+/).every((p) => LENGTH.test(p) && parseFloat(p) <= 200),
};

/** What {@link checkStyles} accepted and refused. */
export interface StyleCheck {
  styles: Record<string, string>;
  refused: Array<{property: string; reason: string}>;
}

/**
 * Keeps the allowed, well-formed declarations of `input` (camelCase keys are accepted:
 * `borderColor`). An empty string or null value clears a property.
 */
export function checkStyles(input: Record<string, unknown>): StyleCheck {
  const styles: Record<string, string> = {};
  const refused: StyleCheck['refused'] = [];
  for (const [key, raw] of Object.entries(input)) {
    const property = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).toLowerCase() as (typeof STYLE_PROPERTIES)[number];
    if (!(STYLE_PROPERTIES as readonly string[]).includes(property)) {
      refused.push({property: key, reason: `not allowed; allowed: ${STYLE_PROPERTIES.join(', ')}`});
      continue;
    }
    if (raw === null || raw === '') {
      styles[property] = '';
      continue;
    }
    // A bare number for a length means pixels, as in the DOM's style API.
    const unit = typeof raw === 'number' && (property === 'font-size' || property === 'padding') && raw !== 0 ? 'px' : '';
    const value = typeof raw === 'number' ? `${raw}${unit}` : typeof raw === 'string' ? raw.trim() : '';
    if (!value || !CHECKS[property](value)) refused.push({property, reason: `invalid value ${JSON.stringify(raw)}`});
    else styles[property] = value;
  }
  return {styles, refused};
}
