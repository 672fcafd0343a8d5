/**
 * The input a text or number field of an elicitation card (`elicitation-card.ts`) is typed in:
 * its type, its on-screen keyboard and whether the browser may offer saved entries.
 */
import type {ElicitationField} from '../../mcp/elicitation-form.js';

/** The input a text or number field is typed in. */
export function inputKind(field: Extract<ElicitationField, {kind: 'text' | 'number'}>): {type: string; inputmode?: string; autocomplete: string} {
  // Numbers are typed as text: a number input empties what it cannot parse ("3,5" on some
  // keyboards), and the person would be told the field is empty instead of what to fix.
  if (field.kind === 'number') return {type: 'text', inputmode: field.constraints.integer ? 'numeric' : 'decimal', autocomplete: 'off'};
  switch (field.constraints.format) {
    case 'email':
      return {type: 'email', autocomplete: 'email'};
    case 'uri':
      return {type: 'url', autocomplete: 'url'};
    case 'date':
      return {type: 'date', autocomplete: 'off'};
    case 'date-time':
      return {type: 'datetime-local', autocomplete: 'off'};
    default:
      // A server's form is not the page's: the browser's saved entries for this page do not belong in it.
      return {type: 'text', autocomplete: 'off'};
  }
}
